import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearRateLimits, cookieFor, insertUser, signIn, userByEmail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { type CliIo, runCli } from './main.ts';

function recorder(answers: string[] | null = null): CliIo & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return {
    output,
    errors,
    out: (line) => output.push(line),
    err: (line) => errors.push(line),
    ...(answers ? { askSecret: async () => answers.shift() ?? '' } : {}),
  };
}

describe('command line', () => {
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

  it('creates a staff account with the given password that can sign in at once', async () => {
    const io = recorder();
    const code = await runCli(
      [
        'create-user',
        '--email',
        'Serwis2@AgroMech.example',
        '--role',
        'service',
        '--first-name',
        'Piotr',
        '--last-name',
        'Nowak',
        '--password',
        'Serwisowe-haslo-1',
      ],
      t.database.db,
      io,
    );
    expect(code).toBe(0);
    expect(io.output.join('\n')).toMatch(/Created service serwis2@agromech\.example \(id \d+\)/);
    expect(io.output.join('\n')).not.toContain('Serwisowe-haslo-1');
    expect(await userByEmail(t.database.db, 'serwis2@agromech.example')).toMatchObject({
      role: 'service',
      status: 'active',
    });
    expect((await signIn(t.app, 'serwis2@agromech.example', 'Serwisowe-haslo-1')).statusCode).toBe(200);
  });

  it('generates and prints a password when none is given outside a terminal', async () => {
    const io = recorder();
    const args = [
      'create-user',
      '--email',
      'admin2@agromech.example',
      '--role',
      'admin',
      '--first-name',
      'Tomasz',
      '--last-name',
      'Zieliński',
    ];
    expect(await runCli(args, t.database.db, io)).toBe(0);
    const password = /Password: (\S+)/.exec(io.output.join('\n'))![1]!;
    expect(password).toHaveLength(20);
    expect((await signIn(t.app, 'admin2@agromech.example', password)).statusCode).toBe(200);
  });

  it('asks for the password twice in a terminal, and generates one for an empty answer', async () => {
    const asked = recorder(['Haslo-z-terminala-7', 'Haslo-z-terminala-7']);
    const args = (email: string) => [
      'create-user',
      '--email',
      email,
      '--role',
      'sales',
      '--first-name',
      'Kasia',
      '--last-name',
      'Wiśniewska',
    ];
    expect(await runCli(args('sales2@agromech.example'), t.database.db, asked)).toBe(0);
    expect((await signIn(t.app, 'sales2@agromech.example', 'Haslo-z-terminala-7')).statusCode).toBe(200);

    const differ = recorder(['Haslo-z-terminala-7', 'Inne-haslo-8']);
    expect(await runCli(args('sales3@agromech.example'), t.database.db, differ)).toBe(1);
    expect(differ.errors.join()).toMatch(/differ/);

    const empty = recorder(['']);
    expect(await runCli(args('sales4@agromech.example'), t.database.db, empty)).toBe(0);
    expect(empty.output.join('\n')).toMatch(/Password: \S{20}/);
  });

  it('refuses an existing e-mail with a clear message and exit code 1, changing nothing', async () => {
    await insertUser(t.database.db, { email: 'taken@example.com', firstName: 'Stary' });
    const io = recorder();
    const code = await runCli(
      [
        'create-user',
        '--email',
        'TAKEN@example.com',
        '--role',
        'admin',
        '--first-name',
        'Nowy',
        '--last-name',
        'Admin',
        '--password',
        'Inne-haslo-admina-1',
      ],
      t.database.db,
      io,
    );
    expect(code).toBe(1);
    expect(io.errors.join()).toMatch(/taken@example\.com already exists/);
    expect(await userByEmail(t.database.db, 'taken@example.com')).toMatchObject({
      firstName: 'Stary',
      role: 'customer',
    });
  });

  it('refuses a bad role, a missing option, a common password and an unknown option', async () => {
    const base = ['create-user', '--email', 'x@example.com', '--first-name', 'Jan', '--last-name', 'Nowak'];
    for (const args of [
      [...base, '--role', 'root', '--password', 'Dobre-haslo-99'],
      ['create-user', '--email', 'x@example.com', '--role', 'admin'],
      [...base, '--role', 'admin', '--password', 'password1'],
      [...base, '--role', 'admin', '--pasword', 'typo'],
    ]) {
      const io = recorder();
      expect(await runCli(args, t.database.db, io), args.join(' ')).toBe(1);
      expect(io.errors.join()).not.toBe('');
    }
    expect(await userByEmail(t.database.db, 'x@example.com')).toBeUndefined();
  });

  it('signs a user out everywhere', async () => {
    await insertUser(t.database.db, { email: 'out@example.com' });
    const cookie = await cookieFor(t.app, 'out@example.com');
    const io = recorder();
    expect(await runCli(['end-sessions', '--email', 'out@example.com'], t.database.db, io)).toBe(0);
    expect(io.output).toEqual(['Ended 1 session(s) of out@example.com.']);
    expect((await t.app.inject({ url: '/api/user/authorities', headers: { cookie } })).statusCode).toBe(401);
  });

  it('prints the usage for help and for an unknown command', async () => {
    const help = recorder();
    expect(await runCli(['--help'], t.database.db, help)).toBe(0);
    expect(help.output.join()).toContain('create-user');
    const unknown = recorder();
    expect(await runCli(['drop-everything'], t.database.db, unknown)).toBe(1);
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});

describe('command line process', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs `npm run cli -- create-user` against the database of the environment', async () => {
    const main = resolve(import.meta.dirname, 'main.ts');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const args = [
      '--disable-warning=ExperimentalWarning',
      main,
      'create-user',
      '--email',
      'cli@example.com',
      '--role',
      'customer',
      '--first-name',
      'Jan',
      '--last-name',
      'Kowalski',
    ];
    const first = await run(process.execPath, args, { env });
    expect(first.stdout).toMatch(/Created customer cli@example\.com/);
    expect(first.stdout).toMatch(/Password: \S{20}/);
    const second = await run(process.execPath, args, { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(second).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) });
  }, 120_000);
});
