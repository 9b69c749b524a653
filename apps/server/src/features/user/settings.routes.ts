import { ApiErrorSchema } from '@care/contract/errors';
import {
  SettingIdParamsSchema,
  SettingsQuerySchema,
  TableSettingsResetQuerySchema,
  TableSettingsResetResponseSchema,
  UserSettingCreateSchema,
  UserSettingSchema,
  UserSettingsSchema,
  UserSettingUpdateSchema,
} from '@care/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import {
  listSettings,
  removeSetting,
  resetTableSettings,
  saveSetting,
  updateSetting,
} from './settings.service.ts';

const tags = ['user settings'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * SPEC §3 user settings: notification settings (broadValue '') and saved table settings. Each row belongs to
 * one user; another user's id answers 404 like a missing one.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const limits = { valueBytes: app.quotas.settingBytes, settingsPerUser: app.quotas.settingsPerUser };
  app.get(
    '/api/user/settings',
    {
      schema: {
        tags,
        summary: "The user's settings of a broadValue ('null' or none: '')",
        querystring: SettingsQuerySchema,
        response: { 200: UserSettingsSchema },
      },
      preHandler: requireUser,
    },
    async (request) => listSettings(db, actorOf(request), request.query.broadValue),
  );

  app.post(
    '/api/user/settings',
    {
      schema: {
        tags,
        summary: 'Save a setting (created, or the value replaced for the same key and broadValue)',
        body: UserSettingCreateSchema,
        response: { 200: UserSettingSchema, 201: UserSettingSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const { setting, created } = await saveSetting(db, actorOf(request), request.body, limits);
      return reply.status(created ? 201 : 200).send(setting);
    },
  );

  app.put(
    '/api/user/settings/:id',
    {
      schema: {
        tags,
        summary: 'Change the value of a setting',
        params: SettingIdParamsSchema,
        body: UserSettingUpdateSchema,
        response: { 200: UserSettingSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) =>
      updateSetting(db, actorOf(request), Number(request.params.id), request.body.value, limits),
  );

  app.delete(
    '/api/user/settings/:id',
    {
      schema: {
        tags,
        summary: 'Remove a setting',
        params: SettingIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await removeSetting(db, actorOf(request), Number(request.params.id));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/user/settings',
    {
      schema: {
        tags,
        summary:
          'Reset saved table settings of a broadValue (one table with key, else all); notification settings stay',
        querystring: TableSettingsResetQuerySchema,
        response: { 200: TableSettingsResetResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => ({
      removed: await resetTableSettings(db, actorOf(request), request.query.broadValue, request.query.key),
    }),
  );
};
