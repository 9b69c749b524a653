import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import {
  awayFromWindowEdge,
  b2cPayload,
  clearOutbox,
  clearRateLimits,
  insertMachine,
  insertUser,
  ownerOf,
  postJson,
  queuedMail,
  registrationPayload,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/** Issue 13: registration must not be a way to send attacker-written mail to many people. */
describe('registration mail: one address, plain names, bounded volume', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://care.example',
      BASE_PATH: '/portal',
      QUOTA_REGISTRATIONS_PER_DOMAIN_PER_HOUR: '8',
    });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
    await clearOutbox(t.database.db);
  });

  it('takes one e-mail address only: a list of recipients is refused on registration, B2C and reset', async () => {
    await insertMachine(t.database.db, 'AGM-310');
    for (const email of [
      'ofiara@example.com, inny@example.org',
      'ofiara@example.com,inny@example.org',
      'ofiara@example.com;inny@example.org',
      '"Serwis" <ofiara@example.com>',
      'ofiara@example.com>,<inny@example.org',
    ]) {
      const registration = await postJson(
        t.app,
        '/portal/auth/registration',
        registrationPayload(email, 'AGM-310'),
      );
      expect(registration.statusCode, email).toBe(400);
      expect(registration.json().fields, email).toContainEqual({ path: 'email', code: 'form.wrong-email' });
      const b2c = await postJson(t.app, '/portal/auth/registrationB2C', b2cPayload(email, 'AGM-310'));
      expect(b2c.json().fields, email).toContainEqual({ path: 'email', code: 'form.wrong-email' });
      const reset = await postJson(t.app, '/portal/auth/password-reset', { email });
      expect(reset.json().fields, email).toEqual([{ path: 'email', code: 'form.wrong-email' }]);
    }
    expect(await queuedMail(t.database.db)).toEqual([]);
    expect(await ownerOf(t.database.db, 'AGM-310')).toBeNull();
  });

  it('refuses names that carry a link, markup or a line break, or run over 50 characters', async () => {
    await insertMachine(t.database.db, 'AGM-311');
    for (const personFirstName of [
      'Wygrałeś https://evil.example',
      'www.evil.example',
      '<b>Jan</b>',
      'Jan\nKliknij tutaj',
      'Jan 100 zł',
    ]) {
      const res = await postJson(
        t.app,
        '/portal/auth/registration',
        registrationPayload('imie@example.com', 'AGM-311', { personFirstName }),
      );
      expect(res.json().fields, personFirstName).toEqual([
        { path: 'personFirstName', code: 'form.wrong-name' },
      ]);
    }
    const long = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('imie@example.com', 'AGM-311', { personLastName: 'Długie'.repeat(9) }),
    );
    expect(long.json().fields).toEqual([{ path: 'personLastName', code: 'form.max-length' }]);
    expect(await queuedMail(t.database.db)).toEqual([]);
    for (const personLastName of ['Kowalska-Nowak', 'O’Brien', "D'Angelo", 'van der Berg', 'Wiśniewska']) {
      const res = await postJson(
        t.app,
        '/portal/auth/registration',
        registrationPayload(`${personLastName.length}@example.com`, 'NOPE-311', { personLastName }),
      );
      expect(res.json().fields, personLastName).toEqual([
        { path: 'machineNumber', code: 'form.machine-number-unknown' },
      ]);
    }
  });

  it('greets by name only when the stored name is a plain name', async () => {
    await insertUser(t.database.db, {
      email: 'stary@example.com',
      firstName: 'Odbierz nagrodę na https://evil.example',
      language: 'en',
    });
    await insertMachine(t.database.db, 'AGM-312');
    await postJson(t.app, '/portal/auth/registration', registrationPayload('stary@example.com', 'AGM-312'));
    const [notice] = await queuedMail(t.database.db, 'stary@example.com');
    expect(notice!.kind).toBe('already-registered');
    expect(notice!.text).toMatch(/^Hello,/);
    expect(notice!.text + notice!.html).not.toContain('evil.example');
  });

  it('bounds registration mail to one address and to one domain, from any number of client addresses', async () => {
    const perDomain = t.env.QUOTA_REGISTRATIONS_PER_DOMAIN_PER_HOUR;
    await awayFromWindowEdge(60 * 60_000);
    const register = (email: string) =>
      postJson(t.app, '/portal/auth/registration', registrationPayload(email, 'NOPE-320'));
    for (let i = 0; i < RATE_LIMITS.registrationPerAddress.max; i++) {
      expect((await register('skrzynka@limit.example')).statusCode).toBe(400);
    }
    const again = await register('SKRZYNKA@limit.example');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

    // The refused fourth one did not count; the domain has room for what the one address left.
    for (let i = RATE_LIMITS.registrationPerAddress.max; i < perDomain; i++) {
      expect((await register(`osoba${i}@limit.example`)).statusCode).toBe(400);
    }
    const domain = await postJson(
      t.app,
      '/portal/auth/registrationB2C',
      b2cPayload('jeszcze-jedna@limit.example', 'NOPE-320'),
    );
    expect(domain.statusCode).toBe(429);
    expect((await register('osoba@inna.example')).statusCode).toBe(400);
  });
});
