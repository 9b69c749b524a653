import { mfaEndpoints } from '@care/contract/mfa';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { perAccountFailures, perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { endSessionByToken, sessionToken, startSession } from '#app/plugins/session.ts';
import { accountOf } from './guards.ts';
import { passkeyAuthenticationOptions } from './passkeys.service.ts';
import { completeSecondFactor, passkeySignIn, secondFactorOptions } from './second-factor.service.ts';

/** Sign-in with a passkey, and the second step after the password (docs/decisions/049). */
export const mfaAuthRoutes: FastifyPluginAsync<{ env: Env; db: Db }> = async (app, { env, db }) => {
  // Failed attempts per account: guessing TOTP or recovery codes through a session that has the password.
  const attempts = perAccountFailures(db, 'second-factor', RATE_LIMITS.secondFactorPerAccount, (request) =>
    String(accountOf(request).actor.id),
  );
  const signInLimit = () => ({ config: { rateLimit: perIp('sign-in', RATE_LIMITS.signInPerIp) } });

  route(
    app,
    mfaEndpoints.passkeyOptions,
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await passkeyAuthenticationOptions(db, env, null)),
    signInLimit(),
  );

  route(
    app,
    mfaEndpoints.passkeySignIn,
    async (request, reply) => {
      const user = await passkeySignIn(
        db,
        env,
        request.body.response as AuthenticationResponseJSON,
        request.ip,
      );
      const previous = sessionToken(env, request);
      if (previous) await endSessionByToken(db, previous);
      await startSession(db, env, reply, user.id, request.body.remember, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      return { ...user, id: String(user.id) };
    },
    signInLimit(),
  );

  route(app, mfaEndpoints.secondFactorOptions, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await secondFactorOptions(db, env, accountOf(request).actor)),
  );

  // The attempt is counted after the body is validated (a malformed one is no guess), as before.
  route(
    app,
    mfaEndpoints.completeSecondFactor,
    async (request, reply) => {
      await completeSecondFactor(db, env, accountOf(request).actor, request.body, request.ip);
      await attempts.forgive(request);
      return reply.status(204).send();
    },
    { preHandler: attempts.guard },
  );
};
