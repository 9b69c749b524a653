import { ApiErrorSchema } from '@care/contract/errors';
import { IdParamsSchema } from '@care/contract/paging';
import {
  AddPasskeyRequestSchema,
  MfaStatusSchema,
  PasskeyOptionsSchema,
  PasswordConfirmationSchema,
  RecoveryCodesSchema,
  RenamePasskeyRequestSchema,
  SecuritySettingsSchema,
  TotpConfirmationSchema,
  TotpSetupSchema,
} from '@care/contract/mfa';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { perAccount, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf, requireRole, requireUserOrSetupStep } from '#app/plugins/session.ts';
import { accountOf } from './guards.ts';
import { mfaStatus, renewRecoveryCodes } from './mfa.service.ts';
import { addPasskey, passkeyRegistrationOptions, removePasskey, renamePasskey } from './passkeys.service.ts';
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service.ts';
import { assertPassword } from './factors.ts';
import { confirmTotp, removeTotp, startTotp } from './totp.service.ts';

const tags = ['user'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
const noContent = { 204: z.undefined(), ...errors };

/** The account's own second factors (settings), and the admin's requirement. */
export const mfaRoutes: FastifyPluginAsyncZod<{ env: Env; db: Db }> = async (app, { env, db }) => {
  const passwordCheck = perAccount(app, 'password-check', RATE_LIMITS.passwordCheckPerUser, (request) =>
    String(accountOf(request).actor.id),
  );
  const own = { preHandler: requireUserOrSetupStep };
  const confirmed = { preHandler: [requireUserOrSetupStep, passwordCheck] };

  app.get(
    '/api/user/mfa',
    {
      schema: {
        tags,
        summary: "The account's second factors",
        response: { 200: MfaStatusSchema, ...errors },
      },
      ...own,
    },
    async (request) => mfaStatus(db, accountOf(request).actor),
  );

  app.post(
    '/api/user/mfa/passkeys/options',
    {
      schema: {
        tags,
        summary: 'A challenge to register a passkey',
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
      ...own,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await passkeyRegistrationOptions(db, env, accountOf(request).actor)),
  );

  app.post(
    '/api/user/mfa/passkeys',
    {
      schema: {
        tags,
        summary: 'Register a passkey (the first factor brings recovery codes)',
        body: AddPasskeyRequestSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
      ...own,
    },
    async (request) => {
      const { actor, step } = accountOf(request);
      const input = { name: request.body.name, response: request.body.response as RegistrationResponseJSON };
      return { recoveryCodes: await addPasskey(db, env, actor, input, request.ip, step) };
    },
  );

  app.put(
    '/api/user/mfa/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: IdParamsSchema,
        body: RenamePasskeyRequestSchema,
        response: noContent,
      },
      ...own,
    },
    async (request, reply) => {
      await renamePasskey(db, accountOf(request).actor, Number(request.params.id), request.body.name);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/mfa/passkeys/:id/removal',
    {
      schema: {
        tags,
        summary: 'Remove a passkey, confirmed with the password',
        params: IdParamsSchema,
        body: PasswordConfirmationSchema,
        response: noContent,
      },
      ...confirmed,
    },
    async (request, reply) => {
      const { actor } = accountOf(request);
      await assertPassword(db, actor, request.body.password);
      await removePasskey(db, actor, Number(request.params.id), request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Start setting up TOTP: a new secret and its QR code',
        response: { 200: TotpSetupSchema, ...errors },
      },
      ...own,
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await startTotp(db, env, accountOf(request).actor)),
  );

  app.post(
    '/api/user/mfa/totp/confirmation',
    {
      schema: {
        tags,
        summary: 'Turn TOTP on with a code from the app',
        body: TotpConfirmationSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
      ...own,
    },
    async (request) => {
      const { actor, step } = accountOf(request);
      return { recoveryCodes: await confirmTotp(db, actor, request.body.code, request.ip, step) };
    },
  );

  app.post(
    '/api/user/mfa/totp/removal',
    {
      schema: {
        tags,
        summary: 'Turn TOTP off, confirmed with the password',
        body: PasswordConfirmationSchema,
        response: noContent,
      },
      ...confirmed,
    },
    async (request, reply) => {
      const { actor } = accountOf(request);
      await assertPassword(db, actor, request.body.password);
      await removeTotp(db, actor, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/mfa/recovery-codes',
    {
      schema: {
        tags,
        summary: 'New recovery codes (the old ones stop working), confirmed with the password',
        body: PasswordConfirmationSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
      ...confirmed,
    },
    async (request) => {
      const { actor } = accountOf(request);
      await assertPassword(db, actor, request.body.password);
      return { recoveryCodes: await renewRecoveryCodes(db, actor, request.ip) };
    },
  );

  const admin = { preHandler: requireRole('admin') };
  app.get(
    '/api/admin/security',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign-in security settings',
        response: { 200: SecuritySettingsSchema, ...errors },
      },
      ...admin,
    },
    async () => getSecuritySettings(db),
  );
  app.put(
    '/api/admin/security',
    {
      schema: {
        tags: ['admin'],
        summary: 'Require a second factor for staff, or not',
        body: SecuritySettingsSchema,
        response: { 200: SecuritySettingsSchema, ...errors },
      },
      ...admin,
    },
    async (request) => updateSecuritySettings(db, actorOf(request), request.body, request.ip),
  );
};
