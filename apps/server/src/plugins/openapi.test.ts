import { endpoint } from '@care/contract/endpoint';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '#app/config/env.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { route, serializerOf } from './endpoints.ts';
import { operationIdOf, registerOpenApi } from './openapi.ts';

interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody: { content: unknown };
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers: Record<string, { schema: unknown }> }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const upload = endpoint({
  method: 'POST',
  path: '/api/boxes/:id/files',
  tag: 'boxes',
  summary: 'Adds files to a box',
  access: 'signed-in',
  params: z.object({ id: z.string() }),
  multipart: {
    fields: z.object({ note: z.string().max(10).optional() }),
    files: { name: 'file', description: 'Up to 5' },
  },
  responses: { 201: z.object({ count: z.number(), state: z.enum(['full', 'open']).nullable() }) },
  errors: [413],
});
const download = endpoint({
  method: 'GET',
  path: '/api/boxes/:id/files/:fileId',
  tag: 'boxes',
  summary: 'One file',
  access: 'anyone',
  params: z.object({ id: z.string(), fileId: z.string() }),
  responses: { 200: 'file', 304: null },
});
const stream = endpoint({
  method: 'GET',
  path: '/api/boxes/events',
  tag: 'boxes',
  summary: 'Events',
  access: 'signed-in',
  responses: { 200: 'event-stream' },
});
const away = endpoint({
  method: 'GET',
  path: '/api/boxes/away',
  tag: 'boxes',
  summary: 'Elsewhere',
  access: 'anyone',
  responses: { 302: 'redirect' },
});

describe('the OpenAPI document of endpoints from the table', () => {
  let document: Document;
  beforeAll(async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerOf);
    await registerOpenApi(
      app,
      parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    );
    // Only the document is read: the handlers never run.
    for (const made of [upload, download, stream, away]) route(app, made, async (_request, reply) => reply);
    await app.ready();
    document = app.swagger() as unknown as Document;
    await app.close();
  });

  it('documents a multipart body: its fields, and its files as binary parts', () => {
    const body = document.paths['/api/boxes/{id}/files']!.post!.requestBody;
    expect(body.content).toEqual({
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            note: { type: 'string', maxLength: 10 },
            file: { type: 'array', description: 'Up to 5', items: { type: 'string', format: 'binary' } },
          },
        },
      },
    });
  });

  it('gives a file, an event stream and a redirect their own media type or none', () => {
    const file = document.paths['/api/boxes/{id}/files/{fileId}']!.get!.responses['200']!;
    expect(file.content).toEqual({ '*/*': { schema: { type: 'string', format: 'binary' } } });
    const notModified = document.paths['/api/boxes/{id}/files/{fileId}']!.get!.responses['304']!;
    expect(notModified.content).toBeUndefined();
    const events = document.paths['/api/boxes/events']!.get!.responses['200']!;
    expect(events.content).toEqual({ 'text/event-stream': { schema: { type: 'string' } } });
    const redirect = document.paths['/api/boxes/away']!.get!.responses['302']!;
    expect(redirect.content).toBeUndefined();
    expect(redirect.headers.Location!.schema).toEqual({ type: 'string' });
  });

  it('lists null in a nullable enum, as OpenAPI 3.0 reads `nullable` beside an enum', () => {
    const created = document.paths['/api/boxes/{id}/files']!.post!.responses['201']!;
    expect(JSON.stringify(created.content!['application/json']!.schema)).toContain(
      '"state":{"nullable":true,"type":"string","enum":["full","open",null]}',
    );
  });

  it('names the session cookie where one is needed, and no security where anyone may call', () => {
    expect(document.paths['/api/boxes/{id}/files']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/boxes/away']!.get!.security).toEqual([]);
  });

  it('lists the answers of the app’s plugins: 400, 500 and 503 everywhere, 403, 413 and 415 where state changes', () => {
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    expect(statuses('/api/boxes/away', 'get')).toEqual(['302', '400', '500', '503']);
    expect(statuses('/api/boxes/{id}/files', 'post')).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '500',
      '503',
    ]);
  });

  it('names each operation by its method and path', () => {
    expect(document.paths['/api/boxes/{id}/files/{fileId}']!.get!.operationId).toBe(
      'getApiBoxesByIdFilesByFileId',
    );
    expect(operationIdOf('POST', '/auth/password-reset/check')).toBe('postAuthPasswordResetCheck');
  });
});

describe('the published OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = t.app.swagger() as unknown as Document;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('resolves every $ref to a component it holds (the settings’ recursive JSON value included)', () => {
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const name = /^"\$ref":"#\/components\/schemas\/(.+)"$/.exec(ref)?.[1];
      expect(name && document.components.schemas[name], ref).toBeTruthy();
    }
    const setting =
      document.paths['/api/user/settings']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(JSON.stringify(setting)).toContain('#/components/schemas/JsonValue');
  });

  it('gives every operation its own id', () => {
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
