import type { Database } from '#app/db/client.ts';

type Query = (query: string | { text: string }, ...rest: unknown[]) => unknown;

/** What both drivers' clients have: PGlite's `query(text, …)` and node-postgres's `pool.query(config, …)`. */
interface QueryingClient {
  query: Query;
  /** node-postgres's pool: a transaction checks a client out (drizzle sends its `begin` and `commit` there). */
  connect?: (...args: unknown[]) => unknown;
  /** PGlite: a transaction gets a client of its own; PGlite sends BEGIN and COMMIT itself. */
  transaction?: (callback: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
}

function clientOf(database: Database): QueryingClient {
  const client = (database.db as { $client?: QueryingClient }).$client;
  if (typeof client?.query !== 'function') throw new Error('the test database has no client to watch');
  return client;
}

/** `target.query` recording each statement's text in `seen` until the returned function puts it back. */
function watchQueries(target: { query: Query }, seen: string[]): () => void {
  const query = target.query;
  target.query = function (this: unknown, statement, ...rest) {
    seen.push(typeof statement === 'string' ? statement : statement.text);
    return query.call(this, statement, ...rest);
  };
  return () => {
    target.query = query;
  };
}

/**
 * The SQL of every statement the test database receives while `fn` runs, to count a request's round trips:
 * what goes through the pool (node-postgres) or PGlite, and a transaction's statements with its BEGIN and its
 * COMMIT or ROLLBACK (on PGlite, which sends those itself, they are recorded as `begin` and `commit`/`rollback`).
 */
export async function statementsDuring(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const client = clientOf(database);
  const seen: string[] = [];
  const restore = [watchQueries(client, seen)];
  const { connect, transaction } = client;
  if (connect) {
    // The pool's own query checks a client out with a callback; a transaction awaits one (no callback).
    client.connect = function (this: unknown, ...args: unknown[]) {
      if (args.length > 0) return connect.apply(this, args);
      return (connect.call(this) as Promise<{ query: Query; release: (...a: unknown[]) => unknown }>).then(
        (checkedOut) => {
          const unwatch = watchQueries(checkedOut, seen);
          const release = checkedOut.release;
          checkedOut.release = function (this: unknown, ...releaseArgs: unknown[]) {
            unwatch();
            checkedOut.release = release;
            return release.apply(this, releaseArgs);
          };
          return checkedOut;
        },
      );
    };
    restore.push(() => {
      client.connect = connect;
    });
  }
  if (transaction) {
    client.transaction = function (this: unknown, callback) {
      return transaction.call(this, async (tx) => {
        seen.push('begin');
        watchQueries(tx, seen);
        try {
          const result = await callback(tx);
          seen.push('commit');
          return result;
        } catch (error) {
          seen.push('rollback');
          throw error;
        }
      });
    };
    restore.push(() => {
      client.transaction = transaction;
    });
  }
  try {
    await fn();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

/**
 * The SQL texts Drizzle builds while `fn` runs (its dialect turning a query into text): a prepared statement is
 * built once, so a page whose statements are all prepared builds nothing on its second call.
 */
export async function statementsBuiltDuring(
  database: Database,
  fn: () => Promise<unknown>,
): Promise<string[]> {
  const dialect = (
    database.db as unknown as { dialect: { sqlToQuery: (...args: unknown[]) => { sql: string } } }
  ).dialect;
  const sqlToQuery = dialect.sqlToQuery;
  const built: string[] = [];
  dialect.sqlToQuery = function (this: unknown, ...args: unknown[]) {
    const query = sqlToQuery.apply(this, args);
    built.push(query.sql);
    return query;
  };
  try {
    await fn();
  } finally {
    dialect.sqlToQuery = sqlToQuery;
  }
  return built;
}

/** Statements of the session lookup (plugins/session.ts: reading and touching `sessions`), left out of counts. */
export const isSessionStatement = (statement: string): boolean =>
  /^\s*(select .* from "sessions"|update "sessions")/is.test(statement);
