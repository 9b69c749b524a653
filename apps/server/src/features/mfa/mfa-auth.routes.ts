import { ApiErrorSchema } from '@care/contract/errors';
import {
  LoginResponseSchema,
  PasskeyOptionsSchema,
  PasskeySignInRequestSchema,
  SecondFactorOptionsSchema,
  SecondFactorRequestSchema,
} from '@care/contract/mfa';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { perAccountFailures, perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { endSessionByToken, requireVerifyStep, sessionToken, startSession } from '#app/plugins/session.ts';
import { accountOf } from './guards.ts';
import { passkeyAuthenticationOptions } from './passkeys.service.ts';
import { completeSecondFactor, passkeySignIn, secondFactorOptions } from './second-factor.service.ts';

const tags = ['auth'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema };

/** Sign-in with a passkey, and the second step after the password (docs/decisions/049). */
export const mfaAuthRoutes: FastifyPluginAsyncZod<{ env: Env; db: Db }> = async (app, { env, db }) => {
  // Failed attempts per account: guessing TOTP or recovery codes through a session that has the password.
  const attempts = perAccountFailures(db, 'second-factor', RATE_LIMITS.secondFactorPerAccount, (request) =>
    String(accountOf(request).actor.id),
  );

  app.post(
    '/auth/passkey/options',
    {
      schema: {
        tags,
        summary: 'A challenge to sign in with any passkey of this site',
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
      config: { rateLimit: perIp('sign-in', RATE_LIMITS.signInPerIp) },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await passkeyAuthenticationOptions(db, env, null)),
  );

  app.post(
    '/auth/passkey/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey (no password, no e-mail); sets the session cookie',
        body: PasskeySignInRequestSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
      config: { rateLimit: perIp('sign-in', RATE_LIMITS.signInPerIp) },
    },
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
  );

  app.post(
    '/auth/second-factor/options',
    {
      schema: {
        tags,
        summary: 'The factors the second sign-in step offers (and a passkey challenge)',
        response: { 200: SecondFactorOptionsSchema, ...errors },
      },
      preHandler: requireVerifyStep,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await secondFactorOptions(db, env, accountOf(request).actor)),
  );

  app.post(
    '/auth/second-factor',
    {
      schema: {
        tags,
        summary: 'Complete the sign-in with a TOTP code, a recovery code or a passkey',
        body: SecondFactorRequestSchema,
        response: { 204: z.undefined(), ...errors },
      },
      preHandler: [requireVerifyStep, attempts.guard],
    },
    async (request, reply) => {
      await completeSecondFactor(db, env, accountOf(request).actor, request.body, request.ip);
      await attempts.forgive(request);
      return reply.status(204).send();
    },
  );
};
