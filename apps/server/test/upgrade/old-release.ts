import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { loadConfig, type Config } from '../../src/config';
import { migrationsFolder, openDatabase, type Database, type Db } from '../../src/db/client';
import { hashPassword } from '../../src/lib/passwords';
import { DEFAULT_PASSWORD } from '../support/factories';
import { createTestDatabase } from '../support/test-database';
import { SEED_0_1_0, SEED_2026_11_23 } from './seeds';

/**
 * Earlier states of the schema, built as those versions built them: with their own migrations,
 * the first `migrations` of today's folder under a journal cut to them.
 */
export interface OldRelease {
  name: string;
  /** How many migrations it had (0000 up to this count, exclusive). */
  migrations: number;
  /** Rows for every table it had, fitting its schema: one statement each. */
  seed: string[];
}

export const RELEASES = {
  /** The schema of 2026-11-23: users, groups, lists, idempotency claims (0000–0003). */
  of20261123: { name: '2026-11-23', migrations: 4, seed: SEED_2026_11_23 },
  /** Release 0.1.0: expenses, chores, photo import, notifications too (0000–0009). */
  v010: { name: '0.1.0', migrations: 10, seed: SEED_0_1_0 },
} satisfies Record<string, OldRelease>;

/** A seeded user whose password still logs in after the upgrade. */
export const SEEDED_LOGIN = { email: 'ann@example.test', password: DEFAULT_PASSWORD };

/** A copy of the first `count` migrations with the journal cut to them. */
function cutMigrationsFolder(count: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'household-migrations-'));
  const journalFile = path.join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  if (journal.entries.length !== count) throw new Error(`there are fewer than ${count} migrations`);
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

/** Where one test's database lives: a data folder, and on PostgreSQL a database of its own. */
export interface TestInstallation {
  config: Config;
  dataDir: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/** A new installation: an empty data folder, and a fresh database when the suite runs on PostgreSQL. */
export async function createInstallation(
  env: Record<string, string> = {},
): Promise<TestInstallation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-upgrade-'));
  const fresh = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    ...env,
  });
  return {
    config,
    dataDir,
    open: () =>
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }),
    async dispose() {
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds `release`'s schema in the installation with its migrations, and fills every table. */
async function installRelease(installation: TestInstallation, release: OldRelease) {
  const folder = cutMigrationsFolder(release.migrations);
  const database = await installation.open();
  try {
    // Both migrators are drizzle's one PostgreSQL migration routine; each wants its driver's type.
    if (database.engine === 'postgres') {
      await migratePg(database.db as never, { migrationsFolder: folder });
    } else {
      await migratePglite(database.db as never, { migrationsFolder: folder });
    }
    for (const statement of release.seed) await database.db.execute(sql.raw(statement));
    await database.db.execute(
      sql`UPDATE users SET password_hash = ${await hashPassword(SEEDED_LOGIN.password)}
          WHERE email = ${SEEDED_LOGIN.email}`,
    );
  } finally {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Every table of the public schema with its columns, in order. */
export async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const result = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
  `)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const columns = new Map<string, string[]>();
  for (const row of result.rows) {
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  return columns;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Each table's rows restricted to `columns`, as JSON text in a stable order: equal text, equal
 * rows (bytes, time stamps, numbers and JSON as PostgreSQL prints them).
 */
export async function readRows(
  db: Db,
  columns: Map<string, string[]>,
): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const [table, names] of columns) {
    const result = (await db.execute(
      sql.raw(
        `SELECT coalesce(json_agg(r ORDER BY r::text), '[]')::text AS rows ` +
          `FROM (SELECT ${names.map(quote).join(', ')} FROM ${quote(table)}) r`,
      ),
    )) as unknown as { rows: { rows: string }[] };
    snapshot[table] = result.rows[0]!.rows;
  }
  return snapshot;
}

/**
 * Installations of `release`. On PGlite the release is built once and each installation gets a
 * copy of its closed data folder (building one takes seconds); on PostgreSQL each is built anew.
 */
export function releaseInstaller(release: OldRelease) {
  let template: Promise<TestInstallation> | undefined;
  async function buildTemplate() {
    const installation = await createInstallation();
    await installRelease(installation, release);
    return installation;
  }
  return {
    async install(env: Record<string, string> = {}): Promise<TestInstallation> {
      const installation = await createInstallation(env);
      if (installation.config.databaseUrl) {
        await installRelease(installation, release);
      } else {
        template ??= buildTemplate();
        const pgdata = path.join((await template).dataDir, 'pgdata');
        fs.cpSync(pgdata, path.join(installation.dataDir, 'pgdata'), { recursive: true });
      }
      return installation;
    },
    async dispose() {
      await (await template)?.dispose();
    },
  };
}
