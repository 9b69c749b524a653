import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPLOAD_CONTENT_TYPES, UPLOAD_DEFAULT_LIMITS, UPLOAD_EXTENSIONS } from '@care/contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setRuntimeConfig } from '#app/config/runtime-config.ts';
import { setupTestI18n } from '#app/test/render.tsx';
import { ApiRequestError } from './api-client.ts';
import { fileProblem, upload } from './upload.ts';

/** A real HTTP server: what the upload sent, and the answer the test chose. */
let server: Server;
let answer: { status: number; body: unknown } = { status: 201, body: {} };
let received: { contentType: string; bytes: number } | null = null;

function read(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  await setupTestI18n('en');
  server = createServer(async (request, response) => {
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'accept, accept-language, content-type',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const body = await read(request);
    received = { contentType: request.headers['content-type'] ?? '', bytes: body.length };
    response.writeHead(answer.status, { ...cors, 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}`, routerBaseName: '', basePath: '' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const form = () => {
  const body = new FormData();
  body.append('serviceRequestId', '12');
  body.append('files', new File([new Uint8Array(50_000)], 'photo.jpg', { type: 'image/jpeg' }));
  return body;
};

describe('upload', () => {
  it('sends the multipart body and parses the answer with the schema', async () => {
    answer = { status: 201, body: { id: '7', extra: true } };
    const result = await upload('api/chat/files', form(), {
      schema: z.object({ id: z.string() }),
      silent: true,
    });
    expect(result).toEqual({ id: '7' });
    expect(received!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received!.bytes).toBeGreaterThan(50_000);
  });

  it("turns an error answer into the API client's error, with the code's translated message", async () => {
    answer = {
      status: 415,
      body: { code: 'FILE_TYPE_NOT_ALLOWED', message: '"photo.jpg" is not a file type we accept.' },
    };
    const failure = await upload('api/chat/files', form(), { silent: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 415, body: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    expect((failure as Error).message).toMatch(/^This file type is not accepted\./);
  });

  it('checks type, emptiness and size before anything is sent', () => {
    const limits = {
      ...UPLOAD_DEFAULT_LIMITS,
      contentTypes: UPLOAD_CONTENT_TYPES,
      extensions: UPLOAD_EXTENSIONS,
    };
    const file = (name: string, type: string, size: number) =>
      new File([new Uint8Array(size)], name, { type });
    expect(fileProblem(file('a.jpg', 'image/jpeg', 10), limits)).toBeNull();
    // Phones often give HEIC photos no type: the extension decides.
    expect(fileProblem(file('IMG_0001.HEIC', '', 10), limits)).toBeNull();
    expect(fileProblem(file('setup.exe', 'application/x-msdownload', 10), limits)).toBe('type');
    expect(fileProblem(file('a.png', 'image/png', 0), limits)).toBe('empty');
    expect(fileProblem(file('a.mp4', 'video/mp4', limits.maxFileBytes + 1), limits)).toBe('size');
  });
});
