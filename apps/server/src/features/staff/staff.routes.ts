import { staffEndpoints } from '@care/contract/staff';
import { staffDeskEndpoints } from '@care/contract/staff-desk';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import { listQueue } from './staff-queue.service.ts';
import {
  assignRequest,
  countWaiting,
  listColleagues,
  listTags,
  markNoAnswerNeeded,
  triageRequest,
} from './staff-desk.service.ts';
import { getStaffServiceRequest, updateStaffServiceRequest } from './staff-requests.service.ts';
import { changeStatus } from '#app/features/service-requests/status-change.service.ts';

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

/**
 * The service department's side of service requests (docs/decisions/022): roles service and admin only. Replies
 * and files go through api/chat/*, which staff may use on every request.
 */
export const staffRoutes: FastifyPluginAsync<Options> = async (app, { env, db, onMailQueued }) => {
  route(app, staffEndpoints.queue, async (request) => listQueue(db, actorOf(request), request.query));

  route(app, staffEndpoints.get, async (request) => getStaffServiceRequest(db, request.params.id));

  route(app, staffEndpoints.changeStatus, async (request) => {
    const { id } = request.params;
    const changed = await changeStatus(db, env, actorOf(request), id, request.body, request.ip);
    if (changed.mailQueued) onMailQueued();
    return getStaffServiceRequest(db, id);
  });

  route(app, staffEndpoints.update, async (request) => {
    const { id } = request.params;
    const updated = await updateStaffServiceRequest(db, env, actorOf(request), id, request.body, request.ip);
    if (updated.mailQueued) onMailQueued();
    return updated.request;
  });

  // The shared desk (docs/decisions/062).
  route(app, staffDeskEndpoints.assign, async (request) => {
    await assignRequest(db, actorOf(request), request.params.id, request.body);
    return getStaffServiceRequest(db, request.params.id);
  });

  route(app, staffDeskEndpoints.triage, async (request) => {
    await triageRequest(db, request.params.id, request.body);
    return getStaffServiceRequest(db, request.params.id);
  });

  route(app, staffDeskEndpoints.answered, async (request) => {
    await markNoAnswerNeeded(db, request.params.id);
    return getStaffServiceRequest(db, request.params.id);
  });

  route(app, staffDeskEndpoints.waiting, async () => countWaiting(db));

  route(app, staffDeskEndpoints.colleagues, async () => listColleagues(db));

  route(app, staffDeskEndpoints.tags, async (request) => listTags(db, request.query.q));
};
