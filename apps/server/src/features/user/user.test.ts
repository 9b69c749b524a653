import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import {
  awayFromWindowEdge,
  clearRateLimits,
  cookieFor,
  insertUser,
  PASSWORD,
  signIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

describe('the account: details, address, authorities', () => {
  let t: TestApp;
  let jan: string;
  const get = (url: string, cookie = jan) => t.app.inject({ url, headers: { cookie } });
  const put = (url: string, payload: object, cookie = jan) =>
    t.app.inject({ method: 'PUT', url, payload, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp({ CUSTOMER_AUTHORITIES: 'RIGHT_CARE_VIEW_CATALOG,RIGHT_CARE_EXTRA' });
    await insertUser(t.database.db, { email: 'jan@example.com', firstName: 'Jan', lastName: 'Kowalski' });
    await insertUser(t.database.db, { email: 'serwis@agromech.example', role: 'service' });
    jan = await cookieFor(t.app, 'jan@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses every api/user call without a session', async () => {
    for (const url of [
      '/api/user/extended-details',
      '/api/user/authorities',
      '/api/user/details',
      '/api/user/address',
      '/api/user/settings',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    const forged = await get('/api/user/details', 'care_session=forged-token');
    expect(forged.statusCode).toBe(401);
  });

  it('answers the extended details of the signed-in user', async () => {
    const res = await get('/api/user/extended-details');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      email: 'jan@example.com',
      firstName: 'Jan',
      lastName: 'Kowalski',
      role: 'customer',
      language: 'pl',
      phone: '',
      peselOrNip: '',
      marketingConsent: false,
      linkedStoreAccount: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('gives customers the authorities of CUSTOMER_AUTHORITIES and staff the catalogue', async () => {
    expect((await get('/api/user/authorities')).json()).toEqual([
      'RIGHT_CARE_VIEW_CATALOG',
      'RIGHT_CARE_EXTRA',
    ]);
    const staff = await cookieFor(t.app, 'serwis@agromech.example');
    expect((await get('/api/user/authorities', staff)).json()).toEqual(['RIGHT_CARE_VIEW_CATALOG']);
  });

  it('changes names, phone, PESEL/NIP and language; the e-mail stays', async () => {
    const res = await put('/api/user/details', {
      firstName: ' Janusz ',
      lastName: 'Kowalski',
      phone: '601-234-567',
      peselOrNip: '123-456-32-18',
      language: 'de',
      email: 'attacker@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'jan@example.com',
      firstName: 'Janusz',
      lastName: 'Kowalski',
      phone: '601234567',
      peselOrNip: '1234563218',
      language: 'de',
    });
    expect((await get('/api/user/details')).json()).toEqual(res.json());
    // Left out, PESEL/NIP and language stay; an empty phone removes it.
    const again = await put('/api/user/details', { firstName: 'Janusz', lastName: 'Kowalski', phone: '' });
    expect(again.json()).toMatchObject({ phone: '', peselOrNip: '1234563218', language: 'de' });
  });

  it('refuses details that break SPEC §5 rules', async () => {
    const res = await put('/api/user/details', {
      firstName: 'Al',
      lastName: 'Kowalski',
      phone: '123',
      peselOrNip: 'x1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'firstName', code: 'form.min-length' },
        { path: 'phone', code: 'form.wrong-phone' },
        { path: 'peselOrNip', code: 'form.wrong-pesel-or-nip' },
      ]),
    );
  });

  it('answers an empty address before the first save, then the saved one', async () => {
    expect((await get('/api/user/address')).json()).toEqual({
      companyName: '',
      street: '',
      houseNumber: '',
      apartmentNumber: '',
      postalCode: '',
      city: '',
      countryCode: 'PL',
    });
    const address = {
      companyName: 'Gospodarstwo Rolne Kowalski',
      street: 'Polna',
      houseNumber: '12',
      apartmentNumber: '',
      postalCode: '63-000',
      city: 'Środa Wielkopolska',
      countryCode: 'pl',
    };
    const saved = await put('/api/user/address', address);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...address, countryCode: 'PL' });
    const changed = await put('/api/user/address', {
      ...address,
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
    expect(changed.json()).toMatchObject({ postalCode: '10115', city: 'Berlin', countryCode: 'DE' });
    expect((await get('/api/user/address')).json()).toEqual(changed.json());
    const bad = await put('/api/user/address', { ...address, countryCode: 'Polska' });
    expect(bad.json().fields).toEqual([{ path: 'countryCode', code: 'form.wrong-country-code' }]);
  });

  it("refuses a postal code that does not fit the country, naming the country's format", async () => {
    const address = {
      companyName: '',
      street: 'Polna',
      houseNumber: '12',
      apartmentNumber: '',
      postalCode: '63-000',
      city: 'Środa Wielkopolska',
      countryCode: 'PL',
    };
    expect((await put('/api/user/address', address)).statusCode).toBe(200);
    for (const [postalCode, countryCode, example] of [
      ['abc', 'PL', '62-050'],
      ['63000', 'PL', '62-050'],
      ['63-000', 'DE', '10115'],
    ] as const) {
      const refused = await put('/api/user/address', { ...address, postalCode, countryCode });
      expect(refused.statusCode, postalCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'postalCode', code: 'form.wrong-postal-code', params: { example } }],
      });
    }
    // Nothing of a refused change was kept.
    expect((await get('/api/user/address')).json()).toMatchObject({
      postalCode: '63-000',
      countryCode: 'PL',
    });
    const dutch = await put('/api/user/address', { ...address, postalCode: ' 1012  ab', countryCode: 'NL' });
    expect(dutch.json()).toMatchObject({ postalCode: '1012 AB', countryCode: 'NL' });
  });

  it('documents GET and PUT api/user/address in the OpenAPI', async () => {
    const paths = (await t.app.inject('/api/docs/json')).json().paths;
    expect(Object.keys(paths['/api/user/address'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(paths).toHaveProperty('/auth/login');
    expect(paths).toHaveProperty('/api/user/settings/{id}');
  });
});

describe('changing the password and deactivating the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  const changePassword = (cookie: string, oldPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: { cookie },
      payload: { oldPassword, newPassword },
    });
  const authorities = (cookie: string) => t.app.inject({ url: '/api/user/authorities', headers: { cookie } });

  it('changes the password: this session stays, the others end, only the new password works', async () => {
    await insertUser(t.database.db, { email: 'change@example.com' });
    const here = await cookieFor(t.app, 'change@example.com');
    const elsewhere = await cookieFor(t.app, 'change@example.com');
    const res = await changePassword(here, PASSWORD, 'Nowe-haslo-zniwa-24');
    expect(res.statusCode).toBe(204);
    expect((await authorities(here)).statusCode).toBe(200);
    expect((await authorities(elsewhere)).statusCode).toBe(401);
    expect((await signIn(t.app, 'change@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, 'change@example.com', 'Nowe-haslo-zniwa-24')).statusCode).toBe(200);
  });

  it('refuses a wrong old password, an unchanged one and a common one as field errors', async () => {
    await insertUser(t.database.db, { email: 'refuse@example.com' });
    const cookie = await cookieFor(t.app, 'refuse@example.com');
    const wrongOld = await changePassword(cookie, 'Not-my-password-1', 'Nowe-haslo-zniwa-24');
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().fields).toEqual([{ path: 'oldPassword', code: 'form.password-incorrect' }]);
    expect((await changePassword(cookie, PASSWORD, PASSWORD)).json().fields).toEqual([
      { path: 'newPassword', code: 'form.password-same-as-old' },
    ]);
    expect((await changePassword(cookie, PASSWORD, 'iloveyou')).json().fields).toEqual([
      { path: 'newPassword', code: 'form.password-too-common' },
    ]);
    expect((await changePassword(cookie, PASSWORD, '12345')).json().fields).toEqual([
      { path: 'newPassword', code: 'form.min-length' },
    ]);
    expect((await signIn(t.app, 'refuse@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('limits password guesses through an open session to 10 per 15 minutes', async () => {
    await insertUser(t.database.db, { email: 'guess@example.com' });
    await awayFromWindowEdge(RATE_LIMITS.passwordCheckPerUser.timeWindow);
    const cookie = await cookieFor(t.app, 'guess@example.com');
    for (let i = 0; i < 10; i++)
      expect((await changePassword(cookie, `guess-${i}-x`, 'Nowe-haslo-zniwa-24')).statusCode).toBe(400);
    const limited = await changePassword(cookie, PASSWORD, 'Nowe-haslo-zniwa-24');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('deactivates the account with the password: every session ends, sign-in is refused, the data stays', async () => {
    await insertUser(t.database.db, { email: 'leave@example.com' });
    const here = await cookieFor(t.app, 'leave@example.com');
    const elsewhere = await cookieFor(t.app, 'leave@example.com');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      headers: { cookie: here },
      payload: { password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ path: 'password', code: 'form.password-incorrect' }]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      headers: { cookie: here },
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'care_session')!.value).toBe('');
    expect((await authorities(here)).statusCode).toBe(401);
    expect((await authorities(elsewhere)).statusCode).toBe(401);
    expect((await signIn(t.app, 'leave@example.com')).json().code).toBe('INVALID_CREDENTIALS');
    expect(await userByEmail(t.database.db, 'leave@example.com')).toMatchObject({
      status: 'deactivated',
      deactivatedAt: expect.any(Date),
      firstName: 'Jan',
    });
  });
});
