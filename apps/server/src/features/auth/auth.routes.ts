import { authEndpoints, type LoginRequest } from '@care/contract/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { normalizeEmail } from '#app/db/normalize.ts';
import { route } from '#app/plugins/endpoints.ts';
import { AppError } from '#app/plugins/errors.ts';
import { requestLanguage } from '#app/plugins/language.ts';
import { perAccount, perAccountFailures, perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { clearSessionCookie, endSessionByToken, sessionToken, startSession } from '#app/plugins/session.ts';
import { dummyPasswordHash } from '#app/security/password.ts';
import { holdForSecondFactor } from '#app/features/mfa/factors.ts';
import { afterResponse } from './after-response.ts';
import {
  findResetAccount,
  isResetTokenUsable,
  recordRefusedSignIn,
  type RefusedSignIn,
  resetPassword,
  sendPasswordReset,
  signIn,
} from './auth.service.ts';
import type { B2CStore } from './b2c-store.ts';
import type { Captcha } from './captcha.ts';
import { confirmRegistration, register, registerB2C } from './registration.service.ts';

export interface AuthRoutesOptions {
  env: Env;
  db: Db;
  captcha: Captcha;
  b2cStore: B2CStore;
  /** Tells the outbox worker that a message is waiting (it also polls). */
  onMailQueued: () => void;
}

/** SPEC §7 auth calls. Every state change here is rate limited; registration and reset also need the captcha. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { env, db, captcha, b2cStore, onMailQueued } = options;
  // Made now, so that the first unknown e-mail is not slower than a wrong password.
  await dummyPasswordHash();
  // Only failures use it up: a customer signing in many times a day is no guesser.
  const signInFailures = perAccountFailures(db, 'sign-in', RATE_LIMITS.signInPerAccount, (request) =>
    normalizeEmail((request.body as LoginRequest).username),
  );
  /*
   * The reset mail (a token, two writes and a commit: about twice the time of the lookup) is made after the answer
   * has gone, so that a registered address is not answered more slowly than an unknown one (ASVS 6.3.8).
   */
  const resetsToSend = new WeakMap<FastifyRequest, number>();
  const later = afterResponse(app, 'password-reset mail');
  // A refused sign-in of an existing account is logged after the answer, like the reset mail and for the same reason.
  const refusedSignIns = new WeakMap<FastifyRequest, RefusedSignIn>();
  const auditLater = afterResponse(app, 'failed sign-in audit');
  // After the captcha, so that unsolved requests do not use up a mailbox's or a domain's registrations.
  const registrationGuards = [
    captcha.guard,
    perAccount(app, 'registration', RATE_LIMITS.registrationPerAddress, (request) =>
      normalizeEmail((request.body as { email: string }).email),
    ),
    perAccount(
      app,
      'registration-domain',
      { max: env.QUOTA_REGISTRATIONS_PER_DOMAIN_PER_HOUR, timeWindow: 60 * 60_000 },
      (request) =>
        normalizeEmail((request.body as { email: string }).email)
          .split('@')
          .at(-1)!,
    ),
  ];

  route(
    app,
    authEndpoints.login,
    async (request, reply) => {
      const { userId, ...user } = await signIn(db, request.body, {
        ip: request.ip,
        onRefused: (refused) => refusedSignIns.set(request, refused),
        staffPasswords: env.STAFF_PASSWORD_SIGN_IN,
      });
      await signInFailures.forgive(request);
      // A new token at every sign-in; a session the browser still carried ends.
      const previous = sessionToken(env, request);
      if (previous) await endSessionByToken(db, previous);
      // The session and its second-factor hold commit together: never a complete session by mistake.
      const secondFactor = await db.transaction(async (tx) => {
        const sessionId = await startSession(tx, env, reply, userId, request.body.remember, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        return holdForSecondFactor(tx, sessionId, userId, user.role);
      });
      return secondFactor ? { ...user, secondFactor } : user;
    },
    {
      config: { rateLimit: perIp('sign-in', RATE_LIMITS.signInPerIp) },
      preHandler: signInFailures.guard,
      onResponse: async (request) => {
        const refused = refusedSignIns.get(request);
        if (refused) auditLater(() => recordRefusedSignIn(db, refused, request.ip));
      },
    },
  );

  route(app, authEndpoints.logout, async (request, reply) => {
    const token = sessionToken(env, request);
    if (token) await endSessionByToken(db, token);
    clearSessionCookie(env, reply);
    return reply.status(204).send();
  });

  route(
    app,
    authEndpoints.register,
    async (request, reply) => {
      await register(db, env, request.body, requestLanguage(request));
      onMailQueued();
      return reply.status(202).send(undefined);
    },
    {
      config: { rateLimit: perIp('registration', RATE_LIMITS.registrationPerIp) },
      preHandler: registrationGuards,
    },
  );

  route(
    app,
    authEndpoints.registerB2C,
    async (request, reply) => {
      await registerB2C(db, env, b2cStore, request.body, requestLanguage(request));
      onMailQueued();
      return reply.status(202).send(undefined);
    },
    {
      config: { rateLimit: perIp('registration', RATE_LIMITS.registrationPerIp) },
      preHandler: registrationGuards,
    },
  );

  route(app, authEndpoints.confirmRegistration, async (request) => confirmRegistration(db, request.body), {
    config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) },
  });

  route(
    app,
    authEndpoints.requestPasswordReset,
    async (request, reply) => {
      const userId = await findResetAccount(db, request.body.email);
      if (userId !== null) resetsToSend.set(request, userId);
      return reply.status(202).send(undefined);
    },
    {
      config: { rateLimit: perIp('password-reset', RATE_LIMITS.passwordResetPerIp) },
      preHandler: captcha.guard,
      onResponse: async (request) => {
        const userId = resetsToSend.get(request);
        if (userId === undefined) return;
        later(async () => {
          if (await sendPasswordReset(db, env, userId)) onMailQueued();
        });
      },
    },
  );

  route(
    app,
    authEndpoints.checkPasswordReset,
    async (request, reply) => {
      if (!(await isResetTokenUsable(db, request.body.token))) throw new AppError('INVALID_TOKEN');
      return reply.status(204).send();
    },
    // The links' counter: checking a link costs a guesser as much as using one.
    { config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) } },
  );

  route(
    app,
    authEndpoints.confirmPasswordReset,
    async (request, reply) => {
      await resetPassword(db, env, request.body, request.ip);
      return reply.status(204).send();
    },
    { config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) } },
  );

  route(app, authEndpoints.captcha, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await captcha.challenge()),
  );
};
