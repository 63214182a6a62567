import path from 'node:path';
import type { Config } from '../config';
import { APP_VERSION } from '../version';
import {
  backupsFolder,
  copyEmbeddedDatabase,
  dumpPostgresDatabase,
  newestEmbeddedBackupFor,
} from './backups';
import { openDatabase, type Database } from './client';
import {
  assertNotNewerThanApp,
  isUpgrade,
  planMigrations,
  versionBefore,
  type MigrateOptions,
  type MigrationPlan,
} from './migration-state';

/** Where start-up says what it did: the console until the app's logger exists. */
export interface StartLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
}

/** The console as a start log: each message says all there is to know on its own. */
export const consoleStartLog: StartLog = {
  info: (_data, message) => process.stdout.write(`${message}\n`),
  warn: (_data, message) => console.warn(message),
};

type UpgradeConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'backups'>;

/**
 * Opens the database and brings it to this version (docs/decisions.md "Upgrades and backups"):
 * refuses one a newer version migrated, copies it aside before an upgrade applies migrations,
 * migrates, and records this version.
 */
export async function openMigratedDatabase(options: {
  config: UpgradeConfig;
  log: StartLog;
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  const { config, log } = options;
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: options.onConnectionError,
    });
  let database = await open();
  try {
    if (database.engine === 'pglite') {
      const restoreAdvice = embeddedRestoreAdvice(config.dataDir);
      const plan = await planMigrations(database.db);
      assertNotNewerThanApp(plan, restoreAdvice);
      if (isUpgrade(plan)) {
        // Never copy an open folder: PGlite writes it until closed.
        await database.close();
        backUpEmbeddedDatabase(config, plan, log);
        database = await open();
      }
      await migrate(database, log, { restoreAdvice });
    } else {
      await migrate(database, log, {
        restoreAdvice: postgresRestoreAdvice(config.dataDir),
        beforeUpgrade: (plan) => backUpPostgres(config, plan, log),
      });
    }
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

async function migrate(database: Database, log: StartLog, options: MigrateOptions) {
  const plan = await database.migrate({
    ...options,
    beforeUpgrade: async (upgrade) => {
      await options.beforeUpgrade?.(upgrade);
      log.info(
        { migrations: upgrade.pending, from: versionBefore(upgrade), to: APP_VERSION },
        `applying ${upgrade.pending.length} migration(s) for household ${APP_VERSION}`,
      );
    },
  });
  if (plan.pending.length > 0) {
    log.info(
      { migrations: plan.pending, version: APP_VERSION },
      `applied ${plan.pending.length} migration(s); the database is at household ${APP_VERSION}`,
    );
  }
}

function backUpEmbeddedDatabase(config: UpgradeConfig, plan: MigrationPlan, log: StartLog) {
  const pgdata = path.join(config.dataDir, 'pgdata');
  const version = versionBefore(plan);
  log.info(
    { pgdata, folder: backupsFolder(config.dataDir) },
    `copying ${pgdata} to ${backupsFolder(config.dataDir)} before migrating`,
  );
  const backup = copyEmbeddedDatabase({
    dataDir: config.dataDir,
    version,
    keep: config.backups.keep,
  });
  log.info(
    { backup, keep: config.backups.keep },
    `copied the database to ${backup} before migrating. To go back: stop the app, move ` +
      `${pgdata} aside, copy ${backup} to ${pgdata}, and start household ${version} ` +
      '(README "Upgrading")',
  );
}

async function backUpPostgres(config: UpgradeConfig, plan: MigrationPlan, log: StartLog) {
  if (config.backups.beforeMigrate !== 'pg_dump') {
    log.warn(
      { migrations: plan.pending },
      `${plan.pending.length} migration(s) to apply, and no backup is taken: take a pg_dump ` +
        'before upgrading, or set BACKUP_BEFORE_MIGRATE=pg_dump to have the app take one ' +
        '(README "Upgrading")',
    );
    return;
  }
  const dump = await dumpPostgresDatabase({
    databaseUrl: config.databaseUrl!,
    dataDir: config.dataDir,
    keep: config.backups.keep,
  });
  log.info(
    { dump, keep: config.backups.keep },
    `dumped the database to ${dump} before migrating. To go back: stop the app, restore the ` +
      `dump into an empty database with pg_restore, and start household ${versionBefore(plan)} ` +
      '(README "Upgrading")',
  );
}

function embeddedRestoreAdvice(dataDir: string): string {
  const pgdata = path.join(dataDir, 'pgdata');
  const backup = newestEmbeddedBackupFor(dataDir, APP_VERSION);
  if (!backup) {
    return (
      `restore a copy of ${pgdata} taken before the upgrade; ${backupsFolder(dataDir)} holds ` +
      `none that ${APP_VERSION} can start (README "Upgrading").`
    );
  }
  return (
    `restore the copy taken before the upgrade: stop the app, move ${pgdata} aside, copy ` +
    `${backup} to ${pgdata}, and start ${APP_VERSION} again; changes made since that copy are ` +
    'lost (README "Upgrading").'
  );
}

function postgresRestoreAdvice(dataDir: string): string {
  return (
    'restore the dump taken before the upgrade with pg_restore into an empty database (the ' +
    `app's own dumps, with BACKUP_BEFORE_MIGRATE=pg_dump, are in ${backupsFolder(dataDir)}); ` +
    'changes made since that dump are lost (README "Upgrading").'
  );
}
