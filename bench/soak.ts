/**
 * Soak: a bounded mixed workload with realtime clients, then a pause, on each engine; on
 * PostgreSQL with two server processes behind one database, one of which is killed half-way.
 *
 * For each engine: start the real server (PGlite: one process on a temporary DATA_DIR; PostgreSQL:
 * two processes on a fresh `household_bench_soak` database), let it idle, build households of ten
 * guests through the API (a group, two lists of 30 items each), connect one WebSocket client per
 * guest (split across the processes), then send a mix of reads and writes at a fixed rate (open
 * loop) for `--duration` seconds through a balancer that goes round the processes (lib/balancer.ts).
 * Writes go as the web app's outbox sends them: with an Idempotency-Key, sent again with it 10 s
 * after no answer. On PostgreSQL, process 2 gets `kill -9` half-way: its clients reconnect to
 * process 1, its HTTP load moves there. Then a pause, and every acknowledged write is read back.
 *
 * Records: answers by status (a 409 on a toggle is expected and counted apart), latency from when
 * each request was due, event delivery from each write's answer to each client of the household
 * (same process or across processes), events missed, reconnections, what writes sent again were
 * told (and whether a create refused in the end was stored all the same), RSS of each process (after
 * boot, at the start and end of the load, after the pause), PostgreSQL connections to the bench
 * database every second, the CPU used by everything else on the machine, and lost writes.
 *
 * Prints a table, writes bench/results/soak-latest.json, stops the servers and removes what it
 * created.
 *
 *   npm run bench:soak -- [--duration 60] [--rate 300] [--clients 200] [--engine pglite|postgres]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Balancer, type HttpOutcome, type HttpRequest } from './lib/balancer';
import { cpuSnapshot, cpuUsed, round, type CpuSnapshot } from './lib/cpu';
import { checkInterrupted, isInterrupted } from './lib/load';
import { paced } from './lib/open-loop';
import { createBenchDatabase, dropBenchDatabase, PG_ADMIN_URL, psql, Skip } from './lib/postgres';
import { eventKey, RealtimeClient } from './lib/realtime-client';
import { call, importList } from './lib/seed';
import { API, rssMiB, sleep, startServer, stopServer, type Server } from './lib/server';
import { summarize, type Summary } from './lib/stats';

type Engine = 'pglite' | 'postgres';
const ENGINES: readonly Engine[] = ['pglite', 'postgres'];
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'soak-latest.json');
const PG_BENCH_DB = 'household_bench_soak';

const HOUSEHOLD_SIZE = 10;
const LISTS_PER_HOUSEHOLD = 2;
const ITEMS_PER_LIST = 30;
/** Idle time after boot before the first RSS reading. */
const BOOT_IDLE_SECONDS = 5;
/**
 * Idle time after the load before the last RSS and connection readings; events still in flight
 * arrive meanwhile.
 */
const PAUSE_SECONDS = 15;
/**
 * An item is not toggled again until this long after its last answer, so that each of its events
 * can be told from the previous one by when it arrived (events say which item, not which edit).
 */
const TOGGLE_COOLDOWN_MS = 2000;
/**
 * An event of a write answered this long before a client's connection closed may be lost with the
 * connection (it was sent, but not yet read, when the process died): it counts as missed while away.
 */
const CLOSE_MARGIN_MS = 1000;
/** Latency is also reported per window of this many seconds of the load. */
const WINDOW_SECONDS = 5;
/** The web app's outbox sends a change again this long after it got no answer (RETRY_MS)… */
const OUTBOX_RETRY_MS = 10_000;
/** …and keeps doing so; the soak stops after this many, so that the run stays bounded. */
const OUTBOX_RETRIES = 2;
/** The process that is killed on PostgreSQL (index 1: the second). */
const VICTIM = 1;

const MIX = [
  { operation: 'GET /users/me', weight: 20 },
  { operation: 'GET /lists', weight: 15 },
  { operation: 'GET /lists/:id', weight: 15 },
  { operation: 'GET /groups/:id', weight: 10 },
  { operation: 'PATCH /items/:id', weight: 25 },
  { operation: 'POST /lists/:id/items', weight: 15 },
] as const;
type Operation = (typeof MIX)[number]['operation'];
const MIX_TOTAL = MIX.reduce((sum, entry) => sum + entry.weight, 0);

interface Options {
  durationSeconds: number;
  rate: number;
  clients: number;
}

interface TrackedItem {
  id: number;
  version: number;
  done: boolean;
  /** When it may be toggled again (Infinity while a toggle is in flight). */
  idleFrom: number;
}

interface Household {
  index: number;
  groupId: number;
  ownerToken: string;
  tokens: string[];
  listIds: number[];
  items: TrackedItem[];
  clients: RealtimeClient[];
}

interface RequestRecord {
  operation: Operation;
  dueAt: number;
  doneAt: number;
  upstream: number;
  status: number | null;
  error: string | null;
}

/** A 2xx write and the event every client of its household should receive for it. */
interface AcknowledgedWrite {
  household: number;
  key: string;
  itemId: number;
  sentAt: number;
  acknowledgedAt: number;
  /** Its event arrives before this (set after the run: a toggle's item's next toggle was sent). */
  eventUntil: number;
  /** False when the answer was a replay of an earlier attempt's: that attempt published or not. */
  expectsEvent: boolean;
  upstream: number;
  /** For a toggle: the item's version and state it answered. */
  version: number;
  done: boolean;
  kind: 'create' | 'toggle';
}

/** A create that got no 201 in the end: what the client was told, and whether it was stored. */
interface UnacknowledgedCreate {
  household: Household;
  name: string;
  outcome: string;
}

interface ProcessMemory {
  process: number;
  afterBootMiB: number | null;
  loadStartMiB: number | null;
  loadEndMiB: number | null;
  afterPauseMiB: number | null;
  maxMiB: number | null;
  /** After the pause against the start of the load, in %; null for a killed process. */
  pauseVsLoadStartPercent: number | null;
}

interface ConnectionSample {
  second: number;
  total: number;
  listening: number;
  active: number;
  idleInTransaction: number;
}

interface EngineReport {
  engine: Engine;
  status: 'ran' | 'skipped' | 'failed';
  reason?: string;
  processes?: number;
  households?: number;
  clients?: number;
  durationSeconds?: number;
  targetRate?: number;
  achievedRate?: number;
  requests?: {
    sent: number;
    ok: number;
    /** 409 on a toggle: the version moved on meanwhile (expected; the client goes on from it). */
    toggleConflicts: number;
    /** Everything else that is not a 2xx: the target is 0 (the kill's failures are apart). */
    errors: number;
    unexpectedStatuses: Record<string, number>;
    networkErrors: Record<string, number>;
  };
  latencyMs?: {
    all: Summary;
    byOperation: Record<string, Summary>;
    beforeKill?: Summary;
    afterKill?: Summary;
    /** Requests by when they were due, in windows of WINDOW_SECONDS: warm-up, the kill, drift. */
    byWindow: (Summary & { fromSecond: number; failed: number })[];
  };
  events?: {
    expected: number;
    delivered: number;
    /** From the write's answer to the client's receipt; negative: the event came first. */
    deliveryMs: { all: Summary; sameProcess: Summary; crossProcess: Summary };
    /** Missed by a client whose connection was closed or closing: the resync after `ready` covers them. */
    missedWhileAway: number;
    /** Missed by a client that was connected all along: a lost event (target 0). */
    missedWhileConnected: number;
  };
  kill?: {
    atSecond: number;
    process: number;
    /** Requests that failed because the process died under them (in flight or on a dead socket). */
    failedRequests: number;
    failedByError: Record<string, number>;
    clientsDisconnected: number;
    clientsReconnected: number;
    /** From the close to `ready` on another process, and of that the last attempt (no back-off). */
    reconnectMs: Summary;
    connectMs: Summary;
    reconnectedTo: Record<string, number>;
    attemptsPerReconnect: Summary;
    eventsMissedBeforeResync: number;
    maxEventsMissedByOneClient: number;
    /**
     * Idempotency-Key claims still marked in progress after the pause: writes the dead process had
     * claimed and never answered. A retry with such a key is told 409 until the claim is pruned.
     */
    idempotencyClaimsLeft: number;
  };
  writes?: {
    acknowledgedCreates: number;
    acknowledgedToggles: number;
    /** Acknowledged writes not found on reading back (target 0). */
    lost: number;
    lostDetails: string[];
    /** Writes that got no answer, sent again with their key: how the last attempt ended. */
    retried: Record<string, number>;
    /** Creates without a 201 in the end, by what the client was told, and how many were stored. */
    unacknowledgedCreates: Record<string, { count: number; stored: number }>;
  };
  memory?: ProcessMemory[];
  databaseConnections?: {
    atLoadStart: number;
    maxBeforeKill: number;
    maxAfterKill: number | null;
    atLoadEnd: number;
    afterPause: number;
    samples: ConnectionSample[];
  };
  cpuCores?: {
    servers: number | null;
    database: number | null;
    loadGenerator: number;
    /** Everything else on the machine meanwhile (PostgreSQL's own background work included). */
    others: number | null;
    steal: number | null;
  };
  loadAverage1m?: { before: number; after: number };
  serverLogs?: { process: number; lines: number; tail: string }[];
}

function parseCli() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      rate: { type: 'string', default: '300' },
      clients: { type: 'string', default: '200' },
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench:soak -- [--duration 60] [--rate 300] [--clients 200] [--engine pglite|postgres]',
    );
    process.exit(0);
  }
  const durationSeconds = Number(values.duration);
  const rate = Number(values.rate);
  const clients = Number(values.clients);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 4 || durationSeconds > 3600) {
    throw new Error('--duration must be a whole number of seconds between 4 and 3600');
  }
  if (!Number.isInteger(rate) || rate < 1 || rate > 5000) {
    throw new Error('--rate must be a whole number of requests a second between 1 and 5000');
  }
  if (!Number.isInteger(clients) || clients < HOUSEHOLD_SIZE || clients % HOUSEHOLD_SIZE !== 0) {
    throw new Error(`--clients must be a multiple of ${HOUSEHOLD_SIZE} (households of ten)`);
  }
  let engines: Engine[] = [...ENGINES];
  if (values.engine !== undefined) {
    if (!ENGINES.includes(values.engine as Engine)) {
      throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
    }
    engines = [values.engine as Engine];
  }
  return { options: { durationSeconds, rate, clients } satisfies Options, engines };
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

function pickOperation(): Operation {
  let roll = Math.random() * MIX_TOTAL;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry.operation;
  }
  return MIX[0].operation;
}

const isReplay = (outcome: HttpOutcome) => outcome.headers?.['idempotent-replayed'] === 'true';

/** What a write's client was told, e.g. `201`, `200 replayed`, `409 <detail>`, `no answer (ECONNRESET)`. */
function outcomeLabel(outcome: HttpOutcome): string {
  if (outcome.status === null) return `no answer (${outcome.error})`;
  if (isReplay(outcome)) return `${outcome.status} replayed`;
  if (outcome.status === 409) {
    const problem = JSON.parse(outcome.body!) as { detail?: string; current?: unknown };
    return problem.current ? '409 changed meanwhile' : `409 ${problem.detail ?? ''}`.trim();
  }
  return String(outcome.status);
}

const countInto = (counts: Record<string, number>, key: string) =>
  (counts[key] = (counts[key] ?? 0) + 1);

/** The server as the benchmarks start it, with the limits that would turn set-up into 429s lifted. */
function startAppServer(env: Record<string, string>): Promise<Server> {
  return startServer({
    env: {
      // Longer than any run: a token expiring would close every WebSocket with 4401.
      ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      JOIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
  });
}

async function guestToken(base: string): Promise<string> {
  const response = await fetch(`${base}${API}/auth/guest`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 201) throw new Error(`POST /auth/guest answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A group of ten guests (the first owns it, nine joined by code) with two group lists. */
async function createHousehold(base: string, index: number): Promise<Household> {
  const ownerToken = await guestToken(base);
  const group = await call<{ id: number }>(base, ownerToken, 'POST', '/groups', {
    name: `Soak household ${index + 1}`,
  });
  const { code } = await call<{ code: string }>(
    base,
    ownerToken,
    'POST',
    `/groups/${group.id}/invites`,
  );
  const others = await Promise.all(
    Array.from({ length: HOUSEHOLD_SIZE - 1 }, async () => {
      const token = await guestToken(base);
      await call(base, token, 'POST', '/groups/join', { code });
      return token;
    }),
  );
  const listIds: number[] = [];
  const items: TrackedItem[] = [];
  for (let i = 0; i < LISTS_PER_HOUSEHOLD; i++) {
    const list = await importList(base, ownerToken, group.id, `Shop ${i + 1}`, ITEMS_PER_LIST);
    listIds.push(list.id);
    for (const item of list.items) {
      items.push({ id: item.id, version: item.version, done: false, idleFrom: 0 });
    }
  }
  return {
    index,
    groupId: group.id,
    ownerToken,
    tokens: [ownerToken, ...others],
    listIds,
    items,
    clients: [],
  };
}

/** Connections to the bench database, every second, through one connection to another database. */
class ConnectionSampler {
  readonly samples: ConnectionSample[] = [];
  private readonly client = new pg.Client({ connectionString: PG_ADMIN_URL });
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(private readonly origin: number) {}

  async start(): Promise<void> {
    await this.client.connect();
    await this.sample();
    this.timer = setInterval(() => void this.sample(), 1000);
  }

  async sample(): Promise<ConnectionSample | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{
        total: string;
        listening: string;
        active: string;
        idle_in_transaction: string;
      }>(
        `SELECT count(*) AS total,
                count(*) FILTER (WHERE application_name = 'household-realtime') AS listening,
                count(*) FILTER (WHERE state = 'active') AS active,
                count(*) FILTER (WHERE state LIKE 'idle in transaction%') AS idle_in_transaction
           FROM pg_stat_activity WHERE datname = $1`,
        [PG_BENCH_DB],
      );
      const row = rows[0]!;
      const sample = {
        second: round((performance.now() - this.origin) / 1000, 1),
        total: Number(row.total),
        listening: Number(row.listening),
        active: Number(row.active),
        idleInTransaction: Number(row.idle_in_transaction),
      };
      this.samples.push(sample);
      return sample;
    } finally {
      this.busy = false;
    }
  }

  /** One reading now (waiting for a sample in progress to finish first). */
  async now(): Promise<number> {
    while (this.busy) await sleep(10);
    return (await this.sample())!.total;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await sleep(10);
    await this.client.end();
  }
}

/** CPU of two stretches (before and after the kill) added up, as cores over their wall time. */
function cpuCores(stretches: { before: CpuSnapshot; after: CpuSnapshot }[]) {
  let wall = 0;
  const sums = { servers: 0, database: 0, loadGenerator: 0, others: 0, steal: 0 };
  const known = { servers: true, database: true, others: true, steal: true };
  for (const { before, after } of stretches) {
    const ms = after.at - before.at;
    const used = cpuUsed(before, after, 0);
    wall += ms;
    const add = (key: keyof typeof known, cores: number | null) => {
      if (cores === null) known[key] = false;
      else sums[key] += cores * ms;
    };
    add('servers', used.serverCores);
    add('database', used.databaseCores);
    add('others', used.otherCores);
    add('steal', used.stealCores);
    sums.loadGenerator += used.loadGeneratorCores * ms;
  }
  const cores = (key: keyof typeof sums) => round(sums[key] / wall);
  return {
    servers: known.servers ? cores('servers') : null,
    database: known.database ? cores('database') : null,
    loadGenerator: cores('loadGenerator'),
    others: known.others ? cores('others') : null,
    steal: known.steal ? cores('steal') : null,
  };
}

const jsonHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});

/**
 * The mixed load and what it saw: each request's outcome, the writes acknowledged, the creates that
 * were not, and how writes sent again ended.
 */
class Workload {
  readonly records: RequestRecord[] = [];
  readonly acknowledged: AcknowledgedWrite[] = [];
  readonly unacknowledgedCreates: UnacknowledgedCreate[] = [];
  /** Writes that got no answer and were sent again: how the last attempt ended. */
  readonly retries: Record<string, number> = {};
  /** When each toggle of each item was sent, answered or not: the window of its event. */
  private readonly toggleSentAt = new Map<number, number[]>();
  private readonly inFlight = new Set<Promise<void>>();
  private createSequence = 0;

  constructor(
    private readonly balancer: Balancer,
    private readonly households: Household[],
  ) {}

  /** Starts one request due at `dueAt`, without waiting for it (open loop). */
  fire(dueAt: number): void {
    const running = this.perform(dueAt).finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Waits for the requests still running (and the writes still to be sent again). */
  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  /** After the run: a toggle's event must arrive before its item's next toggle was sent. */
  closeEventWindows(): void {
    for (const write of this.acknowledged) {
      if (write.kind !== 'toggle') continue;
      const sentTimes = this.toggleSentAt.get(write.itemId)!;
      write.eventUntil = sentTimes.find((at) => at > write.sentAt) ?? Infinity;
    }
  }

  private async perform(dueAt: number): Promise<void> {
    const household = pick(this.households);
    const token = pick(household.tokens);
    let operation = pickOperation();
    let outcome: HttpOutcome;
    if (operation === 'PATCH /items/:id') {
      const now = performance.now();
      const idle = household.items.filter((item) => item.idleFrom <= now);
      if (idle.length > 0) outcome = await this.toggle(household, token, pick(idle));
      else {
        operation = 'POST /lists/:id/items';
        outcome = await this.create(household, token);
      }
    } else if (operation === 'POST /lists/:id/items') outcome = await this.create(household, token);
    else if (operation === 'GET /users/me') outcome = await this.read(token, '/users/me');
    else if (operation === 'GET /lists') outcome = await this.read(token, '/lists');
    else if (operation === 'GET /lists/:id') {
      outcome = await this.read(token, `/lists/${pick(household.listIds)}`);
    } else outcome = await this.read(token, `/groups/${household.groupId}`);
    this.records.push({
      operation,
      dueAt,
      doneAt: outcome.doneAt,
      upstream: outcome.upstream,
      status: outcome.status,
      error: outcome.error,
    });
  }

  private read(token: string, url: string): Promise<HttpOutcome> {
    return this.balancer.send({
      method: 'GET',
      path: `${API}${url}`,
      headers: { authorization: `Bearer ${token}` },
      keepBody: false,
    });
  }

  /**
   * A write as the web app's outbox sends it: with an Idempotency-Key, and when no answer came,
   * the same request again OUTBOX_RETRY_MS later, up to OUTBOX_RETRIES times. Returns the first
   * outcome (what the load counts) and the last (what the client ends up with), and when that
   * was sent.
   */
  private async sendWrite(request: HttpRequest, onSend: (sentAt: number) => void) {
    const withKey = {
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    };
    let sentAt = performance.now();
    onSend(sentAt);
    const first = await this.balancer.send(withKey);
    let last = first;
    for (let retry = 1; last.status === null && retry <= OUTBOX_RETRIES; retry++) {
      await sleep(OUTBOX_RETRY_MS);
      sentAt = performance.now();
      onSend(sentAt);
      last = await this.balancer.send(withKey);
    }
    if (last !== first) countInto(this.retries, outcomeLabel(last));
    return { first, last, sentAt };
  }

  private async toggle(household: Household, token: string, item: TrackedItem) {
    item.idleFrom = Infinity;
    const sentTimes: number[] = this.toggleSentAt.get(item.id) ?? [];
    this.toggleSentAt.set(item.id, sentTimes);
    const { first, last, sentAt } = await this.sendWrite(
      {
        method: 'PATCH',
        path: `${API}/items/${item.id}`,
        headers: jsonHeaders(token),
        body: JSON.stringify({ version: item.version, done: !item.done }),
        keepBody: true,
      },
      (at) => sentTimes.push(at),
    );
    if (last.status === 200 || last.status === 409) {
      const body = JSON.parse(last.body!) as { version: number; done: boolean } & {
        current?: { version: number; done: boolean };
      };
      // A 409 for a stale version carries the item as it is now: the next toggle goes on from it.
      const now = last.status === 200 ? body : body.current;
      if (now) {
        item.version = now.version;
        item.done = now.done;
      }
    }
    if (last.status === 200) {
      this.acknowledged.push({
        household: household.index,
        key: eventKey('item', item.id, 'updated'),
        itemId: item.id,
        sentAt,
        acknowledgedAt: last.doneAt,
        eventUntil: Infinity,
        expectsEvent: !isReplay(last),
        upstream: last.upstream,
        version: item.version,
        done: item.done,
        kind: 'toggle',
      });
    }
    item.idleFrom = performance.now() + TOGGLE_COOLDOWN_MS;
    return first;
  }

  private async create(household: Household, token: string) {
    const listId = pick(household.listIds);
    const name = `Soak item ${++this.createSequence}`;
    const { first, last, sentAt } = await this.sendWrite(
      {
        method: 'POST',
        path: `${API}/lists/${listId}/items`,
        headers: jsonHeaders(token),
        body: JSON.stringify({ name }),
        keepBody: true,
      },
      () => {},
    );
    if (last.status === 201) {
      const item = JSON.parse(last.body!) as { id: number; version: number };
      household.items.push({ id: item.id, version: item.version, done: false, idleFrom: 0 });
      this.acknowledged.push({
        household: household.index,
        key: eventKey('item', item.id, 'created'),
        itemId: item.id,
        sentAt,
        acknowledgedAt: last.doneAt,
        eventUntil: Infinity,
        expectsEvent: !isReplay(last),
        upstream: last.upstream,
        version: item.version,
        done: false,
        kind: 'create',
      });
    } else this.unacknowledgedCreates.push({ household, name, outcome: outcomeLabel(last) });
    return first;
  }
}

async function soak(engine: Engine, options: Options): Promise<EngineReport> {
  const report: EngineReport = { engine, status: 'ran' };
  const servers: Server[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-soak-'));
  let createdDatabase = false;
  let balancer: Balancer | null = null;
  let sampler: ConnectionSampler | null = null;
  const households: Household[] = [];
  const timers: NodeJS.Timeout[] = [];
  const loadBefore = round(os.loadavg()[0] ?? 0);
  try {
    const env: Record<string, string> = { JWT_SECRET: randomBytes(48).toString('base64url') };
    if (engine === 'postgres') {
      env.DATABASE_URL = createBenchDatabase(PG_BENCH_DB);
      createdDatabase = true;
    } else {
      env.DATA_DIR = dataDir;
    }
    const processCount = engine === 'postgres' ? 2 : 1;
    for (let i = 0; i < processCount; i++) {
      console.log(`[${engine}] starting server process ${i + 1}…`);
      servers.push(await startAppServer(env));
    }
    await sleep(BOOT_IDLE_SECONDS * 1000);
    const pids = servers.map((server) => server.child.pid!);
    const afterBoot = pids.map((pid) => rssMiB(pid));
    balancer = new Balancer(servers.map((server) => server.port));

    const householdCount = options.clients / HOUSEHOLD_SIZE;
    console.log(
      `[${engine}] ${householdCount} households of ${HOUSEHOLD_SIZE}, ${options.clients} clients…`,
    );
    for (let i = 0; i < householdCount; i++) {
      households.push(await createHousehold(servers[0]!.base, i));
    }
    let clientIndex = 0;
    for (const household of households) {
      for (const token of household.tokens) {
        household.clients.push(new RealtimeClient(balancer, token));
      }
    }
    // Half of each household on each process, so that every write has readers on both.
    await Promise.all(
      households.flatMap((household) =>
        household.clients.map((client) =>
          client.start(balancer!.upstreams[clientIndex++ % processCount]!),
        ),
      ),
    );
    checkInterrupted();

    const database = engine === 'postgres' ? PG_BENCH_DB : null;
    const workload = new Workload(balancer, households);
    console.log(
      `[${engine}] ${options.rate} requests/s for ${options.durationSeconds} s, ${options.clients} WebSocket clients…`,
    );
    const origin = performance.now();
    if (engine === 'postgres') {
      sampler = new ConnectionSampler(origin);
      await sampler.start();
    }
    const loadStart = pids.map((pid) => rssMiB(pid));
    const maxRss = [...loadStart];
    timers.push(
      setInterval(() => {
        pids.forEach((pid, i) => {
          const rss = rssMiB(pid);
          if (rss !== null) maxRss[i] = Math.max(maxRss[i] ?? 0, rss);
        });
      }, 1000),
    );
    const durationMs = options.durationSeconds * 1000;
    let killAt: number | null = null;
    const stretches: { before: CpuSnapshot; after: CpuSnapshot }[] = [];
    let stretchStart: CpuSnapshot | null = cpuSnapshot(pids, database);
    if (engine === 'postgres') {
      timers.push(
        setTimeout(() => {
          stretches.push({ before: stretchStart!, after: cpuSnapshot(pids, database) });
          stretchStart = null;
          killAt = performance.now();
          console.log(`[${engine}] kill -9 server process ${VICTIM + 1}`);
          servers[VICTIM]!.child.kill('SIGKILL');
        }, durationMs / 2),
        // The next stretch starts once the dead process's PostgreSQL backends are gone.
        setTimeout(
          () => {
            stretchStart = cpuSnapshot(
              pids.filter((_, i) => i !== VICTIM),
              database,
            );
          },
          durationMs / 2 + 2000,
        ),
      );
    }
    const sent = await paced(
      options.rate,
      durationMs,
      (dueAt) => workload.fire(dueAt),
      isInterrupted,
    );
    const loadEndedAt = performance.now();
    await workload.drain();
    const survivors = pids.filter((_, i) => killAt === null || i !== VICTIM);
    if (stretchStart)
      stretches.push({ before: stretchStart, after: cpuSnapshot(survivors, database) });
    const loadEnd = pids.map((pid) => rssMiB(pid));
    const connectionsAtLoadEnd = sampler ? await sampler.now() : null;
    checkInterrupted();

    console.log(`[${engine}] pause of ${PAUSE_SECONDS} s…`);
    await sleep(PAUSE_SECONDS * 1000);
    const afterPause = pids.map((pid) => rssMiB(pid));
    const connectionsAfterPause = sampler ? await sampler.now() : null;
    // Every request has ended by now: a claim still in progress (status 0) has no request behind it.
    const idempotencyClaimsLeft =
      killAt === null
        ? null
        : Number(psql('SELECT count(*) FROM idempotency_keys WHERE status = 0', env.DATABASE_URL));
    checkInterrupted();

    console.log(`[${engine}] reading every acknowledged write back…`);
    const writes = await verifyWrites(
      servers.find((_, i) => killAt === null || i !== VICTIM)!.base,
      households,
      workload.acknowledged,
      workload.unacknowledgedCreates,
    );

    const figures = requestFigures(workload.records, {
      origin,
      killAt,
      durationSeconds: options.durationSeconds,
    });
    report.requests = { sent, ...figures.requests };
    report.latencyMs = figures.latencyMs;

    workload.closeEventWindows();
    const events = deliveries(households, workload.acknowledged);
    report.events = events.report;
    if (killAt !== null) {
      report.kill = {
        atSecond: round((killAt - origin) / 1000, 1),
        process: VICTIM + 1,
        failedRequests: Object.values(figures.failedByKill).reduce((sum, n) => sum + n, 0),
        failedByError: figures.failedByKill,
        ...reconnections(households, events.missedWhileAway),
        idempotencyClaimsLeft: idempotencyClaimsLeft!,
      };
    }
    report.writes = { ...writes, retried: workload.retries };
    report.processes = processCount;
    report.households = householdCount;
    report.clients = options.clients;
    report.durationSeconds = round((loadEndedAt - origin) / 1000, 1);
    report.targetRate = options.rate;
    report.achievedRate = round(sent / ((loadEndedAt - origin) / 1000), 1);
    report.memory = pids.map((_, i) => {
      const killed = killAt !== null && i === VICTIM;
      const start = loadStart[i] ?? null;
      const paused = killed ? null : (afterPause[i] ?? null);
      return {
        process: i + 1,
        afterBootMiB: afterBoot[i] ?? null,
        loadStartMiB: start,
        loadEndMiB: killed ? null : (loadEnd[i] ?? null),
        afterPauseMiB: paused,
        maxMiB: maxRss[i] ?? null,
        pauseVsLoadStartPercent:
          start === null || paused === null ? null : round(((paused - start) / start) * 100, 1),
      };
    });
    if (sampler) {
      const killSecond = killAt === null ? null : (killAt - origin) / 1000;
      const totals = (from: number, to: number) =>
        sampler!.samples
          .filter((sample) => sample.second >= from && sample.second < to)
          .map((sample) => sample.total);
      const loadSeconds = (loadEndedAt - origin) / 1000;
      report.databaseConnections = {
        atLoadStart: sampler.samples[0]!.total,
        maxBeforeKill: Math.max(...totals(0, killSecond ?? loadSeconds)),
        // From two seconds after the kill: the dead process's backends need a moment to go.
        maxAfterKill: killSecond === null ? null : Math.max(...totals(killSecond + 2, loadSeconds)),
        atLoadEnd: connectionsAtLoadEnd!,
        afterPause: connectionsAfterPause!,
        samples: sampler.samples,
      };
    }
    report.cpuCores = cpuCores(stretches);
    report.loadAverage1m = { before: loadBefore, after: round(os.loadavg()[0] ?? 0) };
  } catch (error) {
    report.status = error instanceof Skip ? 'skipped' : 'failed';
    report.reason = (error as Error).message;
    console.error(`[${engine}] ${report.status}: ${report.reason}`);
  } finally {
    for (const timer of timers) clearInterval(timer);
    await sampler?.stop();
    // Clients go first: a server shutting down closes their connections, which they would retry.
    for (const household of households) for (const client of household.clients) client.stop();
    balancer?.close();
    report.serverLogs = [];
    for (const [i, server] of servers.entries()) {
      await stopServer(server);
      report.serverLogs.push({ process: i + 1, lines: server.logLines(), tail: server.logTail() });
    }
    if (createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

/**
 * Requests by outcome (those that died with the killed process apart: in flight, or sent on a
 * connection it had already dropped) and their latency from when they were due.
 */
function requestFigures(
  records: RequestRecord[],
  {
    origin,
    killAt,
    durationSeconds,
  }: { origin: number; killAt: number | null; durationSeconds: number },
) {
  const diedWithVictim = (record: RequestRecord) =>
    killAt !== null &&
    record.status === null &&
    record.upstream === VICTIM &&
    record.doneAt >= killAt;
  const requests = {
    ok: 0,
    toggleConflicts: 0,
    errors: 0,
    unexpectedStatuses: {} as Record<string, number>,
    networkErrors: {} as Record<string, number>,
  };
  const failedByKill: Record<string, number> = {};
  for (const record of records) {
    if (record.status !== null && record.status < 300) requests.ok += 1;
    else if (record.status === 409 && record.operation === 'PATCH /items/:id') {
      requests.toggleConflicts += 1;
    } else if (diedWithVictim(record)) countInto(failedByKill, record.error ?? 'unknown');
    else {
      requests.errors += 1;
      if (record.status === null) countInto(requests.networkErrors, record.error ?? 'unknown');
      else countInto(requests.unexpectedStatuses, `${record.operation} ${record.status}`);
    }
  }
  const answered = records.filter((record) => record.status !== null);
  const latency = (subset: RequestRecord[]) =>
    summarize(subset.map((record) => record.doneAt - record.dueAt));
  const latencyMs: NonNullable<EngineReport['latencyMs']> = {
    all: latency(answered),
    byOperation: Object.fromEntries(
      MIX.map(({ operation }) => [
        operation,
        latency(answered.filter((record) => record.operation === operation)),
      ]),
    ),
    byWindow: Array.from({ length: Math.ceil(durationSeconds / WINDOW_SECONDS) }, (_, window) => {
      const from = origin + window * WINDOW_SECONDS * 1000;
      const due = records.filter(
        (record) => record.dueAt >= from && record.dueAt < from + WINDOW_SECONDS * 1000,
      );
      return {
        fromSecond: window * WINDOW_SECONDS,
        ...latency(due.filter((record) => record.status !== null)),
        failed: due.filter((record) => record.status === null || record.status >= 500).length,
      };
    }),
  };
  if (killAt !== null) {
    latencyMs.beforeKill = latency(answered.filter((record) => record.dueAt < killAt));
    latencyMs.afterKill = latency(answered.filter((record) => record.dueAt >= killAt));
  }
  return { requests, latencyMs, failedByKill };
}

/**
 * Each acknowledged write against each client of its household: when its event arrived, or that it
 * never did, and whether the client was away meanwhile. The event is the first of its key that
 * arrived within the write's window (`eventUntil`: for a toggle, until its item's next toggle was
 * sent, so an event missed is not taken for the next one's).
 */
function deliveries(households: Household[], acknowledged: AcknowledgedWrite[]) {
  const all: number[] = [];
  const same: number[] = [];
  const cross: number[] = [];
  let missedWhileConnected = 0;
  const missedWhileAway = new Map<RealtimeClient, number>();
  for (const write of acknowledged) {
    if (!write.expectsEvent) continue;
    for (const client of households[write.household]!.clients) {
      const arrival = client.arrivals
        .get(write.key)
        ?.find((entry) => entry.at >= write.sentAt && entry.at < write.eventUntil);
      if (arrival) {
        const ms = arrival.at - write.acknowledgedAt;
        all.push(ms);
        (arrival.upstream === write.upstream ? same : cross).push(ms);
      } else if (wasAway(client, write)) {
        missedWhileAway.set(client, (missedWhileAway.get(client) ?? 0) + 1);
      } else missedWhileConnected += 1;
    }
  }
  const away = [...missedWhileAway.values()].reduce((sum, n) => sum + n, 0);
  return {
    report: {
      expected: all.length + away + missedWhileConnected,
      delivered: all.length,
      deliveryMs: {
        all: summarize(all),
        sameProcess: summarize(same),
        crossProcess: summarize(cross),
      },
      missedWhileAway: away,
      missedWhileConnected,
    },
    missedWhileAway,
  };
}

/**
 * Whether the client was away at some moment between the write's request and its answer (when the
 * event was published), or its connection closed soon after (the event may have died with it).
 */
function wasAway(client: RealtimeClient, write: AcknowledgedWrite): boolean {
  return client.outages.some(
    (outage) =>
      write.acknowledgedAt >= outage.closedAt - CLOSE_MARGIN_MS &&
      write.sentAt <= (outage.readyAt ?? Infinity),
  );
}

function reconnections(households: Household[], missedWhileAway: Map<RealtimeClient, number>) {
  const clients = households.flatMap((household) => household.clients);
  const outages = clients.flatMap((client) => client.outages);
  const reconnected = outages.filter((outage) => outage.readyAt !== null);
  const reconnectedTo: Record<string, number> = {};
  for (const outage of outages) {
    countInto(reconnectedTo, outage.to === null ? 'never' : `process ${outage.to + 1}`);
  }
  const missed = [...missedWhileAway.values()];
  return {
    clientsDisconnected: clients.filter((client) => client.outages.length > 0).length,
    clientsReconnected: clients.filter(
      (client) => client.outages.length > 0 && client.outages.every((o) => o.readyAt !== null),
    ).length,
    reconnectMs: summarize(reconnected.map((outage) => outage.readyAt! - outage.closedAt)),
    connectMs: summarize(reconnected.map((outage) => outage.connectMs!)),
    reconnectedTo,
    attemptsPerReconnect: summarize(outages.map((outage) => outage.attempts)),
    eventsMissedBeforeResync: missed.reduce((sum, n) => sum + n, 0),
    maxEventsMissedByOneClient: Math.max(0, ...missed),
  };
}

/**
 * Reads every list back: each acknowledged create must be there, and each toggled item at least at
 * the version its last acknowledged toggle answered (versions only grow), in that state if no later
 * write (an unanswered one) moved it on.
 */
async function verifyWrites(
  base: string,
  households: Household[],
  acknowledged: AcknowledgedWrite[],
  unacknowledgedCreates: UnacknowledgedCreate[],
) {
  const stored = new Map<number, { version: number; done: boolean }>();
  const names = new Map<Household, Set<string>>();
  for (const household of households) {
    const householdNames = new Set<string>();
    names.set(household, householdNames);
    for (const listId of household.listIds) {
      const list = await call<{
        items: { id: number; name: string; version: number; done: boolean }[];
      }>(base, household.ownerToken, 'GET', `/lists/${listId}`);
      for (const item of list.items) {
        stored.set(item.id, { version: item.version, done: item.done });
        householdNames.add(item.name);
      }
    }
  }
  const lastToggle = new Map<number, AcknowledgedWrite>();
  for (const write of acknowledged) {
    if (write.kind !== 'toggle') continue;
    const previous = lastToggle.get(write.itemId);
    if (!previous || write.version > previous.version) lastToggle.set(write.itemId, write);
  }
  const lostDetails: string[] = [];
  for (const write of acknowledged) {
    if (write.kind === 'create' && !stored.has(write.itemId)) {
      lostDetails.push(`item ${write.itemId}: created (201) but not stored`);
    }
  }
  for (const [itemId, write] of lastToggle) {
    const item = stored.get(itemId);
    if (!item) lostDetails.push(`item ${itemId}: toggled (200) but gone`);
    else if (item.version < write.version) {
      lostDetails.push(`item ${itemId}: answered version ${write.version}, stored ${item.version}`);
    } else if (item.version === write.version && item.done !== write.done) {
      lostDetails.push(`item ${itemId}: answered done=${write.done} at version ${write.version}`);
    }
  }
  const toggles = acknowledged.filter((write) => write.kind === 'toggle').length;
  return {
    acknowledgedCreates: acknowledged.length - toggles,
    acknowledgedToggles: toggles,
    lost: lostDetails.length,
    lostDetails,
    unacknowledgedCreates: Object.fromEntries(
      [...new Set(unacknowledgedCreates.map((create) => create.outcome))].map((outcome) => {
        const told = unacknowledgedCreates.filter((create) => create.outcome === outcome);
        const stored = told.filter(({ household, name }) => names.get(household)!.has(name));
        return [outcome, { count: told.length, stored: stored.length }];
      }),
    ),
  };
}

const show = (value: number | null | undefined) =>
  value === null || value === undefined ? 'n/a' : String(value);
const showSummary = (summary: Summary | undefined) =>
  !summary ? '—' : summary.count > 0 ? `${summary.p50} / ${summary.p99} / ${summary.max}` : 'none';
const showCounts = (counts: Record<string, number> | undefined) =>
  counts && Object.keys(counts).length > 0
    ? Object.entries(counts)
        .map(([key, count]) => `${key} ×${count}`)
        .join(', ')
    : '0';

function printTable(reports: EngineReport[]) {
  const ran = reports.filter((report) => report.status === 'ran');
  if (ran.length === 0) return;
  const rows: [string, (report: EngineReport) => string][] = [
    ['processes · households · clients', (r) => `${r.processes} · ${r.households} · ${r.clients}`],
    [
      'load: s, target → achieved req/s',
      (r) => `${r.durationSeconds} s, ${r.targetRate} → ${r.achievedRate}`,
    ],
    ['requests sent · 2xx', (r) => `${r.requests!.sent} · ${r.requests!.ok}`],
    ['409 on toggles (expected)', (r) => String(r.requests!.toggleConflicts)],
    ['errors (target 0)', (r) => String(r.requests!.errors)],
    ['  unexpected statuses', (r) => showCounts(r.requests!.unexpectedStatuses)],
    ['  network errors', (r) => showCounts(r.requests!.networkErrors)],
    ['latency ms p50 / p99 / max', (r) => showSummary(r.latencyMs!.all)],
    ...MIX.map(
      ({ operation }) =>
        [
          `  ${operation}`,
          (r: EngineReport) => showSummary(r.latencyMs!.byOperation[operation]),
        ] as [string, (report: EngineReport) => string],
    ),
    [
      `  p99 per ${WINDOW_SECONDS} s`,
      (r) =>
        r
          .latencyMs!.byWindow.map((window) =>
            window.p99 === null ? 'n/a' : String(Math.round(window.p99)),
          )
          .join(' · '),
    ],
    [
      `  failed per ${WINDOW_SECONDS} s`,
      (r) => r.latencyMs!.byWindow.map((window) => window.failed).join(' · '),
    ],
    ['  due before the kill', (r) => showSummary(r.latencyMs!.beforeKill)],
    ['  due after the kill', (r) => showSummary(r.latencyMs!.afterKill)],
    ['events delivered / expected', (r) => `${r.events!.delivered} / ${r.events!.expected}`],
    ['answer → event ms p50 / p99 / max', (r) => showSummary(r.events!.deliveryMs.all)],
    ['  same process', (r) => showSummary(r.events!.deliveryMs.sameProcess)],
    ['  across processes', (r) => showSummary(r.events!.deliveryMs.crossProcess)],
    ['events missed while connected (target 0)', (r) => String(r.events!.missedWhileConnected)],
    ['events missed while away (resync)', (r) => String(r.events!.missedWhileAway)],
    [
      'kill -9: at s, process',
      (r) => (r.kill ? `${r.kill.atSecond} s, process ${r.kill.process}` : '—'),
    ],
    [
      '  requests failed by the kill',
      (r) => (r.kill ? `${r.kill.failedRequests} (${showCounts(r.kill.failedByError)})` : '—'),
    ],
    [
      '  clients disconnected → reconnected',
      (r) =>
        r.kill
          ? `${r.kill.clientsDisconnected} → ${r.kill.clientsReconnected} (${showCounts(r.kill.reconnectedTo)})`
          : '—',
    ],
    ['  reconnect ms p50 / p99 / max', (r) => (r.kill ? showSummary(r.kill.reconnectMs) : '—')],
    ['  of which connecting', (r) => (r.kill ? showSummary(r.kill.connectMs) : '—')],
    [
      '  events missed before resync (max/client)',
      (r) =>
        r.kill ? `${r.kill.eventsMissedBeforeResync} (${r.kill.maxEventsMissedByOneClient})` : '—',
    ],
    [
      '  Idempotency-Key claims left in progress',
      (r) => (r.kill ? String(r.kill.idempotencyClaimsLeft) : '—'),
    ],
    [
      'acknowledged creates · toggles',
      (r) => `${r.writes!.acknowledgedCreates} · ${r.writes!.acknowledgedToggles}`,
    ],
    ['acknowledged writes lost (target 0)', (r) => String(r.writes!.lost)],
    ['writes sent again after no answer → last answer', (r) => showCounts(r.writes!.retried)],
    [
      'creates not acknowledged: told (stored anyway)',
      (r) =>
        Object.entries(r.writes!.unacknowledgedCreates)
          .map(([outcome, { count, stored }]) => `${outcome} ×${count} (${stored})`)
          .join(', ') || '0',
    ],
    ...[0, 1].map(
      (i) =>
        [
          `RSS MiB p${i + 1}: boot · load start → end → +${PAUSE_SECONDS} s (max)`,
          (r: EngineReport) => {
            const memory = r.memory?.[i];
            if (!memory) return '—';
            const change =
              memory.pauseVsLoadStartPercent === null
                ? ''
                : `, ${memory.pauseVsLoadStartPercent >= 0 ? '+' : ''}${memory.pauseVsLoadStartPercent} %`;
            return `${show(memory.afterBootMiB)} · ${show(memory.loadStartMiB)} → ${show(memory.loadEndMiB)} → ${show(memory.afterPauseMiB)} (${show(memory.maxMiB)}${change})`;
          },
        ] as [string, (report: EngineReport) => string],
    ),
    [
      'DB connections: start, max before/after kill, end, +pause',
      (r) => {
        const c = r.databaseConnections;
        return c
          ? `${c.atLoadStart}, ${c.maxBeforeKill} / ${show(c.maxAfterKill)}, ${c.atLoadEnd}, ${c.afterPause}`
          : '—';
      },
    ],
    [
      'CPU cores: servers · database · load · others',
      (r) => {
        const c = r.cpuCores!;
        return `${show(c.servers)} · ${show(c.database)} · ${c.loadGenerator} · ${show(c.others)}`;
      },
    ],
    [
      'load average (1 min) before → after',
      (r) => `${r.loadAverage1m!.before} → ${r.loadAverage1m!.after}`,
    ],
    ['server log lines (warn and above)', (r) => r.serverLogs!.map((log) => log.lines).join(' · ')],
  ];
  const header = ['', ...ran.map((report) => report.engine)];
  const body = rows.map(([label, cell]) => [label, ...ran.map(cell)]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => cells[i]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log();
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
  console.log();
}

async function main() {
  const { options, engines } = parseCli();
  const reports: EngineReport[] = [];
  for (const engine of engines) {
    if (isInterrupted()) break;
    reports.push(await soak(engine, options));
  }
  printTable(reports);
  for (const report of reports) {
    for (const log of report.serverLogs ?? []) {
      if (log.lines > 0)
        console.warn(
          `[${report.engine}] process ${log.process} logged ${log.lines} line(s); the last:\n${log.tail}`,
        );
    }
    for (const detail of report.writes?.lostDetails ?? [])
      console.warn(`[${report.engine}] lost: ${detail}`);
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        options: {
          ...options,
          householdSize: HOUSEHOLD_SIZE,
          mix: MIX,
          pauseSeconds: PAUSE_SECONDS,
        },
        results: reports,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
