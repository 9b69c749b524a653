import { intakeEndpoints } from '@care/contract/intake';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import { correctRequest } from './corrections.service.ts';
import { listDuplicateCandidates, markDuplicate } from './duplicates.service.ts';
import { listIntakeMachines, searchIntakeCustomers } from './intake-customers.service.ts';
import { fileForCustomer } from './intake-filing.service.ts';
import { getRequestRecord } from './request-record.service.ts';

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

/**
 * Intake and corrections (issue 18, docs/decisions/064): filing for a customer who phoned, corrections with a
 * reason, duplicates. Staff only, except a request's record, which its customer reads too.
 */
export const intakeRoutes: FastifyPluginAsync<Options> = async (app, { env, db, onMailQueued }) => {
  route(app, intakeEndpoints.customers, async (request) => searchIntakeCustomers(db, request.query.q));

  route(app, intakeEndpoints.machines, async (request) => listIntakeMachines(db, request.params.id));

  route(app, intakeEndpoints.file, async (request, reply) => {
    const { created, ...filed } = await fileForCustomer(db, env, actorOf(request), request.body, request.ip);
    if (created) onMailQueued();
    return reply.status(201).send(filed);
  });

  route(app, intakeEndpoints.correct, async (request) => {
    const actor = actorOf(request);
    await correctRequest(db, actor, request.params.id, request.body, request.ip);
    return getRequestRecord(db, actor, request.params.id);
  });

  route(app, intakeEndpoints.candidates, async (request) => listDuplicateCandidates(db, request.params.id));

  route(app, intakeEndpoints.markDuplicate, async (request) => {
    const actor = actorOf(request);
    const changed = await markDuplicate(db, env, actor, request.params.id, request.body, request.ip);
    if (changed.mailQueued) onMailQueued();
    return getRequestRecord(db, actor, request.params.id);
  });

  route(app, intakeEndpoints.record, async (request) =>
    getRequestRecord(db, actorOf(request), request.params.id),
  );
};
