import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  migrateChecked,
  migrationsFolder,
  type MigrateOptions,
  type MigrationPlan,
} from './migration-state';
import * as schema from './schema';

export { migrationsFolder };

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
  /**
   * Applies the migrations that are not yet applied and records the app version that did;
   * refuses a database a newer version migrated. Safe to call at every start. Says what it found.
   */
  migrate(options?: MigrateOptions): Promise<MigrationPlan>;
  close(): Promise<void>;
}

/**
 * PGlite (embedded, in `<dataDir>/pgdata`, or in memory when dataDir is null) unless a PostgreSQL
 * URL is given. One SQL dialect for both, so the embedded default behaves as production does.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  poolSize?: number;
  /**
   * How long a query waits for a free pooled connection before it fails, and the request with it,
   * as 503 (http/problem.ts): under overload a bounded wait, not an endless queue.
   */
  connectionWaitMs?: number;
  /** Told when an idle PostgreSQL connection drops (a server restart, say); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, {
      poolSize: options.poolSize ?? 10,
      connectionWaitMs: options.connectionWaitMs ?? 10_000,
      onConnectionError: options.onConnectionError,
    });
  }
  return openPglite(options.dataDir);
}

/**
 * PostgreSQL settings of the embedded database, sized for a small home server (docs/decisions.md
 * "PGlite memory"): PGlite runs PostgreSQL inside this process, so its buffers are this process's
 * memory, and WebAssembly memory never shrinks once grown.
 */
export const PGLITE_SETTINGS = [
  // The default 128 MB of shared buffers costs about 130 MB of resident memory once warm.
  'shared_buffers=16MB',
  // Index builds during migrations would otherwise grow the heap by up to 64 MB for good.
  'maintenance_work_mem=8MB',
];

const BYTEA_TYPE_ID = 17;

/**
 * bytea (photos, avatars) written and read with Node's own hex codec. PGlite's turns every byte
 * into a string and a list entry of its own: storing a 200 kB photo and reading it back made about
 * 25 MB of garbage, which the collector let pile up to 100 MB over a few photos before a full
 * collection (bench/README.md "Garbage"). The same `\x` hex text PostgreSQL takes and gives.
 */
const PGLITE_BYTEA_CODEC = {
  serializers: {
    [BYTEA_TYPE_ID]: (bytes: Uint8Array) =>
      `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
  },
  parsers: { [BYTEA_TYPE_ID]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/** The PostgreSQL major version of the embedded engine in use (@electric-sql/pglite 0.5). */
export const PGLITE_POSTGRES_MAJOR = '18';

/**
 * A data folder written by an older embedded engine (PostgreSQL 17, before 0.5) cannot be opened
 * by this one: say so and how to move the data, instead of PostgreSQL's own start-up failure.
 */
export function assertPgliteDataVersion(pgdata: string): void {
  const versionFile = path.join(pgdata, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) return;
  const found = fs.readFileSync(versionFile, 'utf8').trim();
  if (found === PGLITE_POSTGRES_MAJOR) return;
  throw new Error(
    `The embedded database in ${pgdata} was written by PostgreSQL ${found}; this version of the ` +
      `app embeds PostgreSQL ${PGLITE_POSTGRES_MAJOR}. Dump it with the previous version and ` +
      'restore the dump here (docs/decisions.md, "Embedded database: PGlite 0.5"), or move the ' +
      'folder aside to start empty.',
  );
}

async function openPglite(dataDir: string | null): Promise<Database> {
  // Loaded only for the embedded engine: a PostgreSQL deployment never pays for it.
  const { PGlite } = await import('@electric-sql/pglite');
  const options = { postgresqlconf: PGLITE_SETTINGS, ...PGLITE_BYTEA_CODEC };
  let client: PGlite;
  if (dataDir) {
    const pgdata = path.join(dataDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
    assertPgliteDataVersion(pgdata);
    client = new PGlite(pgdata, options);
  } else {
    client = new PGlite(options);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: (migrateOptions) =>
      migrateChecked(
        db,
        () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
        migrateOptions,
      ),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  options: {
    poolSize: number;
    connectionWaitMs: number;
    onConnectionError?: (error: Error) => void;
  },
): Promise<Database> {
  const { poolSize, connectionWaitMs } = options;
  const onConnectionError = options.onConnectionError ?? ((error) => console.error(error));
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectionWaitMs,
  });
  // Without a listener, an idle client's error would be unhandled and end the process.
  pool.on('error', onConnectionError);
  // Fail at start, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: (migrateOptions) => migratePostgresLocked(pool, migrateOptions),
    close: () => pool.end(),
  };
}

/**
 * Several processes may start together: an advisory lock lets one migrate while the others wait.
 * The checks, the backup and the version record happen under the lock too, so a process never
 * checks a database that another is about to migrate, nor records its version over a newer one.
 */
async function migratePostgresLocked(
  pool: pg.Pool,
  options: MigrateOptions | undefined,
): Promise<MigrationPlan> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const locked = drizzlePg(client, { schema });
    return await migrateChecked(locked, () => migratePg(locked, { migrationsFolder }), options);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

const MIGRATION_LOCK_ID = 7_305_214_001;
