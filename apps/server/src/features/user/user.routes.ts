import { ApiErrorSchema } from '@care/contract/errors';
import {
  AddressSchema,
  AddressUpdateSchema,
  AuthoritiesSchema,
  ChangePasswordRequestSchema,
  DeactivationRequestSchema,
  ExtendedUserSchema,
  UserDetailsSchema,
  UserDetailsUpdateSchema,
} from '@care/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { perAccount, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf, clearSessionCookie, requireUser } from '#app/plugins/session.ts';
import {
  changePassword,
  deactivateAccount,
  getAddress,
  getDetails,
  getExtendedUser,
  updateAddress,
  updateDetails,
} from './user.service.ts';

const tags = ['user'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

/** SPEC §7 api/user calls about the account itself; every one needs a signed-in user. */
export const userRoutes: FastifyPluginAsyncZod<{ env: Env; db: Db }> = async (app, { env, db }) => {
  const passwordCheck = perAccount(app, 'password-check', RATE_LIMITS.passwordCheckPerUser, (request) =>
    String(actorOf(request).id),
  );

  app.get(
    '/api/user/extended-details',
    {
      schema: {
        tags,
        summary: 'The signed-in user with contact details',
        response: { 200: ExtendedUserSchema },
      },
      preHandler: requireUser,
    },
    async (request) => getExtendedUser(db, actorOf(request)),
  );

  app.get(
    '/api/user/authorities',
    {
      schema: {
        tags,
        summary: 'Authority strings of the signed-in user (SPEC §6)',
        response: { 200: AuthoritiesSchema },
      },
      preHandler: requireUser,
    },
    async (request) => actorOf(request).authorities,
  );

  app.get(
    '/api/user/details',
    {
      schema: { tags, summary: 'Names, phone, PESEL/NIP and language', response: { 200: UserDetailsSchema } },
      preHandler: requireUser,
    },
    async (request) => getDetails(db, actorOf(request)),
  );

  app.put(
    '/api/user/details',
    {
      schema: {
        tags,
        summary: 'Change names, phone, PESEL/NIP and language',
        body: UserDetailsUpdateSchema,
        response: { 200: UserDetailsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => updateDetails(db, actorOf(request), request.body),
  );

  app.get(
    '/api/user/address',
    {
      schema: {
        tags,
        summary: 'The postal address (empty before the first save)',
        response: { 200: AddressSchema },
      },
      preHandler: requireUser,
    },
    async (request) => getAddress(db, actorOf(request)),
  );

  app.put(
    '/api/user/address',
    {
      schema: {
        tags,
        summary: 'Create or replace the postal address',
        body: AddressUpdateSchema,
        response: { 200: AddressSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => updateAddress(db, actorOf(request), request.body),
  );

  app.put(
    '/api/user/password',
    {
      schema: {
        tags,
        summary: 'Change the password; every other session ends',
        body: ChangePasswordRequestSchema,
        response: { 204: z.undefined(), ...errors, 429: ApiErrorSchema },
      },
      preHandler: [requireUser, passwordCheck],
    },
    async (request, reply) => {
      await changePassword(db, env, actorOf(request), request.body, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/deactivation',
    {
      schema: {
        tags,
        summary: 'Deactivate the account (confirmed with the password); every session ends, the data is kept',
        body: DeactivationRequestSchema,
        response: { 204: z.undefined(), ...errors, 429: ApiErrorSchema },
      },
      preHandler: [requireUser, passwordCheck],
    },
    async (request, reply) => {
      await deactivateAccount(db, actorOf(request), request.body, request.ip);
      clearSessionCookie(env, reply);
      return reply.status(204).send();
    },
  );
};
