import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server suite runs twice: on the embedded PGlite, and with TEST_DB_ENGINE=postgres. */
export const isPostgres = process.env.TEST_DB_ENGINE === 'postgres';

export interface TestDatabase {
  /** The fresh database on the TEST_DATABASE_URL server; null on PGlite (an in-memory engine). */
  url: string | null;
  /** Drops the fresh database, closing what is still connected to it. */
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file, which one or several server instances can open as
 * several processes would. On PGlite there is nothing to create: each `openDatabase` without a URL
 * is a new in-memory engine.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!isPostgres) return { url: null, drop: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `household_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
