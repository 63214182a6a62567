import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase } from './client';

const SETUP_FLAG = 'HOUSEHOLD_EMBEDDED_SETUP';

/**
 * The first start on the embedded database creates it (initdb) and runs every migration, which
 * grows PGlite's WebAssembly memory to some 700 MB, memory a process never gives back. So that
 * step runs in a short-lived child process of the same program, and the server opens the ready
 * folder at its usual ~190 MB (bench/README.md, "Memory"). Later starts skip it.
 */
export function createEmbeddedDatabaseApart(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  if (config.databaseUrl) return;
  if (fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) return;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [SETUP_FLAG]: '1' },
  });
  if (child.status !== 0) {
    throw new Error(`Creating the embedded database in ${config.dataDir} failed`, {
      cause: child.error,
    });
  }
}

/** In the child started above: create and migrate the database, then end the process. */
export async function runEmbeddedSetupIfAsked(config: Pick<Config, 'dataDir'>) {
  if (process.env[SETUP_FLAG] !== '1') return;
  const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  await database.migrate();
  await database.close();
  process.exit(0);
}
