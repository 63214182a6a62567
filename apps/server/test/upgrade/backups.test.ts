import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { planMigrations } from '../../src/db/migration-state';
import { openMigratedDatabase } from '../../src/db/upgrade';
import { createTestDatabase, isPostgres } from '../support/test-database';
import {
  buildMigrationCount,
  buildMigrationTags,
  quietLog,
  readInstalled,
  recordingLog,
  useInstallations,
} from './checks';
import { readRows, RELEASES, type TestInstallation } from './old-release';
import { runStartProcess } from './start-process';

const install = useInstallations();
const release = RELEASES.v010;

const backupsFolder = (installation: TestInstallation) =>
  path.join(installation.dataDir, 'backups');
const backupsOf = (installation: TestInstallation) =>
  fs.existsSync(backupsFolder(installation))
    ? fs.readdirSync(backupsFolder(installation)).sort()
    : [];

async function upgrade(installation: TestInstallation) {
  const { log, lines } = recordingLog();
  const database = await openMigratedDatabase({ config: installation.config, log });
  await database.close();
  return lines;
}

describe.skipIf(isPostgres)('before an upgrade, the embedded database', () => {
  it('is copied aside, and the copy is the database as the previous version left it', async () => {
    const installation = await install(release);
    const before = await readInstalled(installation);
    const lines = await upgrade(installation);

    const [backup] = backupsOf(installation);
    expect(backup).toMatch(/^pgdata-\d{8}T\d{6}\.\d{3}Z-v0\.1\.0$/);
    const backupPath = path.join(backupsFolder(installation), backup!);
    const pgdata = path.join(installation.dataDir, 'pgdata');
    expect(lines.map((line) => line.message)).toContainEqual(
      `copied the database to ${backupPath} before migrating. To go back: stop the app, move ` +
        `${pgdata} aside, copy ${backupPath} to ${pgdata}, and start household 0.1.0 ` +
        '(README "Upgrading")',
    );

    // Restored as the README says: the copy becomes the data folder of another installation.
    const restored = await install(null);
    fs.cpSync(backupPath, path.join(restored.dataDir, 'pgdata'), { recursive: true });
    const database = await restored.open();
    try {
      expect(await planMigrations(database.db)).toEqual({
        appliedCount: release.migrations,
        // Every migration of this build after the release's own.
        pending: buildMigrationTags().slice(release.migrations),
        unknownCount: 0,
        recordedVersion: null,
      });
      expect(await readRows(database.db, before.columns)).toEqual(before.rows);
    } finally {
      await database.close();
    }
  });

  it('keeps the newest BACKUPS_TO_KEEP copies, and leaves alone what it did not write', async () => {
    const installation = await install(release, { BACKUPS_TO_KEEP: '2' });
    const folder = backupsFolder(installation);
    fs.mkdirSync(folder);
    const older = ['pgdata-20250101T000000.000Z-v0.0.8', 'pgdata-20260101T000000.000Z-v0.0.9'];
    for (const name of older) fs.mkdirSync(path.join(folder, name));
    // Left by a start killed while copying, and a note of the administrator's.
    fs.mkdirSync(path.join(folder, '.pgdata-20260601T000000.000Z-v0.1.0'));
    fs.writeFileSync(path.join(folder, 'README.txt'), 'my own notes');

    await upgrade(installation);
    const kept = backupsOf(installation);
    expect(kept).toEqual([
      'README.txt',
      'pgdata-20260101T000000.000Z-v0.0.9',
      expect.stringMatching(/^pgdata-\d{8}T\d{6}\.\d{3}Z-v0\.1\.0$/),
    ]);
  });

  it('is not copied when there is nothing to migrate', async () => {
    const installation = await install(release);
    await upgrade(installation);
    const copies = backupsOf(installation);
    await upgrade(installation);
    expect(backupsOf(installation)).toEqual(copies);
  });
});

describe.runIf(isPostgres)('before an upgrade, the PostgreSQL database', () => {
  it('is not dumped unless asked, and the log says to take a pg_dump first', async () => {
    const installation = await install(release);
    const lines = await upgrade(installation);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      `${buildMigrationCount() - release.migrations} migration(s) to apply, and no backup is ` +
        'taken: take a pg_dump before upgrading, or ' +
        'set BACKUP_BEFORE_MIGRATE=pg_dump to have the app take one (README "Upgrading")',
    ]);
    expect(backupsOf(installation)).toEqual([]);
  });

  it('is dumped with BACKUP_BEFORE_MIGRATE=pg_dump, and pg_restore brings the dump back', async () => {
    const installation = await install(release, { BACKUP_BEFORE_MIGRATE: 'pg_dump' });
    const before = await readInstalled(installation);
    const lines = await upgrade(installation);
    const database = new URL(installation.config.databaseUrl!).pathname.slice(1);
    const [dump] = backupsOf(installation);
    expect(dump).toMatch(new RegExp(`^${database}-\\d{8}T\\d{6}\\.\\d{3}Z\\.dump$`));
    const dumpPath = path.join(backupsFolder(installation), dump!);
    expect(lines.map((line) => line.message)).toContainEqual(
      expect.stringContaining(`dumped the database to ${dumpPath} before migrating`),
    );

    // Restored as the README says: into an empty database, with pg_restore.
    const empty = await createTestDatabase();
    try {
      execFileSync('pg_restore', [`--dbname=${empty.url}`, dumpPath], { stdio: 'pipe' });
      const restored = await openDatabase({ databaseUrl: empty.url, dataDir: null, poolSize: 1 });
      try {
        const plan = await planMigrations(restored.db);
        expect(plan).toMatchObject({ appliedCount: release.migrations, recordedVersion: null });
        expect(await readRows(restored.db, before.columns)).toEqual(before.rows);
      } finally {
        await restored.close();
      }
    } finally {
      await empty.drop();
    }
  });

  it('keeps the newest BACKUPS_TO_KEEP dumps of the database', async () => {
    const installation = await install(release, {
      BACKUP_BEFORE_MIGRATE: 'pg_dump',
      BACKUPS_TO_KEEP: '1',
    });
    const database = new URL(installation.config.databaseUrl!).pathname.slice(1);
    const folder = backupsFolder(installation);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, `${database}-20250101T000000.000Z.dump`), 'old');
    fs.writeFileSync(path.join(folder, `other-20250101T000000.000Z.dump`), 'another database');
    await upgrade(installation);
    expect(backupsOf(installation)).toEqual([
      expect.stringMatching(new RegExp(`^${database}-\\d{8}T\\d{6}\\.\\d{3}Z\\.dump$`)),
      'other-20250101T000000.000Z.dump',
    ]);
    expect(backupsOf(installation)[0]).not.toBe(`${database}-20250101T000000.000Z.dump`);
  });

  it('refuses to start when pg_dump is asked for and missing, and migrates nothing', async () => {
    const installation = await install(release, { BACKUP_BEFORE_MIGRATE: 'pg_dump' });
    const run = await runStartProcess(installation, { env: { PATH: '/nonexistent' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('BACKUP_BEFORE_MIGRATE=pg_dump, but pg_dump is not on the PATH');
    const database = await installation.open();
    try {
      expect((await planMigrations(database.db)).pending).toHaveLength(
        buildMigrationCount() - release.migrations,
      );
    } finally {
      await database.close();
    }
  });

  it('is dumped once when two processes start the upgrade together', async () => {
    const installation = await install(release, { BACKUP_BEFORE_MIGRATE: 'pg_dump' });
    const started = await Promise.all([
      openMigratedDatabase({ config: installation.config, log: quietLog }),
      openMigratedDatabase({ config: installation.config, log: quietLog }),
    ]);
    await Promise.all(started.map((database) => database.close()));
    expect(backupsOf(installation)).toHaveLength(1);
  });
});
