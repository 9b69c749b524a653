import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { EnvError, parseEnv } from '#app/config/env.ts';
import { type Db, openDatabase } from '#app/db/client.ts';
import { normalizeEmail } from '#app/db/normalize.ts';
import { migrate } from '#app/db/migrate.ts';
import { users } from '#app/db/schema/users.ts';
import { type AuditActor, recordAudit } from '#app/audit/audit.ts';
import { createLocalFileStore } from '#app/files/file-store.ts';
import { endAllSessions, endEverySession } from '#app/plugins/session.ts';
import { CliError, createUser, generatePassword } from './create-user.ts';
import { type ImportCatalogDeps, importCatalogCommand } from './import-catalog.ts';
import { type ImportMachinesDeps, importMachinesCommand } from './import-machines.ts';
import { sanitizeDrawingsCommand } from './sanitize-drawings.ts';

export const USAGE = `Care Portal command line: npm run cli -- <command> [options]

  create-user   --email <e-mail> --role customer|service|sales|admin --first-name <name> --last-name <name>
                [--language pl|en|de] [--password <password>]
                Creates an active account. Without --password it asks for one in a terminal
                (empty answer: generate one) and otherwise generates one and prints it.

  end-sessions  --email <e-mail> | --all
                Signs one user, or everyone, out on every device.

  import-catalog [<catalog.json>] [--parts <parts.csv>] [--dry-run]
                Imports catalogue folders, cards, positions and parts (docs/catalog-import.md); images
                and drawings are read relative to the JSON file. A file with any problem imports
                nothing and the problems are listed (exit code 1). --dry-run only checks.

  import-machines <machines.csv> [--dry-run]
                Imports machines from the ERP's CSV export (docs/machine-import.md): new serial
                numbers are added, changed rows update their machine (owners are e-mailed about a
                status change when their settings allow). A file with any bad row imports nothing
                and every bad row is listed with its line (exit code 1). --dry-run only checks.

  sanitize-drawings [--dry-run]
                Sanitises every stored catalogue drawing by the import's allow-list (ADR 035) and lists
                what was removed; run once after upgrading from a version that refused by a deny-list.
                --dry-run only lists.

The database is the one the server uses (DATABASE_URL, DATA_DIR).`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for a secret without echoing it; absent when not in a terminal. */
  askSecret?: (question: string) => Promise<string>;
}

/** Runs one command; answers the exit code. */
export async function runCli(
  argv: string[],
  db: Db,
  io: CliIo,
  deps?: ImportCatalogDeps & Partial<ImportMachinesDeps>,
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'create-user') return await createUserCommand(rest, db, io);
    if (command === 'end-sessions') return await endSessionsCommand(rest, db, io);
    if (command === 'sanitize-drawings') return await sanitizeDrawingsCommand(rest, db, io);
    if (command === 'import-catalog') {
      if (!deps) throw new CliError('import-catalog needs the file store.');
      return await importCatalogCommand(rest, db, io, deps, USAGE);
    }
    if (command === 'import-machines') {
      if (!deps?.links) throw new CliError('import-machines needs the portal address for its e-mails.');
      return await importMachinesCommand(rest, db, io, { links: deps.links, cwd: deps.cwd }, USAGE);
    }
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.out(USAGE);
      return command === undefined ? 1 : 0;
    }
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  } catch (error) {
    if (error instanceof CliError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((error as Error).message);
      return 1;
    }
    throw error;
  }
}

async function createUserCommand(args: string[], db: Db, io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      language: { type: 'string' },
      password: { type: 'string' },
    },
    strict: true,
  });
  const missing = ['email', 'role', 'first-name', 'last-name'].filter(
    (name) => !values[name as keyof typeof values],
  );
  if (missing.length)
    throw new CliError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.\n\n${USAGE}`);

  let password = values.password;
  let generated = false;
  if (password === undefined && io.askSecret) {
    password = await io.askSecret('Password (empty: generate one): ');
    if (password && (await io.askSecret('Repeat the password: ')) !== password)
      throw new CliError('The passwords differ.');
  }
  if (!password) {
    password = generatePassword();
    generated = true;
  }
  const user = await createUser(
    db,
    {
      email: values.email!,
      role: values.role!,
      firstName: values['first-name']!,
      lastName: values['last-name']!,
      ...(values.language ? { language: values.language } : {}),
    },
    password,
  );
  io.out(`Created ${user.role} ${user.email} (id ${user.id}).`);
  if (generated) io.out(`Password: ${password}\nPass it on safely; the user can change it under Settings.`);
  return 0;
}

const CLI: AuditActor = { id: null, email: 'cli' };

async function endSessionsCommand(args: string[], db: Db, io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, all: { type: 'boolean' } },
    strict: true,
  });
  if (values.all) {
    const count = await db.transaction(async (tx) => {
      const ended = await endEverySession(tx);
      await recordAudit(tx, CLI, {
        kind: 'auth.sessions-ended',
        subject: { type: 'user', id: '*', label: 'all users' },
        after: { sessionsEnded: ended },
      });
      return ended;
    });
    io.out(`Ended ${count} session(s) of all users.`);
    return 0;
  }
  if (!values.email) throw new CliError(`Give --email <e-mail> or --all.\n\n${USAGE}`);
  const email = normalizeEmail(values.email);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new CliError(`No user with the e-mail ${email}.`);
  const count = await db.transaction(async (tx) => {
    const ended = await endAllSessions(tx, user.id);
    await recordAudit(tx, CLI, {
      kind: 'auth.sessions-ended',
      subject: { type: 'user', id: user.id, label: email },
      after: { sessionsEnded: ended },
    });
    return ended;
  });
  io.out(`Ended ${count} session(s) of ${email}.`);
  return 0;
}

/** Reads a line from the terminal without echoing it (passwords). */
function askSecret(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return (finish(), resolve(value));
        if (char === '\u0003') return (finish(), reject(new CliError('Cancelled.')));
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char;
      }
    };
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

async function main(): Promise<void> {
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  let code = 1;
  try {
    await migrate(database);
    code = await runCli(
      process.argv.slice(2),
      database.db,
      {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
        ...(process.stdin.isTTY ? { askSecret } : {}),
      },
      {
        fileStore: createLocalFileStore(join(env.DATA_DIR, 'files')),
        basePath: env.BASE_PATH,
        cwd: process.env.INIT_CWD ?? process.cwd(),
        links: { brand: env.BRAND_NAME, publicUrl: env.PUBLIC_URL, basePath: env.BASE_PATH },
      },
    );
  } finally {
    await database.close();
  }
  process.exit(code);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  });
}
