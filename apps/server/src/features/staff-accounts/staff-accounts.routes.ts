import { ApiErrorSchema } from '@care/contract/errors';
import {
  SetPasswordCheckSchema,
  SetPasswordRequestSchema,
  StaffAccountCreateSchema,
  StaffAccountPageSchema,
  StaffAccountParamsSchema,
  StaffAccountQuerySchema,
  StaffAccountRoleChangeSchema,
  StaffAccountSchema,
} from '@care/contract/staff-accounts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { AppError } from '#app/plugins/errors.ts';
import { perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf, requireRole } from '#app/plugins/session.ts';
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

const tags = ['staff-accounts'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

const contextOf = (request: FastifyRequest): AdminContext => ({ actor: actorOf(request), ip: request.ip });
const idOf = (request: { params: { id: string } }) => Number(request.params.id);

/** Staff accounts (issue 15): admins only; the set-password page the e-mailed link opens is public. */
export const staffAccountRoutes: FastifyPluginAsyncZod<Options> = async (app, { env, db, onMailQueued }) => {
  const adminOnly = requireRole('admin');
  const params = StaffAccountParamsSchema;
  const one = { 200: StaffAccountSchema, ...errors };

  app.get(
    '/api/admin/staff-accounts',
    {
      schema: {
        tags,
        summary: 'Staff accounts (service, sales, admin), filtered by name or e-mail, role and status, paged',
        querystring: StaffAccountQuerySchema,
        response: { 200: StaffAccountPageSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (request) => listStaffAccounts(db, request.query),
  );

  app.get(
    '/api/admin/staff-accounts/:id',
    { schema: { tags, summary: 'One staff account', params, response: one }, preHandler: adminOnly },
    async (request) => {
      const account = await getStaffAccount(db, idOf(request));
      if (!account) throw new AppError('NOT_FOUND');
      return account;
    },
  );

  app.post(
    '/api/admin/staff-accounts',
    {
      schema: {
        tags,
        summary: 'Create a staff account; the person gets an e-mail with a set-password link (24 h)',
        body: StaffAccountCreateSchema,
        response: { 201: StaffAccountSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const account = await createStaffAccount(db, env, contextOf(request), request.body);
      onMailQueued();
      return reply.status(201).send(account);
    },
  );

  app.put(
    '/api/admin/staff-accounts/:id/role',
    {
      schema: {
        tags,
        summary: 'Change the role; the last active admin cannot be demoted (LAST_ADMIN)',
        params,
        body: StaffAccountRoleChangeSchema,
        response: one,
      },
      preHandler: adminOnly,
    },
    async (request) => changeStaffRole(db, contextOf(request), idOf(request), request.body.role),
  );

  app.post(
    '/api/admin/staff-accounts/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable: no sign-in, every session ends; not the last active admin (LAST_ADMIN)',
        params,
        response: one,
      },
      preHandler: adminOnly,
    },
    async (request) => disableStaffAccount(db, contextOf(request), idOf(request)),
  );

  app.post(
    '/api/admin/staff-accounts/:id/enable',
    { schema: { tags, summary: 'Enable a disabled account', params, response: one }, preHandler: adminOnly },
    async (request) => enableStaffAccount(db, contextOf(request), idOf(request)),
  );

  app.post(
    '/api/admin/staff-accounts/:id/sign-out',
    {
      schema: { tags, summary: 'End every session of the person', params, response: one },
      preHandler: adminOnly,
    },
    async (request) => endStaffSessions(db, contextOf(request), idOf(request)),
  );

  app.post(
    '/api/admin/staff-accounts/:id/set-password-link',
    {
      schema: {
        tags,
        summary: 'E-mail a new set-password link (24 h); the earlier links stop working',
        params,
        response: one,
      },
      preHandler: adminOnly,
    },
    async (request) => {
      const account = await resendSetPasswordLink(db, env, contextOf(request), idOf(request));
      onMailQueued();
      return account;
    },
  );

  app.post(
    '/auth/set-password/check',
    {
      schema: {
        tags,
        summary: 'Whether a set-password link still works, without using it (the page asks when it opens)',
        body: SetPasswordCheckSchema,
        response: { 204: z.undefined(), ...errors },
      },
      // The links' counter, shared with the other e-mailed links: checking one costs a guesser as much as using it.
      config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) },
    },
    async (request, reply) => {
      if (!(await isSetPasswordTokenUsable(db, request.body.token))) throw new AppError('INVALID_TOKEN');
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/set-password',
    {
      schema: {
        tags,
        summary: 'Set the first password of a staff account with the e-mailed link',
        body: SetPasswordRequestSchema,
        response: { 204: z.undefined(), ...errors },
      },
      config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) },
    },
    async (request, reply) => {
      await setPasswordWithLink(db, env, request.body, request.ip);
      return reply.status(204).send();
    },
  );
};
