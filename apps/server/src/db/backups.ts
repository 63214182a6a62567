import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/*
 * Copies of the database taken before an upgrade applies migrations (docs/decisions.md "Upgrades
 * and backups"), in `<DATA_DIR>/backups`. A copy is written under a name starting with a dot and
 * renamed when complete, so a start killed half-way leaves no backup that looks whole; only names
 * this file writes are ever pruned.
 */

export function backupsFolder(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** 2026-11-27 11:54:37.123 UTC as 20261127T115437.123Z: sortable, and valid in a file name. */
export function backupTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '');
}

const TIMESTAMP = String.raw`\d{8}T\d{6}\.\d{3}Z`;
const EMBEDDED_BACKUP = new RegExp(`^pgdata-(${TIMESTAMP})-v(.+)$`);
const UNFINISHED = /^\.(pgdata-|.+\.dump$)/;

/**
 * Copies the closed embedded database folder `<dataDir>/pgdata` to
 * `<dataDir>/backups/pgdata-<timestamp>-v<version>`, then keeps the newest `keep` copies.
 * The caller closes PGlite first: an open folder may be copied half-written.
 */
export function copyEmbeddedDatabase(options: {
  dataDir: string;
  /** The version the copy can be started with again. */
  version: string;
  keep: number;
  now?: Date;
}): string {
  const folder = backupsFolder(options.dataDir);
  fs.mkdirSync(folder, { recursive: true });
  removeUnfinished(folder);
  const name = `pgdata-${backupTimestamp(options.now ?? new Date())}-v${options.version}`;
  const unfinished = path.join(folder, `.${name}`);
  fs.cpSync(path.join(options.dataDir, 'pgdata'), unfinished, {
    recursive: true,
    errorOnExist: true,
    force: false,
  });
  const backup = path.join(folder, name);
  fs.renameSync(unfinished, backup);
  pruneBackups(folder, (entry) => EMBEDDED_BACKUP.test(entry), options.keep);
  return backup;
}

/**
 * The newest copy of the embedded database that `version` can start with: taken when the
 * database was at that version or an older one. Null when there is none.
 */
export function newestEmbeddedBackupFor(dataDir: string, version: string): string | null {
  const folder = backupsFolder(dataDir);
  if (!fs.existsSync(folder)) return null;
  const usable = fs
    .readdirSync(folder)
    .filter((entry) => {
      const backupVersion = EMBEDDED_BACKUP.exec(entry)?.[2];
      return backupVersion !== undefined && isAtMost(backupVersion, version);
    })
    .sort(byTimestamp);
  const newest = usable.at(-1);
  return newest ? path.join(folder, newest) : null;
}

function isAtMost(version: string, limit: string): boolean {
  try {
    return semver.compare(version, limit) <= 0;
  } catch {
    // A folder renamed by hand, say: not one to recommend.
    return false;
  }
}

export class BackupFailedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupFailedError';
  }
}

/**
 * Dumps the PostgreSQL database (pg_dump's custom format, for pg_restore) to
 * `<dataDir>/backups/<db>-<timestamp>.dump`, then keeps the newest `keep` dumps of that database.
 * Throws when pg_dump is missing or fails: the administrator asked for a backup.
 */
export async function dumpPostgresDatabase(options: {
  databaseUrl: string;
  dataDir: string;
  keep: number;
  now?: Date;
}): Promise<string> {
  const { target, password, database } = connectionForPgDump(options.databaseUrl);
  const folder = backupsFolder(options.dataDir);
  fs.mkdirSync(folder, { recursive: true });
  removeUnfinished(folder);
  const name = `${fileSafe(database)}-${backupTimestamp(options.now ?? new Date())}.dump`;
  const unfinished = path.join(folder, `.${name}`);
  try {
    await runPgDump(
      ['--format=custom', `--file=${unfinished}`, `--dbname=${target}`],
      // The password goes by environment, not on the command line where `ps` shows it.
      password === null ? {} : { PGPASSWORD: password },
    );
  } catch (error) {
    fs.rmSync(unfinished, { force: true });
    throw error;
  }
  const dump = path.join(folder, name);
  fs.renameSync(unfinished, dump);
  const ownDump = new RegExp(`^${escapeRegExp(fileSafe(database))}-${TIMESTAMP}\\.dump$`);
  pruneBackups(folder, (entry) => ownDump.test(entry), options.keep);
  return dump;
}

function connectionForPgDump(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : null;
  url.password = '';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  return { target: url.toString(), password, database };
}

function runPgDump(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupFailedError(
          error.code === 'ENOENT'
            ? 'BACKUP_BEFORE_MIGRATE=pg_dump, but pg_dump is not on the PATH: install the ' +
                "PostgreSQL client tools (of the server's major version or newer), or take a " +
                'pg_dump yourself and unset BACKUP_BEFORE_MIGRATE'
            : `BACKUP_BEFORE_MIGRATE=pg_dump, but pg_dump could not start: ${error.message}`,
          { cause: error },
        ),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      reject(
        new BackupFailedError(
          `BACKUP_BEFORE_MIGRATE=pg_dump, but pg_dump failed (${signal ?? `exit code ${code}`}): ` +
            `${stderr.trim() || 'no message'}. Nothing was migrated.`,
        ),
      );
    });
  });
}

/** Removes the copies a killed start left half-written. */
function removeUnfinished(folder: string) {
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder)) {
    if (UNFINISHED.test(entry))
      fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` entries that `isOwn` claims (their names sort by time), removes the rest. */
function pruneBackups(folder: string, isOwn: (entry: string) => boolean, keep: number) {
  const own = fs.readdirSync(folder).filter(isOwn).sort(byTimestamp);
  for (const entry of own.slice(0, Math.max(0, own.length - keep))) {
    fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}

const ANY_TIMESTAMP = new RegExp(TIMESTAMP);

function byTimestamp(a: string, b: string): number {
  const stamp = (entry: string) => ANY_TIMESTAMP.exec(entry)?.[0] ?? '';
  return stamp(a).localeCompare(stamp(b));
}

function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, '_');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
