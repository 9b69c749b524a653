import { describe, expect, it } from 'vitest';
import { securityEventOf } from './security-log.ts';

const answered = (method: string, route: string | undefined, status: number, userId: number | null = 7) => ({
  method,
  route,
  status,
  userId,
  ip: '203.0.113.5',
});

/** ASVS 5.0 16.3.1–16.3.3: which answers become a `security event` log line, and what it holds. */
describe('security events', () => {
  it('logs every authentication operation, succeeded or refused, without the account of a sign-in attempt', () => {
    expect(securityEventOf('', answered('POST', '/auth/login', 200))).toEqual({
      security: 'sign-in',
      status: 200,
      userId: null,
      ip: '203.0.113.5',
      method: 'POST',
      route: '/auth/login',
    });
    expect(securityEventOf('', answered('POST', '/auth/login', 401, null))?.security).toBe('sign-in-refused');
    expect(securityEventOf('', answered('POST', '/auth/login', 429, null))?.security).toBe('sign-in-refused');
    expect(securityEventOf('', answered('PUT', '/api/user/password', 400))).toMatchObject({
      security: 'password-change-refused',
      userId: 7,
    });
    expect(securityEventOf('', answered('POST', '/auth/password-reset/confirmation', 204))?.security).toBe(
      'password-reset',
    );
    // Checking a reset link is a guess at a token like using one: a refused check is named, not a bare 400.
    expect(securityEventOf('', answered('POST', '/auth/password-reset/check', 400, null))?.security).toBe(
      'password-reset-check-refused',
    );
    expect(securityEventOf('/portal', answered('POST', '/portal/api/user/deactivation', 204))).toMatchObject({
      security: 'deactivation',
      route: '/api/user/deactivation',
    });
  });

  it('logs refused requests: no session, no right, too many, wrong content type, another customer’s record', () => {
    expect(securityEventOf('', answered('GET', '/api/user/details', 401, null))?.security).toBe(
      'unauthenticated',
    );
    expect(securityEventOf('', answered('GET', '/api/staff/service-requests', 403))).toMatchObject({
      security: 'forbidden',
      userId: 7,
    });
    expect(securityEventOf('', answered('POST', undefined, 415, null))).toMatchObject({
      security: 'content-type-refused',
      route: '(no route)',
    });
    expect(securityEventOf('', answered('GET', '/api/parts', 429))?.security).toBe('rate-limited');
    expect(securityEventOf('', answered('GET', '/api/service-requests/:id', 404))?.security).toBe(
      'not-found',
    );
  });

  it('leaves ordinary answers alone', () => {
    expect(securityEventOf('', answered('GET', '/api/service-requests/:id', 200))).toBeUndefined();
    expect(securityEventOf('', answered('GET', '/api/parts', 400))).toBeUndefined();
    expect(securityEventOf('', answered('GET', undefined, 404, null))).toBeUndefined();
    expect(securityEventOf('', answered('GET', '/api/service-requests/:id', 404, null))).toBeUndefined();
  });
});
