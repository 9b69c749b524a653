import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '#app/security/tokens.ts';
import {
  b2cPayload,
  clearRateLimits,
  insertMachine,
  registrationPayload,
  ownerOf,
  postJson,
  queuedMail,
  tokenIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

describe('B2C registration (linking an online-store account)', () => {
  let t: TestApp;
  const known = new Set(['klient@sklep.example']);
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        b2cStore: {
          async verifyStoreAccount(email, password) {
            return known.has(email) && password === 'Sklep-konto-2026'
              ? { storeCustomerId: `shop:${email}` }
              : null;
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  it('creates a pending account linked to the store customer and confirms it by e-mail', async () => {
    await insertMachine(t.database.db, 'B2C-1');
    const res = await postJson(t.app, '/auth/registrationB2C', b2cPayload('klient@sklep.example', 'b2c-1'), {
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(202);
    const user = (await userByEmail(t.database.db, 'klient@sklep.example'))!;
    expect(user).toMatchObject({
      status: 'pending',
      b2cStoreCustomerId: 'shop:klient@sklep.example',
      firstName: '',
      marketingConsent: true,
    });
    const [mail] = await queuedMail(t.database.db, 'klient@sklep.example');
    expect(mail!.text).toMatch(/^Hello,/);
    const confirmed = await postJson(t.app, '/auth/registration/confirmation', {
      id: tokenIn(mail!.text, 'confirm'),
      username: 'klient@sklep.example',
    });
    expect(confirmed.json()).toEqual({ machineLinked: true });
    expect(await ownerOf(t.database.db, 'B2C-1')).toBe(user.id);
  });

  it('refuses an e-mail and password the store does not know', async () => {
    await insertMachine(t.database.db, 'B2C-2');
    const res = await postJson(t.app, '/auth/registrationB2C', b2cPayload('stranger@example.com', 'B2C-2'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'password', code: 'form.store-account-not-found' }]);
    expect(await userByEmail(t.database.db, 'stranger@example.com')).toBeUndefined();
  });

  it('refuses names or a phone in the B2C payload, which SPEC sends empty', async () => {
    const res = await postJson(
      t.app,
      '/auth/registrationB2C',
      b2cPayload('klient@sklep.example', 'B2C-2', { phone: '600100200' }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('B2C registration with the default store adapter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('accepts the link and records a derived store customer id', async () => {
    await insertMachine(t.database.db, 'B2C-9');
    const res = await postJson(t.app, '/auth/registrationB2C', b2cPayload('Kupiec@Example.com', 'B2C-9'));
    expect(res.statusCode).toBe(202);
    const user = (await userByEmail(t.database.db, 'kupiec@example.com'))!;
    expect(user.b2cStoreCustomerId).toBe(`local:${sha256Hex('kupiec@example.com').slice(0, 16)}`);
  });

  it('cannot take over a pending registration by linking a store account to its e-mail', async () => {
    await insertMachine(t.database.db, 'B2C-10');
    await insertMachine(t.database.db, 'B2C-11');
    await postJson(t.app, '/auth/registration', registrationPayload('rolnik@example.com', 'B2C-10'));
    const before = (await userByEmail(t.database.db, 'rolnik@example.com'))!;
    const res = await postJson(
      t.app,
      '/auth/registrationB2C',
      b2cPayload('rolnik@example.com', 'B2C-11', { password: 'Przejete-konto-77' }),
    );
    expect(res.statusCode).toBe(202);
    expect(await userByEmail(t.database.db, 'rolnik@example.com')).toEqual(before);
    const [first] = await queuedMail(t.database.db, 'rolnik@example.com');
    const confirmed = await postJson(t.app, '/auth/registration/confirmation', {
      id: tokenIn(first!.text, 'confirm'),
      username: 'rolnik@example.com',
    });
    expect(confirmed.json()).toEqual({ machineLinked: true });
    const user = (await userByEmail(t.database.db, 'rolnik@example.com'))!;
    expect(user).toMatchObject({ status: 'active', firstName: 'Jan', b2cStoreCustomerId: null });
    expect(await ownerOf(t.database.db, 'B2C-11')).toBeNull();
    const login = (password: string) =>
      postJson(t.app, '/auth/login', { username: 'rolnik@example.com', password, remember: false });
    expect((await login('Zielone-pole-2026')).statusCode).toBe(200);
    expect((await login('Przejete-konto-77')).statusCode).toBe(401);
  });
});
