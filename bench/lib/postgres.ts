/** A throw-away PostgreSQL database on the local server for one benchmark run (loopback only). */
import { spawnSync } from 'node:child_process';

/** Maintenance database used to create and drop the benchmark databases; loopback only. */
export const PG_ADMIN_URL =
  process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** PostgreSQL cannot be used here: the engine is reported as skipped, with this reason. */
export class Skip extends Error {}

export function psql(sql: string, database = PG_ADMIN_URL): string {
  const run = spawnSync('psql', [database, '-X', '-v', 'ON_ERROR_STOP=1', '-Atc', sql], {
    encoding: 'utf8',
    timeout: 15_000,
  });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    throw new Skip(
      code === 'ENOENT' ? 'psql is not installed' : `psql failed: ${run.error.message}`,
    );
  }
  if (run.status !== 0) {
    const message = run.stderr
      .trim()
      .split('\n')[0]
      ?.replace(/^psql: (error: )?/, '');
    throw new Skip(`psql: ${message || `exit code ${run.status}`}`);
  }
  return run.stdout.trim();
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  if (!LOOPBACK.has(url.hostname)) {
    throw new Skip(`refusing to target ${url.hostname}: only loopback PostgreSQL is benchmarked`);
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a fresh database `name` (a leftover of an interrupted run is dropped first). */
export function createBenchDatabase(name: string): string {
  const url = databaseUrl(name);
  psql('SELECT 1');
  psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  psql(`CREATE DATABASE ${name}`);
  return url;
}

export function dropBenchDatabase(name: string): void {
  try {
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    console.error(`could not drop database ${name}: ${(error as Error).message}`);
  }
}

/** Connections open to database `name` right now (pg_stat_activity). */
export function openConnections(name: string): number {
  return Number(psql(`SELECT count(*) FROM pg_stat_activity WHERE datname = '${name}'`));
}
