import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { migrationsFolder } from '../../src/db/migration-state';
import type { StartLog } from '../../src/db/upgrade';
import { createLocalEventBus } from '../../src/realtime/event-bus';
import { addItem, bearer, buildUser, login } from '../support/factories';
import {
  createInstallation,
  readRows,
  releaseInstaller,
  SEEDED_LOGIN,
  tableColumns,
  type OldRelease,
  type TestInstallation,
} from './old-release';

export function buildMigrationTags(): string[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/** How many migrations this build has. */
export const buildMigrationCount = () => buildMigrationTags().length;

/** The tag of this build's newest migration, which /health/status names after an upgrade. */
export const newestMigrationTag = () => buildMigrationTags().at(-1)!;

/** A start log that keeps its lines for the test to read. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn'; message: string; data: Record<string, unknown> }[] = [];
  const log: StartLog = {
    info: (data, message) => lines.push({ level: 'info', message, data }),
    warn: (data, message) => lines.push({ level: 'warn', message, data }),
  };
  return { log, lines };
}

export const quietLog: StartLog = { info: () => {}, warn: () => {} };

/**
 * The installation's tables and rows as they are now, before an upgrade. Every table holds at
 * least one row: a table the seed forgot would prove nothing.
 */
export async function readInstalled(installation: TestInstallation) {
  const database = await installation.open();
  try {
    const columns = await tableColumns(database.db);
    const rows = await readRows(database.db, columns);
    const empty = Object.entries(rows).filter(([, json]) => json === '[]');
    expect(empty.map(([table]) => table)).toEqual([]);
    return { columns, rows };
  } finally {
    await database.close();
  }
}

/**
 * The app starts on the database and works with what was there: its status names the newest
 * migration, a person from before logs in, finds their list and adds to it, and a new one signs up.
 */
export async function expectAppWorks(database: Database, config: Config) {
  const app = await buildApp({
    config,
    database,
    events: createLocalEventBus(),
    logToStdout: false,
  });
  try {
    await app.ready();
    const status = await app.inject('/api/v1/health/status');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().database.migration).toBe(newestMigrationTag());
    const loggedIn = await login(app, SEEDED_LOGIN.email, SEEDED_LOGIN.password);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const ann = { auth: bearer(loggedIn.json<{ access_token: string }>().access_token) };
    const lists = await app.inject({ url: '/api/v1/lists', headers: ann.auth });
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.body).toContain('Weekly shop');
    expect((await addItem(app, ann, 1, { name: 'Eggs' })).name).toBe('Eggs');
    await buildUser(app);
  } finally {
    await app.close();
  }
}

/**
 * `install(release)` for a test file: an installation of the release (of nothing: a new one),
 * removed after the test. Call at the top of the file: it registers the clean-up hooks.
 */
export function useInstallations() {
  const installers = new Map<OldRelease, ReturnType<typeof releaseInstaller>>();
  const installations: TestInstallation[] = [];
  afterEach(async () => {
    for (const installation of installations.splice(0)) await installation.dispose();
  });
  afterAll(async () => {
    for (const installer of installers.values()) await installer.dispose();
  });
  return async function install(
    release: OldRelease | null,
    env: Record<string, string> = {},
  ): Promise<TestInstallation> {
    let installer = release && installers.get(release);
    if (release && !installer) {
      installer = releaseInstaller(release);
      installers.set(release, installer);
    }
    const installation = installer ? await installer.install(env) : await createInstallation(env);
    installations.push(installation);
    return installation;
  };
}
