import type { Database } from '#app/db/client.ts';

/** What both drivers' clients have: PGlite's `query(text, …)` and node-postgres's `pool.query(config, …)`. */
interface QueryingClient {
  query: (query: string | { text: string }, ...rest: unknown[]) => unknown;
}

function clientOf(database: Database): QueryingClient {
  const client = (database.db as { $client?: QueryingClient }).$client;
  if (typeof client?.query !== 'function') throw new Error('the test database has no client to watch');
  return client;
}

/**
 * The SQL of every statement the test database receives while `fn` runs, to count a request's round trips.
 * It sees what goes through the pool (node-postgres) or PGlite; a transaction's own connection is not watched.
 */
export async function statementsDuring(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const client = clientOf(database);
  const query = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, statement, ...rest) {
    seen.push(typeof statement === 'string' ? statement : statement.text);
    return query.call(this, statement, ...rest);
  };
  try {
    await fn();
  } finally {
    client.query = query;
  }
  return seen;
}

/** Statements of the session lookup (plugins/session.ts: reading and touching `sessions`), left out of counts. */
export const isSessionStatement = (statement: string): boolean =>
  /^\s*(select .* from "sessions"|update "sessions")/is.test(statement);
