import { endpoint } from '@care/contract/endpoint';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '#app/config/env.ts';
import { route, serializerOf } from '#app/plugins/endpoints.ts';
import { registerOpenApi } from '#app/plugins/openapi.ts';
import { AnswerDriftError, answerValidation } from './answer-validation.ts';
import { createTestApp, type TestApp } from './app.ts';

/** A route of the table whose handler answers what the test says: its schema and the document stay the same. */
const ticket = endpoint({
  method: 'GET',
  path: '/api/tickets/:name',
  tag: 'tickets',
  summary: 'A ticket',
  access: 'anyone',
  params: z.object({ name: z.string() }),
  responses: { 200: z.object({ id: z.number(), state: z.enum(['open', 'closed']), at: z.iso.datetime() }) },
});

const ANSWERS: Record<string, { status: number; body: unknown }> = {
  right: { status: 200, body: { id: 1, state: 'open', at: '2026-01-01T00:00:00.000Z' } },
  // fast-json-stringify writes an enum's value and a string's format without checking them.
  wrong: { status: 200, body: { id: 1, state: 'lost', at: 'yesterday' } },
  teapot: { status: 418, body: { code: 'VALIDATION_FAILED', message: 'no' } },
};

async function appWithTickets(): Promise<FastifyInstance> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  const validation = answerValidation('');
  const app = Fastify();
  app.addHook('onRoute', validation.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerOf);
  await registerOpenApi(app, env);
  route(app, ticket, async (request, reply) => {
    const answer = ANSWERS[request.params.name]!;
    return reply.code(answer.status).send(answer.body);
  });
  validation.watch(app);
  await app.ready();
  return app;
}

describe('answers checked against the OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithTickets();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lets an answer that matches its schema through', async () => {
    const response = await app.inject({ url: '/api/tickets/right' });
    expect(response.json()).toEqual(ANSWERS.right!.body);
  });

  it('fails the call whose body breaks its schema, naming the route, the status and each failing path', async () => {
    const call = app.inject({ url: '/api/tickets/wrong' });
    await expect(call).rejects.toThrow(AnswerDriftError);
    await expect(call).rejects.toThrow(
      /GET \/api\/tickets\/:name answered 200 with a body that breaks the document's schema:\n {2}\/state must be equal to one of the allowed values\n {2}\/at must match its pattern\n {2}\/at must match format "date-time"/,
    );
  });

  it('fails the call whose status the document does not list', async () => {
    await expect(app.inject({ url: '/api/tickets/teapot' })).rejects.toThrow(
      'GET /api/tickets/:name answered 418, a status the document does not list (it lists 200, 400, 404, 500, 503)',
    );
  });

  it('leaves answers of routes outside the document alone (an unknown path’s 404)', async () => {
    expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
  });
});

describe('the test app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('checks its answers: a documented error answer passes, the health probe (hidden) is not checked', async () => {
    expect((await t.app.inject({ url: '/api/end-products/user-owned' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/end-products/abc' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
