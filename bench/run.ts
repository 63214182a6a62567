/**
 * HTTP benchmarks of the household server, once per database engine.
 *
 * For each engine: start the real server (`node --import tsx apps/server/src/main.ts`) as a child
 * process on a free loopback port, register a user, log in, then load it with autocannon:
 *   (a) GET  /api/v1/users/me        with the bearer token (JWT check + one SELECT by id);
 *   (b) POST /api/v1/auth/jwt/login  with correct credentials (argon2id verify + session insert);
 *   (c) GET  /api/v1/groups/:id      a household of four with its invite code (membership check,
 *                                     members with their users, active code, creator);
 *   (d) GET  /api/v1/lists/:id       a group list of 1,000 items with their people;
 *   (e) PATCH /api/v1/items/:id      tick or untick an item with its version (10 items at once);
 *   (f) GET  /api/v1/groups/:id/activity  the newest 20 entries (keyset page, two user joins).
 * Prints a table, writes bench/results/latest.json, stops the server with SIGTERM and removes what
 * it created (the temporary data folder; the `household_bench` PostgreSQL database).
 *
 * Each measured run follows an unrecorded warm-up with the same load: PGlite's WebAssembly (and
 * V8's JIT) need about 10 s of load to reach full speed; measured cold, GET /users/me on PGlite
 * came out at half its steady rate.
 *
 *   npm run bench -- [--duration 10] [--warmup 10] [--engine pglite|postgres]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

type Engine = 'pglite' | 'postgres';
const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'latest.json');
const API = '/api/v1';
/** Maintenance database used to create and drop the benchmark database; loopback only. */
const PG_ADMIN_URL =
  process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_BENCH_DB = 'household_bench';
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

interface Session {
  email: string;
  password: string;
  accessToken: string;
  /** A household of four with an invite code and a page of activity. */
  groupId: number;
  /** A group list of 1,000 items, a hundred of which the toggle scenario ticks and unticks. */
  bigListId: number;
  toggleItems: { id: number; version: number }[];
}

/** What the toggle scenario remembers of an item from its last answer. */
interface ToggledItem {
  id: number;
  version: number;
  done: boolean;
}

interface Scenario {
  name: string;
  connections: number;
  options(base: string, session: Session): Omit<autocannon.Options, 'duration' | 'connections'>;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'GET /users/me',
    connections: 10,
    options: (base, session) => ({
      url: `${base}${API}/users/me`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    }),
  },
  {
    name: 'POST /auth/jwt/login',
    connections: 4,
    options: (base, session) => ({
      url: `${base}${API}/auth/jwt/login`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: session.email, password: session.password }).toString(),
    }),
  },
  {
    name: 'GET /groups/:id',
    connections: 10,
    options: (base, session) => ({
      url: `${base}${API}/groups/${session.groupId}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    }),
  },
  {
    name: 'GET /lists/:id (1,000 items)',
    connections: 10,
    options: (base, session) => ({
      url: `${base}${API}/lists/${session.bigListId}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    }),
  },
  {
    // Ticks and unticks items round the list of a hundred, each request sending the version last
    // seen for its item: the round trip of a tap in supermarket mode (version check, item and list
    // update, activity entry). Ten requests in flight never share an item. autocannon resets its
    // per-connection context after every request, so the last-seen state lives here, by item.
    name: 'PATCH /items/:id (toggle)',
    connections: 10,
    options: (base, session) => {
      const seen = new Map(session.toggleItems.map((item) => [item.id, { ...item, done: false }]));
      let next = 0;
      return {
        url: base,
        requests: [
          {
            method: 'PATCH',
            headers: {
              authorization: `Bearer ${session.accessToken}`,
              'content-type': 'application/json',
            },
            setupRequest: (request) => {
              const item = session.toggleItems[next++ % session.toggleItems.length]!;
              const last = seen.get(item.id)!;
              return {
                ...request,
                path: `${API}/items/${item.id}`,
                body: JSON.stringify({ version: last.version, done: !last.done }),
              };
            },
            // A 409 (someone moved the version on) carries the current item: go on from it.
            onResponse: (status, body) => {
              const parsed = JSON.parse(body) as ToggledItem & { current?: ToggledItem };
              const item = status === 409 ? parsed.current : parsed;
              if (item?.id !== undefined) seen.set(item.id, item);
            },
          },
        ],
      };
    },
  },
  {
    name: 'GET /groups/:id/activity',
    connections: 10,
    options: (base, session) => ({
      url: `${base}${API}/groups/${session.groupId}/activity?limit=20`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    }),
  },
];

interface Row {
  engine: Engine;
  scenario: string;
  connections: number;
  durationSeconds: number;
  requests: { total: number; average: number; stddev: number; min: number; max: number };
  latencyMs: { average: number; p50: number; p97_5: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /**
   * CPU time per answered request and average cores in use during the measured run, for the
   * server process (Node, with PGlite and the argon2 threads inside it), the PostgreSQL backends
   * serving it (postgres engine only) and this process (autocannon). Unlike req/s, CPU per request
   * depends much less on what else runs on the machine. `otherCores` is what everything else on
   * the machine (other people's builds and tests, this run's psql probes) used meanwhile and
   * `stealCores` what the hypervisor took: if they are not near 0, req/s and latency are
   * pessimistic. Null where /proc is not available.
   */
  cpu: {
    serverMsPerRequest: number | null;
    databaseMsPerRequest: number | null;
    loadGeneratorMsPerRequest: number;
    serverCores: number | null;
    databaseCores: number | null;
    loadGeneratorCores: number;
    otherCores: number | null;
    stealCores: number | null;
  };
}

interface EngineReport {
  engine: Engine;
  status: 'ran' | 'skipped' | 'failed';
  reason?: string;
  /** Lines the server wrote at LOG_LEVEL=warn while it ran (warnings and errors). */
  serverLogLines?: number;
  serverExitCode?: number | null;
  /**
   * 1-minute load average just before the server started and just after the load stopped: the
   * benchmark shares the machine's cores, so a high figure here means the numbers are pessimistic.
   */
  loadAverage1m?: { before: number; after: number };
}

class Skip extends Error {}

// ---------------------------------------------------------------------------------------------
// Command line

function parseCli() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '10' },
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log('usage: npm run bench -- [--duration N] [--warmup N] [--engine pglite|postgres]');
    process.exit(0);
  }
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  if (!Number.isInteger(duration) || duration < 1 || duration > 600) {
    throw new Error('--duration must be a whole number of seconds between 1 and 600');
  }
  if (!Number.isInteger(warmup) || warmup < 0 || warmup > 60) {
    throw new Error('--warmup must be a whole number of seconds between 0 and 60');
  }
  let engines: Engine[] = [...ENGINES];
  if (values.engine !== undefined) {
    if (!ENGINES.includes(values.engine as Engine)) {
      throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
    }
    engines = [values.engine as Engine];
  }
  return { duration, warmup, engines };
}

// ---------------------------------------------------------------------------------------------
// Interruption: Ctrl-C stops the running load and still cleans up.

let interrupted = false;
let running: autocannon.Instance | null = null;

process.on('SIGINT', () => {
  if (interrupted) return;
  interrupted = true;
  console.error('\ninterrupted: stopping the load and cleaning up…');
  running?.stop();
});

function checkInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The server under test

interface Server {
  base: string;
  child: ChildProcess;
  logLines: () => number;
  logTail: () => string;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

async function startServer(extraEnv: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // A minimal environment, so that settings of the caller's shell (DATABASE_URL, SMTP_URL, …)
  // cannot leak into the measurement.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // Long enough that the token of (a) outlives any allowed --duration.
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
    // The per-IP limit would otherwise turn the login benchmark into a 429 benchmark.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const tail: string[] = [];
  let lines = 0;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines += 1;
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null)));
  });

  const server: Server = {
    base: `http://127.0.0.1:${port}`,
    child,
    logLines: () => lines,
    logTail: () => tail.join('\n'),
    exited,
  };

  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    checkInterrupted();
    if (gone) {
      throw new Error(`server exited during start-up; its last output:\n${server.logTail()}`);
    }
    try {
      const response = await fetch(`${server.base}${API}/health`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stopServer(server);
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s:\n${server.logTail()}`);
}

/** SIGTERM (graceful shutdown), then SIGKILL if it has not exited in time. */
async function stopServer(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timedOut = Symbol('timeout');
  const outcome = await Promise.race([server.exited, sleep(STOP_TIMEOUT_MS).then(() => timedOut)]);
  if (outcome !== timedOut) return outcome as number | null;
  console.error(`server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it`);
  server.child.kill('SIGKILL');
  return server.exited;
}

// ---------------------------------------------------------------------------------------------
// Set-up requests

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${response.status}: ${await response.text()}`,
    );
  }
}

async function signUp(base: string) {
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const signal = () => AbortSignal.timeout(10_000);

  const registered = await fetch(`${base}${API}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password }),
    signal: signal(),
  });
  await expectStatus(registered, 201, 'POST /auth/register');

  const login = await fetch(`${base}${API}/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
    signal: signal(),
  });
  await expectStatus(login, 200, 'POST /auth/jwt/login');
  const { access_token: accessToken } = (await login.json()) as { access_token?: string };
  if (!accessToken) throw new Error('POST /auth/jwt/login: no access_token in the answer');
  return { email, password, accessToken };
}

async function call<T>(base: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${API}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await expectStatus(
    response,
    method === 'POST' && !url.includes('join') ? 201 : 200,
    `${method} ${url}`,
  );
  return (await response.json()) as T;
}

async function createSession(base: string): Promise<Session> {
  const owner = await signUp(base);
  await call(base, owner.accessToken, 'GET', '/users/me');
  const group = await call<{ id: number }>(base, owner.accessToken, 'POST', '/groups', {
    name: 'Bench household',
  });
  for (let i = 0; i < 3; i++) {
    const { code } = await call<{ code: string }>(
      base,
      owner.accessToken,
      'POST',
      `/groups/${group.id}/invites`,
    );
    const housemate = await signUp(base);
    await call(base, housemate.accessToken, 'POST', '/groups/join', { code });
  }
  const lines = Array.from({ length: 1000 }, (_, i) => `${(i % 5) + 1} x Item ${i + 1} 1,99`);
  const imported = await call<{ list: { id: number; items: { id: number; version: number }[] } }>(
    base,
    owner.accessToken,
    'POST',
    '/lists/import',
    { format: 'text', content: lines.join('\n'), name: 'Big shop', group_id: group.id },
  );
  return {
    ...owner,
    groupId: group.id,
    bigListId: imported.list.id,
    toggleItems: imported.list.items.slice(0, 100),
  };
}

// ---------------------------------------------------------------------------------------------
// Load

function fire(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    running = autocannon(options, (error: unknown, result) => {
      running = null;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
  });
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Linux USER_HZ: the unit of the CPU times in /proc/<pid>/stat (100 on every mainstream arch). */
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU time of a process in ms, from /proc; null elsewhere or once it is gone. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces: count from its closing parenthesis (then field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime (14) + stime (15)
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

interface CpuSnapshot {
  at: number;
  server: number | null;
  /** pid -> CPU ms of each PostgreSQL backend connected to the benchmark database. */
  database: Map<number, number> | null;
  loadGenerator: NodeJS.CpuUsage;
  machine: { busy: number; steal: number } | null;
}

/** Busy and stolen CPU time of the whole machine in ms (all cores added), from /proc/stat. */
function machineCpuMs(): { busy: number; steal: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is in user)
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = [user, nice, system, irq, softirq].reduce<number>((sum, v) => sum + (v ?? NaN), 0);
    if (!Number.isFinite(busy) || steal === undefined || !Number.isFinite(steal)) return null;
    const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    return { busy: ms(busy), steal: ms(steal) };
  } catch {
    return null;
  }
}

function databaseBackendsCpuMs(): Map<number, number> | null {
  try {
    const pids = psql(`SELECT pid FROM pg_stat_activity WHERE datname = '${PG_BENCH_DB}'`)
      .split('\n')
      .map(Number)
      .filter((pid) => Number.isSafeInteger(pid) && pid > 0);
    const cpu = new Map<number, number>();
    for (const pid of pids) {
      const ms = processCpuMs(pid);
      if (ms === null) return null;
      cpu.set(pid, ms);
    }
    return cpu;
  } catch {
    return null;
  }
}

function cpuSnapshot(engine: Engine, server: Server): CpuSnapshot {
  return {
    at: performance.now(),
    server: server.child.pid === undefined ? null : processCpuMs(server.child.pid),
    database: engine === 'postgres' ? databaseBackendsCpuMs() : null,
    loadGenerator: process.cpuUsage(),
    machine: machineCpuMs(),
  };
}

function cpuUsed(before: CpuSnapshot, after: CpuSnapshot, requests: number): Row['cpu'] {
  const wallMs = after.at - before.at;
  const serverMs =
    before.server === null || after.server === null ? null : after.server - before.server;
  let databaseMs: number | null = null;
  if (before.database && after.database) {
    // Backends opened during the run started from zero; ones closed during it are lost (the pool
    // keeps busy connections open, so that is rare).
    databaseMs = 0;
    for (const [pid, ms] of after.database) databaseMs += ms - (before.database.get(pid) ?? 0);
  }
  const loadGeneratorUsage = process.cpuUsage(before.loadGenerator);
  const loadGeneratorMs = (loadGeneratorUsage.user + loadGeneratorUsage.system) / 1000;
  const perRequest = (ms: number | null) =>
    ms === null || requests === 0 ? null : round(ms / requests);
  const cores = (ms: number | null) => (ms === null ? null : round(ms / wallMs));
  let otherMs: number | null = null;
  let stealMs: number | null = null;
  if (before.machine && after.machine) {
    const ours = (serverMs ?? 0) + (databaseMs ?? 0) + loadGeneratorMs;
    otherMs = Math.max(0, after.machine.busy - before.machine.busy - ours);
    stealMs = after.machine.steal - before.machine.steal;
  }
  return {
    serverMsPerRequest: perRequest(serverMs),
    databaseMsPerRequest: perRequest(databaseMs),
    loadGeneratorMsPerRequest: perRequest(loadGeneratorMs) ?? 0,
    serverCores: cores(serverMs),
    databaseCores: cores(databaseMs),
    loadGeneratorCores: cores(loadGeneratorMs) ?? 0,
    otherCores: cores(otherMs),
    stealCores: cores(stealMs),
  };
}

function toRow(
  engine: Engine,
  scenario: Scenario,
  result: autocannon.Result,
  cpu: Row['cpu'],
): Row {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  return {
    engine,
    scenario: scenario.name,
    connections: result.connections,
    durationSeconds: round(result.duration),
    requests: {
      total: result.requests.total,
      average: round(result.requests.average),
      stddev: round(result.requests.stddev),
      min: result.requests.min,
      max: result.requests.max,
    },
    latencyMs: {
      average: round(result.latency.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpu,
  };
}

async function runScenarios(
  engine: Engine,
  server: Server,
  session: Session,
  duration: number,
  warmup: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    checkInterrupted();
    const options = {
      ...scenario.options(server.base, session),
      connections: scenario.connections,
    };
    if (warmup > 0) {
      console.log(`[${engine}] ${scenario.name}: warm-up ${warmup} s (not recorded)`);
      await fire({ ...options, duration: warmup });
      checkInterrupted();
    }
    console.log(`[${engine}] ${scenario.name}: ${scenario.connections} connections, ${duration} s`);
    const before = cpuSnapshot(engine, server);
    const result = await fire({ ...options, duration });
    const after = cpuSnapshot(engine, server);
    checkInterrupted();
    const row = toRow(engine, scenario, result, cpuUsed(before, after, result.requests.total));
    if (row.non2xx > 0 || row.errors > 0) {
      console.warn(
        `[${engine}] ${scenario.name}: ${row.non2xx} non-2xx, ${row.errors} errors ` +
          `(status codes ${JSON.stringify(row.statusCodes)})`,
      );
    }
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL database for the `postgres` engine

function psql(sql: string, database = PG_ADMIN_URL) {
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

function benchDatabaseUrl(): string {
  const url = new URL(PG_ADMIN_URL);
  if (!LOOPBACK.has(url.hostname)) {
    throw new Skip(`refusing to target ${url.hostname}: only loopback PostgreSQL is benchmarked`);
  }
  url.pathname = `/${PG_BENCH_DB}`;
  return url.toString();
}

/** Creates a fresh `household_bench`; throws Skip when PostgreSQL cannot be reached. */
function createBenchDatabase(): string {
  const url = benchDatabaseUrl();
  psql('SELECT 1');
  // A leftover of an interrupted run is dropped: the database must start empty.
  psql(`DROP DATABASE IF EXISTS ${PG_BENCH_DB}`);
  psql(`CREATE DATABASE ${PG_BENCH_DB}`);
  return url;
}

function dropBenchDatabase() {
  try {
    psql(`DROP DATABASE IF EXISTS ${PG_BENCH_DB} WITH (FORCE)`);
  } catch (error) {
    console.error(`could not drop database ${PG_BENCH_DB}: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// One engine, start to finish

async function benchEngine(
  engine: Engine,
  duration: number,
  warmup: number,
): Promise<{ report: EngineReport; rows: Row[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `household-bench-${engine}-`));
  let createdDatabase = false;
  let server: Server | null = null;
  const report: EngineReport = { engine, status: 'ran' };
  let rows: Row[] = [];
  const loadBefore = round(os.loadavg()[0] ?? 0);
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (engine === 'postgres') {
      env.DATABASE_URL = createBenchDatabase();
      createdDatabase = true;
    }
    console.log(`[${engine}] starting the server…`);
    server = await startServer(env);
    const session = await createSession(server.base);
    rows = await runScenarios(engine, server, session, duration, warmup);
    report.loadAverage1m = { before: loadBefore, after: round(os.loadavg()[0] ?? 0) };
  } catch (error) {
    if (error instanceof Skip) {
      report.status = 'skipped';
      report.reason = error.message;
      console.warn(`[${engine}] skipped: ${error.message}`);
    } else {
      report.status = 'failed';
      report.reason = (error as Error).message;
      console.error(`[${engine}] failed: ${(error as Error).message}`);
    }
  } finally {
    if (server) {
      report.serverExitCode = await stopServer(server);
      report.serverLogLines = server.logLines();
      if (report.serverLogLines > 0) {
        console.warn(
          `[${engine}] the server logged ${report.serverLogLines} warning/error line(s); last:\n` +
            server.logTail(),
        );
      }
    }
    if (createdDatabase) dropBenchDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { report, rows };
}

// ---------------------------------------------------------------------------------------------
// Output

/** Server + database CPU per request, e.g. `2.9` or `1.2+0.8` (node + PostgreSQL backends). */
function serverCpuPerRequest(row: Row): string {
  const { serverMsPerRequest: node, databaseMsPerRequest: database } = row.cpu;
  if (node === null) return 'n/a';
  return database === null ? node.toFixed(1) : `${node.toFixed(1)}+${database.toFixed(1)}`;
}

function printTable(rows: Row[], reports: EngineReport[]) {
  const header = [
    'engine',
    'scenario',
    'conns',
    'req/s avg',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'CPU ms/req',
    'others, cores',
  ];
  const body = rows.map((row) => [
    row.engine,
    row.scenario,
    String(row.connections),
    row.requests.average.toFixed(1),
    String(row.latencyMs.p50),
    String(row.latencyMs.p97_5),
    String(row.latencyMs.p99),
    String(row.non2xx),
    String(row.errors),
    serverCpuPerRequest(row),
    row.cpu.otherCores === null ? 'n/a' : row.cpu.otherCores.toFixed(2),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  );
  const numeric = (i: number) => i >= 2;
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, i) => (numeric(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join(' | ')} |`;
  const rule = widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2)));
  console.log();
  if (rows.length === 0) {
    console.log('no results');
  } else {
    console.log(line(header));
    console.log(`|${rule.join('|')}|`);
    for (const cells of body) console.log(line(cells));
  }
  console.log(
    '\nCPU ms/req: CPU time of the server process (+ its PostgreSQL backends) per answered request.' +
      '\nothers, cores: CPU used meanwhile by everything else on the machine (2 = two full cores);' +
      '\n  when it is not near 0 the figures above are pessimistic.',
  );
  for (const report of reports) {
    if (report.status !== 'ran') {
      console.log(`${report.engine}: ${report.status} (${report.reason})`);
    } else if (report.loadAverage1m) {
      const { before, after } = report.loadAverage1m;
      console.log(
        `${report.engine}: 1-minute load average ${before} before, ${after} after ` +
          `(${os.availableParallelism()} cores)`,
      );
    }
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemoryMiB: Math.round(os.totalmem() / 2 ** 20),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const { duration, warmup, engines } = cli;
  const startedAt = new Date();
  const reports: EngineReport[] = [];
  const rows: Row[] = [];
  for (const engine of engines) {
    if (interrupted) break;
    const outcome = await benchEngine(engine, duration, warmup);
    reports.push(outcome.report);
    rows.push(...outcome.rows);
  }

  printTable(rows, reports);
  if (interrupted) {
    console.error('\ninterrupted: results not written');
    process.exit(130);
  }

  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const output = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    settings: { durationSeconds: duration, warmupSeconds: warmup },
    engines: reports,
    results: rows,
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  if (reports.some((report) => report.status === 'failed')) process.exitCode = 1;
}

await main();
