import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens } from '#app/db/schema/sessions.ts';
import {
  clearOutbox,
  clearRateLimits,
  insertMachine,
  insertUser,
  ownerOf,
  postJson,
  queuedMail,
  registrationPayload,
  tokenIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { sha256Hex } from '#app/security/tokens.ts';

describe('registration with a machine number', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://care.example', BASE_PATH: '/portal' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
    await clearOutbox(t.database.db);
  });

  it('creates a pending account and e-mails a confirmation link in the customer’s language', async () => {
    await insertMachine(t.database.db, 'AGM-100');
    const res = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('Ewa.Nowak@Example.com', ' agm-100 '),
      {
        'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
      },
    );
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const user = (await userByEmail(t.database.db, 'ewa.nowak@example.com'))!;
    expect(user).toMatchObject({
      status: 'pending',
      role: 'customer',
      language: 'de',
      phone: '600100200',
      marketingConsent: false,
    });
    expect(user.rulesAcceptedAt).toBeInstanceOf(Date);
    expect(await ownerOf(t.database.db, 'AGM-100')).toBeNull();

    const [mail] = await queuedMail(t.database.db, 'ewa.nowak@example.com');
    expect(mail).toMatchObject({ kind: 'confirm-registration', language: 'de', sentAt: null });
    expect(mail!.subject).toContain('Bestätigen');
    expect(mail!.text).toMatch(
      /https:\/\/care\.example\/portal\/confirm\/[A-Za-z0-9_-]{43}\/ewa\.nowak%40example\.com/,
    );
    const token = tokenIn(mail!.text, 'confirm');
    const [stored] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(sha256Hex(token));
    expect(stored!.purpose).toBe('confirm_registration');
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);
    expect(mail!.text).not.toContain(stored!.tokenHash);
  });

  it('confirms once: the account becomes active, the machine becomes the customer’s, the link is spent', async () => {
    await insertMachine(t.database.db, 'AGM-101');
    await postJson(t.app, '/portal/auth/registration', registrationPayload('piotr@example.com', 'AGM-101'));
    const token = tokenIn((await queuedMail(t.database.db, 'piotr@example.com'))[0]!.text, 'confirm');

    const before = await postJson(t.app, '/portal/auth/login', {
      username: 'piotr@example.com',
      password: 'Zielone-pole-2026',
      remember: false,
    });
    expect(before.json().code).toBe('EMAIL_NOT_CONFIRMED');

    const res = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: token,
      username: 'piotr@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ machineLinked: true });
    const user = (await userByEmail(t.database.db, 'piotr@example.com'))!;
    expect(user.status).toBe('active');
    expect(user.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await ownerOf(t.database.db, 'AGM-101')).toBe(user.id);

    const again = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: token,
      username: 'piotr@example.com',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    const after = await postJson(t.app, '/portal/auth/login', {
      username: 'piotr@example.com',
      password: 'Zielone-pole-2026',
      remember: false,
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a forged link, an expired link and a link opened with another e-mail', async () => {
    await insertMachine(t.database.db, 'AGM-102');
    await postJson(t.app, '/portal/auth/registration', registrationPayload('maria@example.com', 'AGM-102'));
    const token = tokenIn((await queuedMail(t.database.db, 'maria@example.com'))[0]!.text, 'confirm');
    const post = (id: string, username: string) =>
      postJson(t.app, '/portal/auth/registration/confirmation', { id, username });

    const forged = await post('A'.repeat(43), 'maria@example.com');
    expect(forged.json().code).toBe('INVALID_TOKEN');
    const otherEmail = await post(token, 'someone@example.com');
    expect(otherEmail.json().code).toBe('INVALID_TOKEN');

    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256Hex(token)));
    const expired = await post(token, 'maria@example.com');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_TOKEN');
    expect((await userByEmail(t.database.db, 'maria@example.com'))!.status).toBe('pending');
  });

  it('keeps a link usable after it was opened with the wrong e-mail', async () => {
    await insertMachine(t.database.db, 'AGM-103');
    await postJson(t.app, '/portal/auth/registration', registrationPayload('olga@example.com', 'AGM-103'));
    const token = tokenIn((await queuedMail(t.database.db, 'olga@example.com'))[0]!.text, 'confirm');
    const wrong = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: token,
      username: 'wrong@example.com',
    });
    expect(wrong.json().code).toBe('INVALID_TOKEN');
    const right = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: token,
      username: 'OLGA@example.com',
    });
    expect(right.statusCode).toBe(200);
  });

  it('answers an unknown machine number and one that already has an owner alike, as a field error', async () => {
    const owner = await insertUser(t.database.db, { email: 'owner@example.com' });
    await insertMachine(t.database.db, 'AGM-200', owner);
    const unknown = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('a@example.com', 'NOPE-1'),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'machineNumber', code: 'form.machine-number-unknown' }],
    });
    const owned = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('a@example.com', 'agm-200'),
    );
    // Nobody learns from the form which serial numbers are registered; the message covers both cases.
    expect(owned.statusCode).toBe(unknown.statusCode);
    expect(owned.body).toBe(unknown.body);
    expect(await userByEmail(t.database.db, 'a@example.com')).toBeUndefined();
    expect(await queuedMail(t.database.db)).toEqual([]);
  });

  it('re-validates every SPEC §5 rule on the server', async () => {
    await insertMachine(t.database.db, 'AGM-300');
    const res = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('bad email', 'AGM-300', {
        personFirstName: 'Al',
        phone: '12345',
        peselOrNip: '12ab',
        password: 'short',
        rulesAgreementChecked: false,
      }),
    );
    expect(res.statusCode).toBe(400);
    const codes = Object.fromEntries(
      res.json().fields.map((f: { path: string; code: string }) => [f.path, f.code]),
    );
    expect(codes).toMatchObject({
      personFirstName: 'form.min-length',
      email: 'form.wrong-email',
      phone: 'form.wrong-phone',
      peselOrNip: 'form.wrong-pesel-or-nip',
      password: 'form.min-length',
      rulesAgreementChecked: 'form.rules-required',
    });
  });

  it('refuses a username that is not the e-mail', async () => {
    await insertMachine(t.database.db, 'AGM-301');
    const res = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('x@example.com', 'AGM-301', { username: 'y@example.com' }),
    );
    expect(res.json().fields).toEqual([{ path: 'username', code: 'form.wrong-username' }]);
  });

  it('refuses one of the 10,000 most common passwords and a password made of the person’s name', async () => {
    await insertMachine(t.database.db, 'AGM-302');
    const common = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('c@example.com', 'AGM-302', { password: 'Password1' }),
    );
    expect(common.json().fields).toEqual([{ path: 'password', code: 'form.password-too-common' }]);
    const named = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('c@example.com', 'AGM-302', { password: 'Kowalski!2026' }),
    );
    expect(named.json().fields).toEqual([{ path: 'password', code: 'form.password-context-word' }]);
    const long = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('c@example.com', 'AGM-302', { password: 'x'.repeat(129) }),
    );
    expect(long.json().fields).toEqual([{ path: 'password', code: 'form.max-length' }]);
  });

  it('refuses Polish and German everyday passwords with the common-password message', async () => {
    await insertMachine(t.database.db, 'AGM-303');
    for (const password of ['haslo123', 'polska1', 'kochamcie', 'zniwa2026', 'Passwort!1']) {
      const res = await postJson(
        t.app,
        '/portal/auth/registration',
        registrationPayload(`slabe-${password.length}${password[0]}@example.com`, 'AGM-303', { password }),
      );
      expect(res.json().fields, password).toEqual([{ path: 'password', code: 'form.password-too-common' }]);
    }
    expect(await queuedMail(t.database.db)).toEqual([]);
  });

  it('answers a taken e-mail exactly like a success and tells the owner instead', async () => {
    await insertUser(t.database.db, { email: 'anna@example.com', firstName: 'Anna', language: 'en' });
    await insertMachine(t.database.db, 'AGM-400');
    await insertMachine(t.database.db, 'AGM-401');
    const taken = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('ANNA@example.com', 'AGM-400'),
    );
    const fresh = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('new@example.com', 'AGM-401'),
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const [notice] = await queuedMail(t.database.db, 'anna@example.com');
    expect(notice).toMatchObject({ kind: 'already-registered', language: 'en' });
    expect(notice!.text).toContain('Hello Anna,');
    expect(notice!.text).not.toMatch(/\/confirm\//);
    const anna = (await userByEmail(t.database.db, 'anna@example.com'))!;
    expect(anna.firstName).toBe('Anna');
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.userId, anna.id))).toEqual([]);
  });

  it('a second registration of a pending e-mail changes nothing of the first: its own link activates it as entered', async () => {
    await insertMachine(t.database.db, 'AGM-500');
    await insertMachine(t.database.db, 'AGM-501');
    const victim = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('kasia@example.com', 'AGM-500', { personFirstName: 'Katarzyna' }),
    );
    const before = (await userByEmail(t.database.db, 'kasia@example.com'))!;
    const attacker = await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('kasia@example.com', 'AGM-501', {
        personFirstName: 'Mallory',
        personLastName: 'Intruz',
        password: 'Przejete-konto-77',
        marketingAgreementChecked: true,
      }),
    );
    // The caller learns nothing: the same answer as a first registration.
    expect(attacker.statusCode).toBe(victim.statusCode);
    expect(attacker.body).toBe(victim.body);
    expect(Object.keys(attacker.headers).sort()).toEqual(Object.keys(victim.headers).sort());
    const after = (await userByEmail(t.database.db, 'kasia@example.com'))!;
    expect(after).toEqual(before);

    const [first, second] = await queuedMail(t.database.db, 'kasia@example.com');
    expect(first!.text).toContain('Dzień dobry, Katarzyna,');
    const res = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: tokenIn(first!.text, 'confirm'),
      username: 'kasia@example.com',
    });
    expect(res.json()).toEqual({ machineLinked: true });
    const kasia = (await userByEmail(t.database.db, 'kasia@example.com'))!;
    expect(kasia).toMatchObject({
      status: 'active',
      firstName: 'Katarzyna',
      lastName: 'Kowalski',
      marketingConsent: false,
      rulesAcceptedAt: before.rulesAcceptedAt,
    });
    expect(await ownerOf(t.database.db, 'AGM-500')).toBe(kasia.id);
    expect(await ownerOf(t.database.db, 'AGM-501')).toBeNull();
    const signIn = (password: string) =>
      postJson(t.app, '/portal/auth/login', { username: 'kasia@example.com', password, remember: false });
    expect((await signIn('Zielone-pole-2026')).statusCode).toBe(200);
    expect((await signIn('Przejete-konto-77')).json().code).toBe('INVALID_CREDENTIALS');

    // The other registration's link is void now, and no link keeps a password hash.
    const late = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: tokenIn(second!.text, 'confirm'),
      username: 'kasia@example.com',
    });
    expect(late.json().code).toBe('INVALID_TOKEN');
    expect(await ownerOf(t.database.db, 'AGM-501')).toBeNull();
    const links = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, kasia.id));
    expect(links.map((link) => link.registration)).toEqual([null, null]);
  });

  it('lets the mailbox owner who registers again (a mistyped password, a lost mail) confirm the newest registration', async () => {
    await insertMachine(t.database.db, 'AGM-502');
    await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('tomek@example.com', 'AGM-502', { password: 'Zielone-pole-2062' }),
    );
    await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('tomek@example.com', 'AGM-502', {
        personFirstName: 'Tomasz',
        marketingAgreementChecked: true,
      }),
    );
    const registeredBy = new Date();
    const [first, second] = await queuedMail(t.database.db, 'tomek@example.com');
    expect(second!.text).toContain('Dzień dobry, Tomasz,');
    const res = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: tokenIn(second!.text, 'confirm'),
      username: 'tomek@example.com',
    });
    expect(res.json()).toEqual({ machineLinked: true });
    const tomek = (await userByEmail(t.database.db, 'tomek@example.com'))!;
    expect(tomek).toMatchObject({ status: 'active', firstName: 'Tomasz', marketingConsent: true });
    // The consent is dated when it was given, not when the link was opened.
    expect(tomek.marketingConsentAt!.getTime()).toBeLessThanOrEqual(registeredBy.getTime());
    expect(await ownerOf(t.database.db, 'AGM-502')).toBe(tomek.id);
    const signedIn = await postJson(t.app, '/portal/auth/login', {
      username: 'tomek@example.com',
      password: 'Zielone-pole-2026',
      remember: false,
    });
    expect(signedIn.statusCode).toBe(200);
    const old = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: tokenIn(first!.text, 'confirm'),
      username: 'tomek@example.com',
    });
    expect(old.json().code).toBe('INVALID_TOKEN');
  });

  it('links the machine only if it is still free when the account is confirmed', async () => {
    await insertMachine(t.database.db, 'AGM-600');
    await postJson(t.app, '/portal/auth/registration', registrationPayload('first@example.com', 'AGM-600'));
    await postJson(t.app, '/portal/auth/registration', registrationPayload('second@example.com', 'AGM-600'));
    const tokenOf = async (email: string) =>
      tokenIn((await queuedMail(t.database.db, email))[0]!.text, 'confirm');
    const second = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: await tokenOf('second@example.com'),
      username: 'second@example.com',
    });
    const first = await postJson(t.app, '/portal/auth/registration/confirmation', {
      id: await tokenOf('first@example.com'),
      username: 'first@example.com',
    });
    expect(second.json()).toEqual({ machineLinked: true });
    expect(first.json()).toEqual({ machineLinked: false });
    expect((await userByEmail(t.database.db, 'first@example.com'))!.status).toBe('active');
    expect(await ownerOf(t.database.db, 'AGM-600')).toBe(
      (await userByEmail(t.database.db, 'second@example.com'))!.id,
    );
  });

  it('records the marketing consent given at registration', async () => {
    await insertMachine(t.database.db, 'AGM-700');
    await postJson(
      t.app,
      '/portal/auth/registration',
      registrationPayload('zgoda@example.com', 'AGM-700', { marketingAgreementChecked: true }),
    );
    const user = (await userByEmail(t.database.db, 'zgoda@example.com'))!;
    expect(user.marketingConsent).toBe(true);
    expect(user.marketingConsentAt).toBeInstanceOf(Date);
  });
});
