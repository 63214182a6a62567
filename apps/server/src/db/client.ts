import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services see, whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service function accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseEngine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: DatabaseEngine;
  /** Applies the migrations that are not yet applied; safe to call at every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * PGlite (embedded, in `<dataDir>/pgdata`, or in memory when dataDir is null) unless a PostgreSQL
 * URL is given. One SQL dialect for both, so the embedded default behaves as production does.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  poolSize?: number;
  /** Told when an idle PostgreSQL connection drops (a server restart, say); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError);
  }
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const pgdata = path.join(dataDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
    client = new PGlite(pgdata);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void = (error) => console.error(error),
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener, an idle client's error would be unhandled and end the process.
  pool.on('error', onConnectionError);
  // Fail at start, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePostgresLocked(pool),
    close: () => pool.end(),
  };
}

/** Several processes may start together: an advisory lock lets one migrate while the others wait. */
async function migratePostgresLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

const MIGRATION_LOCK_ID = 7_305_214_001;
