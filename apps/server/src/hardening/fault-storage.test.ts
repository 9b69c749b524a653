import { writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '#app/plugins/errors.ts';

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
