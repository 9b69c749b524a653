import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notifications } from '@mantine/notifications';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setRuntimeConfig } from '#app/config/runtime-config.ts';
import { ApiRequestError, request } from './api-client.ts';
import { i18n } from './i18n.ts';

// A real HTTP server on loopback answers the client; only the notification call is observed.
let server: Server;
let lastRequest: IncomingMessage & { body?: string };
const answers: Record<string, { status: number; body: unknown }> = {
  '/api/ok': { status: 200, body: { value: 42 } },
  '/api/known-code': { status: 409, body: { code: 'CONFLICT', message: 'server text' } },
  '/api/unknown-code': { status: 400, body: { code: 'BAD_REQUEST', message: 'server text' } },
  '/api/no-body': { status: 502, body: null },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      lastRequest = Object.assign(req, { body });
      const answer = answers[req.url!.split('?')[0]!] ?? { status: 404, body: null };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === null ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}`, routerBaseName: '', basePath: '' });
  await i18n.init({
    lng: 'en',
    resources: {
      en: {
        errors: {
          'error-boundary': { title: 'Something went wrong', message: 'Generic message' },
          codes: { CONFLICT: 'Translated conflict' },
        },
      },
    },
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
beforeEach(() => show.mockClear());

describe('API client', () => {
  it('sends JSON with credentials to the API base address and parses the answer', async () => {
    const value = await request('api/ok', {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ value: z.number() }),
    });
    expect(value).toEqual({ value: 42 });
    expect(lastRequest.headers['content-type']).toBe('application/json');
    expect(lastRequest.body).toBe('{"a":1}');
    expect(show).not.toHaveBeenCalled();
  });

  it('shows an error notification with the per-request message first and passes the error on', async () => {
    await expect(request('api/known-code', { errorMessage: 'Override' })).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Something went wrong', message: 'Override' }),
    );
  });

  it('uses the translation of the error code, else the server message, else the generic text', async () => {
    await expect(request('api/known-code')).rejects.toMatchObject({
      status: 409,
      message: 'Translated conflict',
    });
    await expect(request('api/unknown-code')).rejects.toMatchObject({ status: 400, message: 'server text' });
    await expect(request('api/no-body')).rejects.toMatchObject({ status: 502, message: 'Generic message' });
    expect(show.mock.calls.map(([n]) => n.message)).toEqual([
      'Translated conflict',
      'server text',
      'Generic message',
    ]);
  });

  it('stays quiet when the caller shows its own error', async () => {
    await expect(request('api/known-code', { silent: true })).rejects.toMatchObject({
      body: { code: 'CONFLICT' },
    });
    expect(show).not.toHaveBeenCalled();
  });
});
