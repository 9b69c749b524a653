import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';

/** What the callback needs to check the provider's answer belongs to the sign-in this browser started. */
export interface SsoFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Long enough to type a password and a second factor at the provider; a later answer is refused. */
const FLOW_SECONDS = 10 * 60;

// __Host- in production, as the session cookie (plugins/session.ts): no sub-domain can plant a flow of its own.
const name = (env: Env) => (env.NODE_ENV === 'production' ? '__Host-care_sso' : 'care_sso');
const options = (env: Env) => ({
  path: '/',
  httpOnly: true,
  // Lax: the provider's redirect back is a top-level navigation from another site, which Lax lets through.
  sameSite: 'lax' as const,
  secure: env.NODE_ENV === 'production',
});

/**
 * The flow lives in the browser, not in the database, so that any instance can take the callback and an
 * abandoned sign-in leaves nothing behind. The values are random and single-use; the code verifier is worthless
 * without the code only the provider's redirect carries.
 */
export function setFlowCookie(env: Env, reply: FastifyReply, flow: SsoFlow): void {
  const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
  reply.setCookie(name(env), value, { ...options(env), maxAge: FLOW_SECONDS });
}

/** The flow this browser started (and its cookie cleared: one answer per flow), or null. */
export function takeFlowCookie(env: Env, request: FastifyRequest, reply: FastifyReply): SsoFlow | null {
  const raw = request.cookies[name(env)];
  reply.clearCookie(name(env), options(env));
  if (!raw) return null;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<SsoFlow>;
    const ok = [flow.state, flow.nonce, flow.codeVerifier].every(
      (v) => typeof v === 'string' && v.length > 0,
    );
    return ok ? (flow as SsoFlow) : null;
  } catch {
    return null;
  }
}
