import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore } from '#app/files/file-store.ts';
import { receiveUploads } from '#app/files/uploads.ts';
import { registerErrorHandling } from '#app/plugins/errors.ts';
import { EXECUTABLE, filesUnder, multipart as multipartBody } from '#app/test/files.ts';

/**
 * A full disk as the client sees it (`npm run faults -- disk-full` fills a real tmpfs under the file store):
 * the error handler turns the file system's ENOSPC into 507 STORAGE_FULL, not a 500.
 */
describe('storage errors', () => {
  it('answers 507 STORAGE_FULL with Retry-After for a write that meets a full device', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    // /dev/full fails every write with ENOSPC, as a full disk does.
    app.post('/write', async () => {
      await writeFile('/dev/full', 'some bytes');
      return { ok: true };
    });
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(507);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({ code: 'STORAGE_FULL', message: expect.any(String) });
    await app.close();
  });

  it('leaves an error code that is not a file system error alone', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/other', async () => {
      throw Object.assign(new Error('not from the file system'), { code: 'EACCES' });
    });
    const response = await app.inject('/other');
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL');
    await app.close();
  });
});

describe('an upload refused part-way', () => {
  it('answers a client that is still sending, and the connection serves the next request', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'care-refused-'));
    const store = createLocalFileStore(join(dataDir, 'files'));
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(multipart);
    app.post('/upload', async (request) => {
      const received = await receiveUploads(request, store, {
        maxFileBytes: 64 * 1024 * 1024,
        maxRequestBytes: 64 * 1024 * 1024,
        maxFiles: 3,
      });
      return { files: received.files.length };
    });
    app.get('/next', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      // The type is refused after the first bytes; 8 MB more are still on their way (more than socket buffers hold).
      const body = multipartBody([
        {
          name: 'files',
          file: { filename: 'x.png', content: Buffer.concat([EXECUTABLE, randomBytes(8 << 20)]) },
        },
      ]);
      const refused = await fetch(`http://127.0.0.1:${port}/upload`, {
        method: 'POST',
        headers: { 'content-type': body.contentType },
        body: new Uint8Array(body.body),
        signal: AbortSignal.timeout(10_000),
      });
      expect(refused.status).toBe(415);
      expect((await refused.json()).code).toBe('FILE_TYPE_NOT_ALLOWED');
      const next = await fetch(`http://127.0.0.1:${port}/next`, { signal: AbortSignal.timeout(5_000) });
      expect(next.status).toBe(200);
      expect(await filesUnder(join(dataDir, 'files'))).toEqual([]);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
