import { userEndpoints } from '@care/contract/user';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import {
  listSettings,
  removeSetting,
  resetTableSettings,
  saveSetting,
  updateSetting,
} from './settings.service.ts';

/**
 * SPEC §3 user settings: notification settings (broadValue '') and saved table settings. Each row belongs to
 * one user; another user's id answers 404 like a missing one.
 */
export const settingsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const limits = { valueBytes: app.quotas.settingBytes, settingsPerUser: app.quotas.settingsPerUser };

  route(app, userEndpoints.listSettings, async (request) =>
    listSettings(db, actorOf(request), request.query.broadValue),
  );

  route(app, userEndpoints.saveSetting, async (request, reply) => {
    const { setting, created } = await saveSetting(db, actorOf(request), request.body, limits);
    return reply.status(created ? 201 : 200).send(setting);
  });

  route(app, userEndpoints.updateSetting, async (request) =>
    updateSetting(db, actorOf(request), request.params.id, request.body.value, limits),
  );

  route(app, userEndpoints.removeSetting, async (request, reply) => {
    await removeSetting(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  route(app, userEndpoints.resetTableSettings, async (request) => ({
    removed: await resetTableSettings(db, actorOf(request), request.query.broadValue, request.query.key),
  }));
};
