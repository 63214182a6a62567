import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseNewerThanAppError, planMigrations } from '../../src/db/migration-state';
import { openMigratedDatabase } from '../../src/db/upgrade';
import { APP_VERSION } from '../../src/version';
import { isPostgres } from '../support/test-database';
import { quietLog, useInstallations } from './checks';
import { RELEASES, type TestInstallation } from './old-release';

const install = useInstallations();

const [major, minor] = APP_VERSION.split('.').map(Number) as [number, number];
/** Newer than this version by semver; compared as text, "0.12.0" would sort before "0.2.0". */
const NEWER = `${major}.${minor + 10}.0`;

/** An installation of 0.1.0 that this version upgraded (and backed up on the way). */
async function upgradedInstallation(): Promise<TestInstallation> {
  const installation = await install(RELEASES.v010);
  const database = await openMigratedDatabase({ config: installation.config, log: quietLog });
  await database.close();
  return installation;
}

async function onDatabase<T>(
  installation: TestInstallation,
  work: (db: Awaited<ReturnType<TestInstallation['open']>>['db']) => Promise<T>,
): Promise<T> {
  const database = await installation.open();
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const recordVersion = (installation: TestInstallation, version: string) =>
  onDatabase(installation, (db) => db.execute(sql`UPDATE app_version SET version = ${version}`));

const backupsOf = (installation: TestInstallation) => {
  const folder = path.join(installation.dataDir, 'backups');
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
};

async function refusal(installation: TestInstallation): Promise<DatabaseNewerThanAppError> {
  const started = openMigratedDatabase({ config: installation.config, log: quietLog });
  const error = await started.then(
    async (database) => {
      await database.close();
      throw new Error('the start was not refused');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DatabaseNewerThanAppError);
  return error as DatabaseNewerThanAppError;
}

describe('a database that a newer version migrated', () => {
  it('is refused by this older version, which names both versions and how to go back', async () => {
    const installation = await upgradedInstallation();
    await recordVersion(installation, NEWER);
    const backups = backupsOf(installation);
    const { message } = await refusal(installation);
    expect(message).toContain(
      `This database was migrated by household ${NEWER}; this is household ${APP_VERSION}`,
    );
    if (isPostgres) {
      expect(message).toMatch(/restore the dump taken before the upgrade with pg_restore/);
    } else {
      // The copy the upgrade from 0.1.0 took, by its full path: the one this version can run.
      expect(backups).toEqual([expect.stringMatching(/^pgdata-.*-v0\.1\.0$/)]);
      const backup = path.join(installation.dataDir, 'backups', backups[0]!);
      const pgdata = path.join(installation.dataDir, 'pgdata');
      expect(message).toContain(`move ${pgdata} aside, copy ${backup} to ${pgdata}`);
    }
    // Refused before anything was touched: no new copy, the record as it was.
    expect(backupsOf(installation)).toEqual(backups);
    const plan = await onDatabase(installation, planMigrations);
    expect(plan.recordedVersion).toBe(NEWER);
  });

  it('is refused when it holds a migration this build does not have, under the same version too', async () => {
    const installation = await upgradedInstallation();
    await onDatabase(installation, (db) =>
      db.execute(sql`
        INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
        VALUES (${'f'.repeat(64)}, ${Date.now()})
      `),
    );
    const { message } = await refusal(installation);
    expect(message).toContain(
      `This database has 1 applied migration(s) that this build of household ${APP_VERSION} ` +
        'does not have',
    );
    expect(message).toContain(`last recorded version ${APP_VERSION}`);
  });

  it.each([`${major}.${minor}.0-rc.1`, `${major}.${minor}.0+build.7`, '0.0.9'])(
    'is not refused when the version recorded, %s, is not newer by semver',
    async (version) => {
      const installation = await upgradedInstallation();
      await recordVersion(installation, version);
      const database = await openMigratedDatabase({ config: installation.config, log: quietLog });
      // Nothing was applied, so the record stays: this start changed nothing the other could not read.
      expect((await planMigrations(database.db)).recordedVersion).toBe(version);
      await database.close();
    },
  );
});
