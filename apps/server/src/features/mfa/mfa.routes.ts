import { mfaEndpoints } from '@care/contract/mfa';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { perAccount, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf } from '#app/plugins/session.ts';
import { accountOf } from './guards.ts';
import { mfaStatus, renewRecoveryCodes } from './mfa.service.ts';
import { addPasskey, passkeyRegistrationOptions, removePasskey, renamePasskey } from './passkeys.service.ts';
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service.ts';
import { assertPassword } from './factors.ts';
import { confirmTotp, removeTotp, startTotp } from './totp.service.ts';

/** The account's own second factors (settings), and the admin's requirement. */
export const mfaRoutes: FastifyPluginAsync<{ env: Env; db: Db }> = async (app, { env, db }) => {
  const passwordCheck = perAccount(app, 'password-check', RATE_LIMITS.passwordCheckPerUser, (request) =>
    String(accountOf(request).actor.id),
  );
  // Changes confirmed with the password count against the account's password checks (after the access guard).
  const confirmed = { preHandler: passwordCheck };

  route(app, mfaEndpoints.status, async (request) => mfaStatus(db, accountOf(request).actor));

  route(app, mfaEndpoints.passkeyRegistrationOptions, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await passkeyRegistrationOptions(db, env, accountOf(request).actor)),
  );

  route(app, mfaEndpoints.addPasskey, async (request) => {
    const { actor, step } = accountOf(request);
    const input = { name: request.body.name, response: request.body.response as RegistrationResponseJSON };
    return { recoveryCodes: await addPasskey(db, env, actor, input, request.ip, step) };
  });

  route(app, mfaEndpoints.renamePasskey, async (request, reply) => {
    await renamePasskey(db, accountOf(request).actor, request.params.id, request.body.name);
    return reply.status(204).send();
  });

  route(
    app,
    mfaEndpoints.removePasskey,
    async (request, reply) => {
      const { actor } = accountOf(request);
      await assertPassword(db, actor, request.body.password);
      await removePasskey(db, actor, request.params.id, request.ip);
      return reply.status(204).send();
    },
    confirmed,
  );

  route(app, mfaEndpoints.startTotp, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await startTotp(db, env, accountOf(request).actor)),
  );

  route(app, mfaEndpoints.confirmTotp, async (request) => {
    const { actor, step } = accountOf(request);
    return { recoveryCodes: await confirmTotp(db, actor, request.body.code, request.ip, step) };
  });

  route(
    app,
    mfaEndpoints.removeTotp,
    async (request, reply) => {
      const { actor } = accountOf(request);
      await assertPassword(db, actor, request.body.password);
      await removeTotp(db, actor, request.ip);
      return reply.status(204).send();
    },
    confirmed,
  );

  route(
    app,
    mfaEndpoints.renewRecoveryCodes,
    async (request) => {
      const { actor } = accountOf(request);
      await assertPassword(db, actor, request.body.password);
      return { recoveryCodes: await renewRecoveryCodes(db, actor, request.ip) };
    },
    confirmed,
  );

  route(app, mfaEndpoints.getSecuritySettings, async () => getSecuritySettings(db));
  route(app, mfaEndpoints.updateSecuritySettings, async (request) =>
    updateSecuritySettings(db, actorOf(request), request.body, request.ip),
  );
};
