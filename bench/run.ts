/**
 * HTTP benchmarks of the household server, once per database engine, each read beside its floor.
 *
 * For each engine: start the real server (what `npm run serve` runs) on a free loopback port,
 * build a household through the API (lib/seed.ts), record the server's idle RSS, then load it with
 * autocannon, scenario by scenario (an unrecorded warm-up, then the measured run). Then stop it and
 * start the floor (floor/server.ts: a bare Fastify route doing the same work, the least way) on the
 * same database, and load that the same way. Each scenario with a floor is reported as a share of
 * the floor's requests/s, measured minutes apart on the same machine.
 *
 * Prints tables, writes bench/results/latest.json, stops the servers and removes what it created
 * (the temporary data folder; the `household_bench` PostgreSQL database).
 *
 *   npm run bench -- [--duration 10] [--warmup 10] [--engine pglite|postgres] [--only text]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { parseBenchCli, selectedEngines, wholeNumber } from './lib/cli';
import { round } from './lib/cpu';
import { recordFailure, type Engine, type EngineOutcome } from './lib/engines';
import { checkInterrupted, isInterrupted, measure, type Measured } from './lib/load';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres';
import { createHousehold, type Household } from './lib/seed';
import { cpuPerRequest, otherCoresCell, statusCell, table } from './lib/table';
import {
  API,
  BENCH_LIMITS,
  NO_LOAD_SHEDDING,
  rssMiB,
  sleep,
  startServer,
  stopServer,
  type Server,
} from './lib/server';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'latest.json');
const PG_BENCH_DB = 'household_bench';
/** How long the server idles before its RSS counts as "after start" and "after a pause". */
const IDLE_SECONDS = 5;

interface Scenario {
  name: string;
  connections: number;
  /** The floor scenario this one is read against. */
  floor?: string;
  options(
    base: string,
    household: Household,
  ): Promise<Omit<autocannon.Options, 'duration' | 'connections'>>;
}

const bearer = (household: Household) => ({
  authorization: `Bearer ${household.owner.accessToken}`,
});

const get =
  (url: (household: Household) => string, headers: Record<string, string> = {}) =>
  async (base: string, household: Household) => ({
    url: `${base}${url(household)}`,
    headers: { ...bearer(household), ...headers },
  });

/** What the toggle scenario remembers of an item from its last answer. */
interface ToggledItem {
  id: number;
  version: number;
  done: boolean;
}

const APP_SCENARIOS: readonly Scenario[] = [
  {
    name: 'GET /users/me',
    connections: 10,
    floor: 'floor: GET /users/me',
    options: get(() => `${API}/users/me`),
  },
  {
    name: 'POST /auth/jwt/login',
    connections: 4,
    options: async (base, household) => ({
      url: `${base}${API}/auth/jwt/login`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: household.owner.email,
        password: household.owner.password,
      }).toString(),
    }),
  },
  { name: 'GET /groups (groups page)', connections: 10, options: get(() => `${API}/groups`) },
  {
    name: 'GET /groups/:id',
    connections: 10,
    options: get((household) => `${API}/groups/${household.groupId}`),
  },
  { name: 'GET /lists (lists page)', connections: 10, options: get(() => `${API}/lists`) },
  {
    name: 'GET /lists/:id (100 items)',
    connections: 10,
    floor: 'floor: GET /lists/:id (100 items)',
    options: get((household) => `${API}/lists/${household.listIds.items100}`),
  },
  {
    name: 'GET /lists/:id (1,000 items)',
    connections: 10,
    floor: 'floor: GET /lists/:id (1,000 items)',
    options: get((household) => `${API}/lists/${household.listIds.items1000}`),
  },
  {
    // What a browser asks for: the bytes saved against the CPU compressing costs.
    name: 'GET /lists/:id (1,000 items, gzip/br)',
    connections: 10,
    options: get((household) => `${API}/lists/${household.listIds.items1000}`, {
      'accept-encoding': 'gzip, deflate, br',
    }),
  },
  {
    // A client re-reading a list it already has: with an ETag, a 304 without the items.
    name: 'GET /lists/:id (1,000 items, unchanged, If-None-Match)',
    connections: 10,
    options: async (base, household) => {
      const url = `${base}${API}/lists/${household.listIds.items1000}`;
      const first = await fetch(url, { headers: bearer(household) });
      const etag = first.headers.get('etag');
      await first.arrayBuffer();
      return { url, headers: { ...bearer(household), ...(etag ? { 'if-none-match': etag } : {}) } };
    },
  },
  {
    // Ticks and unticks items round the list of a hundred, each request sending the version last
    // seen for its item: the round trip of a tap in supermarket mode (version check, item and list
    // update, activity entry). Ten requests in flight never share an item. autocannon resets its
    // per-connection context after every request, so the last-seen state lives here, by item.
    name: 'PATCH /items/:id (toggle)',
    connections: 10,
    options: async (base, household) => {
      const seen = new Map(
        household.toggleItems.map((item) => [item.id, { ...item, done: false }]),
      );
      let next = 0;
      return {
        url: base,
        requests: [
          {
            method: 'PATCH',
            headers: { ...bearer(household), 'content-type': 'application/json' },
            setupRequest: (request) => {
              const item = household.toggleItems[next++ % household.toggleItems.length]!;
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
    options: get((household) => `${API}/groups/${household.groupId}/activity?limit=20`),
  },
];

const FLOOR_SCENARIOS: readonly Scenario[] = [
  { name: 'floor: GET /users/me', connections: 10, options: get(() => '/users/me') },
  {
    name: 'floor: GET /lists/:id (100 items)',
    connections: 10,
    options: get((household) => `/lists/${household.listIds.items100}`),
  },
  {
    name: 'floor: GET /lists/:id (1,000 items)',
    connections: 10,
    options: get((household) => `/lists/${household.listIds.items1000}`),
  },
];

interface Row extends Measured {
  engine: Engine;
  scenario: string;
  /** This scenario's requests/s as a share of its floor's, measured in the same run. */
  ofFloor: number | null;
}

interface EngineReport extends EngineOutcome {
  /** RSS of the app process in MiB: idle after start, after the load, after a pause. */
  rssMiB?: { afterStart: number | null; afterLoad: number | null; afterPause: number | null };
  /** Lines the server wrote at LOG_LEVEL=warn while it ran (warnings and errors). */
  serverLogLines?: number;
  serverExitCode?: number | null;
  /** 1-minute load average before the server started and after the load stopped. */
  loadAverage1m?: { before: number; after: number };
}

function parseCli() {
  const values = parseBenchCli(
    {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '10' },
      only: { type: 'string' },
    },
    'npm run bench -- [--duration N] [--warmup N] [--engine pglite|postgres] [--only text]',
  );
  const duration = wholeNumber('--duration', values.duration, 'seconds', 1, 600);
  const warmup = wholeNumber('--warmup', values.warmup, 'seconds', 0, 60);
  return { duration, warmup, engines: selectedEngines(values.engine), only: values.only };
}

async function runScenarios(
  engine: Engine,
  scenarios: readonly Scenario[],
  server: Server,
  household: Household,
  timing: { duration: number; warmup: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  const database = engine === 'postgres' ? PG_BENCH_DB : null;
  for (const scenario of scenarios) {
    checkInterrupted();
    const options = {
      ...(await scenario.options(server.base, household)),
      connections: scenario.connections,
    };
    console.log(`[${engine}] ${scenario.name}: ${scenario.connections} connections`);
    const measured = await measure(options, timing, [server.child.pid!], database);
    if (measured.errors > 0 || Object.keys(measured.statusCodes).some((code) => code >= '400')) {
      console.warn(
        `[${engine}] ${scenario.name}: ${measured.errors} errors, status codes ` +
          JSON.stringify(measured.statusCodes),
      );
    }
    rows.push({ engine, scenario: scenario.name, ofFloor: null, ...measured });
  }
  return rows;
}

async function benchEngine(
  engine: Engine,
  timing: { duration: number; warmup: number },
  only: string | undefined,
): Promise<{ report: EngineReport; rows: Row[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `household-bench-${engine}-`));
  const selected = (scenario: Scenario) => !only || scenario.name.includes(only);
  const appScenarios = APP_SCENARIOS.filter(selected);
  const floorNames = new Set(appScenarios.map((scenario) => scenario.floor));
  const floorScenarios = FLOOR_SCENARIOS.filter((scenario) => floorNames.has(scenario.name));
  let createdDatabase = false;
  let server: Server | null = null;
  const report: EngineReport = { engine, status: 'ran' };
  const rows: Row[] = [];
  const loadBefore = round(os.loadavg()[0] ?? 0);
  try {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ...BENCH_LIMITS,
      ...NO_LOAD_SHEDDING,
    };
    if (engine === 'postgres') {
      env.DATABASE_URL = createBenchDatabase(PG_BENCH_DB);
      createdDatabase = true;
    }
    console.log(`[${engine}] starting the server…`);
    server = await startServer({ env });
    await sleep(IDLE_SECONDS * 1000);
    const afterStart = rssMiB(server.child.pid);
    const household = await createHousehold(server.base);
    rows.push(...(await runScenarios(engine, appScenarios, server, household, timing)));
    const afterLoad = rssMiB(server.child.pid);
    await sleep(IDLE_SECONDS * 1000);
    report.rssMiB = { afterStart, afterLoad, afterPause: rssMiB(server.child.pid) };
    report.serverExitCode = await stopServer(server);
    report.serverLogLines = server.logLines();
    if (report.serverLogLines > 0) {
      console.warn(
        `[${engine}] the server logged ${report.serverLogLines} line(s):\n${server.logTail()}`,
      );
    }
    server = null;

    if (floorScenarios.length > 0) {
      console.log(`[${engine}] starting the floor…`);
      server = await startServer({
        args: ['--import', 'tsx', 'bench/floor/server.ts'],
        env,
        healthPath: '/health',
      });
      rows.push(...(await runScenarios(engine, floorScenarios, server, household, timing)));
      await stopServer(server);
      server = null;
    }
    for (const row of rows) {
      const floorName = APP_SCENARIOS.find((scenario) => scenario.name === row.scenario)?.floor;
      const floor = rows.find((candidate) => candidate.scenario === floorName);
      if (floor) row.ofFloor = round(row.requests.average / floor.requests.average, 3);
    }
    report.loadAverage1m = { before: loadBefore, after: round(os.loadavg()[0] ?? 0) };
  } catch (error) {
    recordFailure(report, error);
  } finally {
    if (server) await stopServer(server);
    if (createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { report, rows };
}

function printResults(rows: Row[], reports: EngineReport[]) {
  console.log();
  console.log(
    table(
      [
        'engine',
        'scenario',
        'req/s',
        'of floor',
        'p50 ms',
        'p99 ms',
        'bytes/req',
        'status codes',
        'CPU ms/req',
        'others, cores',
      ],
      rows.map((row) => [
        row.engine,
        row.scenario,
        row.requests.average.toFixed(1),
        row.ofFloor === null ? '' : `${Math.round(row.ofFloor * 100)} %`,
        String(row.latencyMs.p50),
        String(row.latencyMs.p99),
        String(row.bytesPerRequest),
        statusCell(row.statusCodes, row.errors),
        cpuPerRequest(row.cpu),
        otherCoresCell(row.cpu),
      ]),
      2,
    ),
  );
  console.log(
    '\nCPU ms/req: CPU time of the server process (+ its PostgreSQL backends) per answer.' +
      '\nothers, cores: CPU used meanwhile by everything else on the machine (2 = two full cores);' +
      '\n  when it is not near 0 the figures above are pessimistic.\n',
  );
  for (const report of reports) {
    if (report.status !== 'ran') {
      console.log(`${report.engine}: ${report.status} (${report.reason})`);
      continue;
    }
    const rss = report.rssMiB;
    console.log(
      `${report.engine}: RSS ${rss?.afterStart} MiB idle after start, ${rss?.afterLoad} after ` +
        `the load, ${rss?.afterPause} after ${IDLE_SECONDS} s idle; 1-minute load average ` +
        `${report.loadAverage1m?.before} before, ${report.loadAverage1m?.after} after`,
    );
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

async function main() {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const { duration, warmup, engines, only } = cli;
  const startedAt = new Date();
  const reports: EngineReport[] = [];
  const rows: Row[] = [];
  for (const engine of engines) {
    if (isInterrupted()) break;
    const outcome = await benchEngine(engine, { duration, warmup }, only);
    reports.push(outcome.report);
    rows.push(...outcome.rows);
  }

  printResults(rows, reports);
  if (isInterrupted()) {
    console.error('\ninterrupted: results not written');
    process.exit(130);
  }

  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const output = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    settings: { durationSeconds: duration, warmupSeconds: warmup, only: only ?? null },
    engines: reports,
    results: rows,
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  if (reports.some((report) => report.status === 'failed')) process.exitCode = 1;
}

await main();
