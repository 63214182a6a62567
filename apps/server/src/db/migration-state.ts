import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { APP_VERSION } from '../version';
import semver from 'semver';

/** The SQL migrations shipped with this build (copied next to the bundle in production). */
export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Every build before the database recorded its version (migration 0010) carried version 0.1.0, so a
 * database without a record was last migrated by 0.1.0.
 */
export const VERSION_BEFORE_RECORD = '0.1.0';

/** What a start would do to the database, read before it does anything. */
export interface MigrationPlan {
  /** Migrations the database has applied (rows of drizzle's journal table). */
  appliedCount: number;
  /** This build's migrations not yet applied, oldest first, by tag (0010_app_version). */
  pending: string[];
  /** Applied migrations this build does not have: a newer build applied them. */
  unknownCount: number;
  /** The version that last migrated the database; null when none recorded it. */
  recordedVersion: string | null;
}

/** What the migration steps need of a database or a connection: raw SQL. */
interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

interface BuildMigration {
  hash: string;
  when: number;
  tag: string;
}

let cachedBuildMigrations: BuildMigration[] | undefined;

/** This build's migrations as drizzle's migrator sees them: the same hashes and times. */
function buildMigrations(): BuildMigration[] {
  if (!cachedBuildMigrations) {
    // readMigrationFiles drops the tags; the journal lists them in the same order.
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    cachedBuildMigrations = readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
      hash: migration.hash,
      when: migration.folderMillis,
      tag: journal.entries[index]?.tag ?? String(migration.folderMillis),
    }));
  }
  return cachedBuildMigrations;
}

async function rows<Row>(db: SqlRunner, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

async function tableExists(db: SqlRunner, name: string): Promise<boolean> {
  const [row] = await rows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass(${name}) IS NOT NULL AS present`,
  );
  return row?.present === true;
}

/** Reads what is applied and recorded, and compares it with this build's migrations. */
export async function planMigrations(db: SqlRunner): Promise<MigrationPlan> {
  const build = buildMigrations();
  const applied = (await tableExists(db, 'drizzle.__drizzle_migrations'))
    ? await rows<{ hash: string; created_at: string | number }>(
        db,
        sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`,
      )
    : [];
  const knownHashes = new Set(build.map((migration) => migration.hash));
  // Drizzle's own rule: a migration is pending when it is newer than the newest one applied.
  const lastAppliedAt = Math.max(-1, ...applied.map((row) => Number(row.created_at)));
  const [record] = (await tableExists(db, 'app_version'))
    ? await rows<{ version: string }>(db, sql`SELECT version FROM app_version`)
    : [];
  return {
    appliedCount: applied.length,
    pending: build.filter((migration) => migration.when > lastAppliedAt).map(({ tag }) => tag),
    unknownCount: Math.max(
      applied.filter((row) => !knownHashes.has(row.hash)).length,
      applied.length - build.length,
    ),
    recordedVersion: record?.version ?? null,
  };
}

/** An upgrade of a database that holds data, as opposed to the first start on a new one. */
export function isUpgrade(plan: MigrationPlan): boolean {
  return plan.appliedCount > 0 && plan.pending.length > 0;
}

/** The version a backup taken before applying `plan` can be started with again. */
export function versionBefore(plan: MigrationPlan): string {
  return plan.recordedVersion ?? VERSION_BEFORE_RECORD;
}

/**
 * This build refuses a database that a newer version or build has migrated: it would run on
 * tables it does not know, and its own migrations could not run on them.
 */
export class DatabaseNewerThanAppError extends Error {
  constructor(
    message: string,
    readonly recordedVersion: string,
  ) {
    super(message);
    this.name = 'DatabaseNewerThanAppError';
  }
}

/**
 * Throws when the database is newer than this build. `restoreAdvice` says how to go back to a
 * backup, where the caller knows where backups are.
 */
export function assertNotNewerThanApp(plan: MigrationPlan, restoreAdvice: string): void {
  const recorded = versionBefore(plan);
  if (semver.compare(recorded, APP_VERSION) > 0) {
    throw new DatabaseNewerThanAppError(
      `This database was migrated by household ${recorded}; this is household ${APP_VERSION}, ` +
        `an older version, which does not know what ${recorded} changed and does not start on it. ` +
        `Start ${recorded} or newer again, or, to go back to ${APP_VERSION}, ${restoreAdvice}`,
      recorded,
    );
  }
  if (plan.unknownCount > 0) {
    throw new DatabaseNewerThanAppError(
      `This database has ${plan.unknownCount} applied migration(s) that this build of household ` +
        `${APP_VERSION} does not have (it holds ${plan.appliedCount}, this build knows ` +
        `${buildMigrations().length}; last recorded version ${recorded}): a newer build migrated ` +
        `it, and this one does not start on it. Start that build again, or, to go back to ` +
        `${APP_VERSION}, ${restoreAdvice}`,
      recorded,
    );
  }
}

/**
 * Records this version as the one that migrated the database. Written after a start applied
 * migrations (and when no record exists yet): a version that applied none changed nothing an
 * older one could not read, so going back to that older one stays possible without a backup.
 */
export async function recordAppVersion(db: SqlRunner): Promise<void> {
  await db.execute(sql`
    INSERT INTO app_version (only_row, version, migrated_at) VALUES (true, ${APP_VERSION}, now())
    ON CONFLICT (only_row) DO UPDATE SET version = EXCLUDED.version, migrated_at = EXCLUDED.migrated_at
  `);
}

export interface MigrateOptions {
  /**
   * Runs before migrations are applied to a database that already had some (an upgrade, not a
   * first start); on PostgreSQL while the migration lock is held. Throwing stops the start with
   * nothing applied.
   */
  beforeUpgrade?: (plan: MigrationPlan) => Promise<void>;
  /** How to go back to a backup, told when the database is newer than this build. */
  restoreAdvice?: string;
}

const DEFAULT_RESTORE_ADVICE = 'restore the backup taken before the upgrade (README "Upgrading").';

/**
 * The steps of every migration run, on either engine: check the database is not newer than this
 * build, let the caller back it up, apply what is pending, record the version.
 */
export async function migrateChecked(
  db: SqlRunner,
  applyMigrations: () => Promise<void>,
  options: MigrateOptions = {},
): Promise<MigrationPlan> {
  const plan = await planMigrations(db);
  assertNotNewerThanApp(plan, options.restoreAdvice ?? DEFAULT_RESTORE_ADVICE);
  if (isUpgrade(plan)) await options.beforeUpgrade?.(plan);
  if (plan.pending.length > 0) await applyMigrations();
  if (plan.pending.length > 0 || plan.recordedVersion === null) await recordAppVersion(db);
  return plan;
}
