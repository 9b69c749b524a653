/**
 * Creates the PostgreSQL database named by DATABASE_URL if it does not exist yet; run before each server of the
 * 'two-instances' project (both may run it at once: a duplicate is fine).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/care_e2e_3110_123 node e2e/support/create-database.ts
 */
import pg from 'pg';

const target = new URL(process.env.DATABASE_URL ?? '');
const name = target.pathname.slice(1);
if (!/^care_e2e_\w+$/.test(name)) throw new Error(`Refusing to create "${name}": not an e2e database`);

const admin = new URL(target);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
try {
  await client.query(`CREATE DATABASE ${name}`);
} catch (error) {
  // 42P04 duplicate_database; 23505 when two servers race in CREATE DATABASE.
  const code = (error as { code?: string }).code;
  if (code !== '42P04' && code !== '23505') throw error;
} finally {
  await client.end();
}
