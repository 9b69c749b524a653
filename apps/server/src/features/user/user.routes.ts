import { userEndpoints } from '@care/contract/user';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { perAccount, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf, clearSessionCookie } from '#app/plugins/session.ts';
import {
  changePassword,
  deactivateAccount,
  getAddress,
  getDetails,
  getExtendedUser,
  updateAddress,
  updateDetails,
} from './user.service.ts';

/** SPEC §7 api/user calls about the account itself; every one needs a signed-in user. */
export const userRoutes: FastifyPluginAsync<{ env: Env; db: Db }> = async (app, { env, db }) => {
  // A preHandler as before: after the access guard and the body's validation (a malformed body costs no attempt).
  const passwordCheck = perAccount(app, 'password-check', RATE_LIMITS.passwordCheckPerUser, (request) =>
    String(actorOf(request).id),
  );

  route(app, userEndpoints.extendedDetails, async (request) => getExtendedUser(db, actorOf(request)));
  route(app, userEndpoints.authorities, async (request) => actorOf(request).authorities);
  route(app, userEndpoints.getDetails, async (request) => getDetails(db, actorOf(request)));
  route(app, userEndpoints.updateDetails, async (request) =>
    updateDetails(db, actorOf(request), request.body),
  );
  route(app, userEndpoints.getAddress, async (request) => getAddress(db, actorOf(request)));
  route(app, userEndpoints.updateAddress, async (request) =>
    updateAddress(db, actorOf(request), request.body),
  );

  route(
    app,
    userEndpoints.changePassword,
    async (request, reply) => {
      await changePassword(db, env, actorOf(request), request.body, request.ip);
      return reply.status(204).send();
    },
    { preHandler: passwordCheck },
  );

  route(
    app,
    userEndpoints.deactivate,
    async (request, reply) => {
      await deactivateAccount(db, actorOf(request), request.body, request.ip);
      clearSessionCookie(env, reply);
      return reply.status(204).send();
    },
    { preHandler: passwordCheck },
  );
};
