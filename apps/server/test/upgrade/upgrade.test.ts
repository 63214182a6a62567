import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { planMigrations } from '../../src/db/migration-state';
import { openMigratedDatabase } from '../../src/db/upgrade';
import { APP_VERSION } from '../../src/version';
import { isPostgres } from '../support/test-database';
import {
  buildMigrationCount,
  expectAppWorks,
  quietLog,
  readInstalled,
  recordingLog,
  useInstallations,
} from './checks';
import { readRows, RELEASES, type TestInstallation } from './old-release';
import { runStartProcess } from './start-process';

const install = useInstallations();

/**
 * An old release's schema made and filled, migrated, read back and used: about 20 s on a quiet
 * 2-core machine, and past the default 30 s once on a busy one, with the other test files running.
 */
const UPGRADE_TIMEOUT_MS = 120_000;

describe.each(Object.values(RELEASES))('an upgrade from the schema of $name', (release) => {
  it(
    'reads back every row of every earlier table as it was, and the app works on it',
    { timeout: UPGRADE_TIMEOUT_MS },
    async () => {
      const installation = await install(release);
      const before = await readInstalled(installation);
      const database = await openMigratedDatabase({ config: installation.config, log: quietLog });
      try {
        expect(await readRows(database.db, before.columns)).toEqual(before.rows);
        const plan = await planMigrations(database.db);
        expect(plan).toMatchObject({ pending: [], unknownCount: 0, recordedVersion: APP_VERSION });
        await expectAppWorks(database, installation.config);
      } finally {
        await database.close();
      }
    },
  );
});

describe('the first start', () => {
  it(
    'creates the database, records the version and takes no backup of nothing',
    { timeout: UPGRADE_TIMEOUT_MS },
    async () => {
      const installation = await install(null);
      const { log, lines } = recordingLog();
      const database = await openMigratedDatabase({ config: installation.config, log });
      try {
        const plan = await planMigrations(database.db);
        expect(plan).toMatchObject({ pending: [], unknownCount: 0, recordedVersion: APP_VERSION });
        expect(fs.existsSync(path.join(installation.dataDir, 'backups'))).toBe(false);
        expect(lines.map((line) => line.level)).not.toContain('warn');
        expect(lines.at(-1)?.message).toMatch(/^applied \d+ migration\(s\)/);
      } finally {
        await database.close();
      }
    },
  );
});

/** Resolves once another connection waits for a lock to alter `table`. */
async function waitUntilAltering(client: pg.Client, table: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    // Inside a transaction, the activity view keeps its first snapshot unless told otherwise.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const waiting = await client.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
       AND wait_event_type = 'Lock' AND query LIKE $1`,
      [`%ALTER TABLE "${table}"%`],
    );
    if (waiting.rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no migration came to alter ${table}`);
}

describe('a start killed (SIGKILL) while it upgrades', () => {
  const release = RELEASES.of20261123;

  /** After the kill: nothing or everything applied, never a part, and the next start finishes. */
  async function expectNextStartFinishes(
    installation: TestInstallation,
    before: Awaited<ReturnType<typeof readInstalled>>,
  ) {
    const inspected = await installation.open();
    const afterKill = await planMigrations(inspected.db).finally(() => inspected.close());
    expect([0, buildMigrationCount() - release.migrations]).toContain(afterKill.pending.length);
    const database = await openMigratedDatabase({ config: installation.config, log: quietLog });
    try {
      expect(await readRows(database.db, before.columns)).toEqual(before.rows);
      await expectAppWorks(database, installation.config);
    } finally {
      await database.close();
    }
    return afterKill;
  }

  it('leaves a database that the next start migrates and runs on, whenever the kill lands', async () => {
    let killedWhileMigrating = 0;
    // Milliseconds after the process says it applies the migrations, which takes PGlite about 2 s
    // and PostgreSQL about 0.2 s here: the first land inside, the last after the commit.
    for (const delayMs of isPostgres ? [0, 15, 60, 200, 1500] : [0, 400, 1200, 1900, 4000]) {
      const installation = await install(release);
      const before = await readInstalled(installation);
      const run = await runStartProcess(installation, { killAfter: /^applying /, delayMs });
      expect(run.stderr).toBe('');
      const finished = run.lines.some((line) => line.message.startsWith('applied '));
      const afterKill = await expectNextStartFinishes(installation, before);
      if (run.signal === 'SIGKILL' && !finished && afterKill.pending.length > 0) {
        killedWhileMigrating += 1;
      }
    }
    expect(killedWhileMigrating).toBeGreaterThan(0);
  }, 300_000);

  it.runIf(isPostgres)(
    'frees the migration lock and applies nothing when killed halfway through the migration',
    async () => {
      const installation = await install(release);
      const before = await readInstalled(installation);
      const blocker = new pg.Client({ connectionString: installation.config.databaseUrl! });
      await blocker.connect();
      try {
        // Migration 0004 alters categories: the start stops there, inside its transaction, with
        // the tables before it already created, until it is killed.
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
        const blocked = waitUntilAltering(blocker, 'categories');
        const run = await runStartProcess(installation, { killWhen: blocked });
        await blocked;
        expect(run.signal).toBe('SIGKILL');
        expect(run.lines.map((line) => line.message)).not.toContainEqual(
          expect.stringMatching(/^applied /),
        );
      } finally {
        await blocker.query('ROLLBACK');
        await blocker.end();
      }
      const afterKill = await expectNextStartFinishes(installation, before);
      expect(afterKill.pending).toHaveLength(buildMigrationCount() - release.migrations);
    },
    120_000,
  );

  it.skipIf(isPostgres)(
    'leaves no half copy among the backups when killed while copying the database aside',
    async () => {
      const installation = await install(release);
      const before = await readInstalled(installation);
      const backups = path.join(installation.dataDir, 'backups');
      // Killed as soon as the copy's folder appears, whatever the machine's speed and load (a
      // kill timed after the log line missed the copy on a busy machine).
      const halfCopy = () => fs.readdirSync(backups).some((entry) => entry.startsWith('.pgdata-'));
      let leftHalfCopies = 0;
      for (let attempt = 0; attempt < 2 && leftHalfCopies === 0; attempt += 1) {
        const run = await runStartProcess(installation, { killWhen: copyStarted(backups) });
        expect(run.signal).toBe('SIGKILL');
        if (halfCopy()) leftHalfCopies += 1;
      }
      expect(leftHalfCopies).toBeGreaterThan(0);
      await expectNextStartFinishes(installation, before);
      const kept = fs.readdirSync(backups);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatch(/^pgdata-\d{8}T\d{6}\.\d{3}Z-v0\.1\.0$/);
    },
    120_000,
  );
});

/** Settles once a copy's folder (a dot-name) appears under `backups`, looked for every millisecond. */
function copyStarted(backups: string): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const look = setInterval(() => {
      const seen =
        fs.existsSync(backups) &&
        fs.readdirSync(backups).some((entry) => entry.startsWith('.pgdata-'));
      if (seen || Date.now() - started > 60_000) {
        clearInterval(look);
        resolve();
      }
    }, 1);
  });
}
