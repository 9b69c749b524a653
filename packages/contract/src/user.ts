import { z } from 'zod';
import { LANGUAGES } from './locales.ts';
import { ROLES } from './statuses.ts';

/** GET api/user/extended-details (SPEC §3 "User"). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof UserSchema>;

/** GET api/user/authorities. */
export const AuthoritiesSchema = z.array(z.string());
