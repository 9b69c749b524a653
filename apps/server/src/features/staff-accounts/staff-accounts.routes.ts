import { staffAccountEndpoints } from '@care/contract/staff-accounts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { AppError } from '#app/plugins/errors.ts';
import { perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf } from '#app/plugins/session.ts';
import { isSetPasswordTokenUsable, setPasswordWithLink } from './set-password.service.ts';
import { getStaffAccount, listStaffAccounts } from './staff-account-rows.ts';
import {
  type AdminContext,
  changeStaffRole,
  createStaffAccount,
  disableStaffAccount,
  enableStaffAccount,
  endStaffSessions,
  resendSetPasswordLink,
} from './staff-accounts.service.ts';

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

const contextOf = (request: FastifyRequest): AdminContext => ({ actor: actorOf(request), ip: request.ip });

/**
 * The links' counter, shared with the other e-mailed links: checking one costs a guesser as much as using it.
 * Not in the table: a setting of the route, not a promise of the endpoint (its 429 is).
 */
const tokenLimit = () => ({ config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) } });

/** Staff accounts (issue 15): admins only; the set-password page the e-mailed link opens is public. */
export const staffAccountRoutes: FastifyPluginAsync<Options> = async (app, { env, db, onMailQueued }) => {
  const endpoints = staffAccountEndpoints;

  route(app, endpoints.list, async (request) => listStaffAccounts(db, request.query));

  route(app, endpoints.get, async (request) => {
    const account = await getStaffAccount(db, request.params.id);
    if (!account) throw new AppError('NOT_FOUND');
    return account;
  });

  route(app, endpoints.create, async (request, reply) => {
    const account = await createStaffAccount(db, env, contextOf(request), request.body);
    onMailQueued();
    return reply.status(201).send(account);
  });

  route(app, endpoints.changeRole, async (request) =>
    changeStaffRole(db, contextOf(request), request.params.id, request.body.role),
  );

  route(app, endpoints.disable, async (request) =>
    disableStaffAccount(db, contextOf(request), request.params.id),
  );

  route(app, endpoints.enable, async (request) =>
    enableStaffAccount(db, contextOf(request), request.params.id),
  );

  route(app, endpoints.signOut, async (request) =>
    endStaffSessions(db, contextOf(request), request.params.id),
  );

  route(app, endpoints.sendSetPasswordLink, async (request) => {
    const account = await resendSetPasswordLink(db, env, contextOf(request), request.params.id);
    onMailQueued();
    return account;
  });

  route(
    app,
    endpoints.checkSetPasswordLink,
    async (request, reply) => {
      if (!(await isSetPasswordTokenUsable(db, request.body.token))) throw new AppError('INVALID_TOKEN');
      return reply.status(204).send();
    },
    tokenLimit(),
  );

  route(
    app,
    endpoints.setPassword,
    async (request, reply) => {
      await setPasswordWithLink(db, env, request.body, request.ip);
      return reply.status(204).send();
    },
    tokenLimit(),
  );
};
