import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';

/** The kinds of device a browser's user agent names (bowser's platform types); null when it names none. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'bot'] as const;

/** One signed-in session of the user (GET api/user/sessions): where and when, never its token. */
export const SessionSchema = z.object({
  id: z.string(),
  /** Browser and system read from the user agent ("Chrome 142", "Android 15"); null when it tells nothing. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  /** The client's address as the server saw it (proxy-aware per TRUST_PROXY): the "place" of the session. */
  ip: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  /** The session of the request that asked: the device in the user's hand. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** GET api/user/sessions: the valid sessions, the current first, then the most recently used. */
export const SessionListSchema = z.array(SessionSchema);

/** POST api/user/sessions/end-others and DELETE api/user/sessions/{id}: how many sessions ended. */
export const SessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() });

/** Everyone's own sessions (ASVS 7.5.2): see where the account is signed in, end any other or all others. */
export const sessionEndpoints = endpoints('user', {
  list: {
    method: 'GET',
    path: '/api/user/sessions',
    summary: "The signed-in user's active sessions (device, address, sign-in and last use)",
    access: 'signed-in',
    responses: { 200: SessionListSchema },
  },
  end: {
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    summary: 'End one other session of the signed-in user (another user’s session: 404)',
    access: 'signed-in',
    params: IdParams,
    responses: { 200: SessionsEndedSchema },
    errors: [409],
  },
  endOthers: {
    method: 'POST',
    path: '/api/user/sessions/end-others',
    summary: 'End every session of the signed-in user except this one',
    access: 'signed-in',
    responses: { 200: SessionsEndedSchema },
  },
});
