/**
 * The chores pages of a busy household, and schedule generation, on each database engine.
 *
 * For each engine: start the real server and build, through the API, a group of 6 with 200 chores
 * (150 recurring group chores: daily, weekly, monthly, every 3–14 days, 50 personal ones of the
 * owner's), then stop it and write two years of history into the database directly: every past
 * occurrence of every group chore done by a member (a completed assignment and its history entry,
 * as completing an assignment writes them), a tenth of them with a recorded time. Then load the
 * floor (floor/server.ts: the group's chores and the history page, each one query building the
 * JSON), then the app: the group's chores (the list, which the calendar month draws too), all my
 * chores, My assigned chores, the history page with its member totals, and a schedule preview of
 * 50 chores over 12 weeks; then save that schedule a few times. In-process, for comparison: the
 * domain planner alone on the same occurrences, and what the page computes in the browser (a
 * month of calendar entries and the five tabs of 200 chores).
 *
 *   npm run bench:chores -- [--engine pglite|postgres|both] [--duration 10] [--warmup 5]
 *
 * Prints a table, writes bench/results/chores-latest.json, and removes what it created.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import {
  addCalendarDays,
  groupByTab,
  occurrencesBetween,
  planSchedule,
  type Recurrence,
} from '@household/domain';
import type autocannon from 'autocannon';
import pg from 'pg';
import { parseBenchCli, selectedEngines, wholeNumber } from './lib/cli';
import { round } from './lib/cpu';
import { recordFailure, type Engine, type EngineOutcome } from './lib/engines';
import { checkInterrupted, measure, type Measured } from './lib/load';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres';
import { call, signUp, type Account } from './lib/seed';
import {
  API,
  BENCH_LIMITS,
  NO_LOAD_SHEDDING,
  startServer,
  stopServer,
  type Server,
} from './lib/server';
import { cpuPerRequest, otherCoresCell, statusCell, table } from './lib/table';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'chores-latest.json');
const PG_BENCH_DB = 'household_bench_chores';
const MEMBERS = 6;
const CONNECTIONS = 10;
const SCHEDULE_CHORES = 50;
const SCHEDULE_WEEKS = 12;
const SAVES = 5;
const HISTORY_DAYS = 730;

function parseCli() {
  const values = parseBenchCli(
    {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '5' },
    },
    'npm run bench:chores -- [--engine pglite|postgres|both] [--duration N] [--warmup N]',
  );
  return {
    duration: wholeNumber('--duration', values.duration, 'seconds', 1, 600),
    warmup: wholeNumber('--warmup', values.warmup, 'seconds', 0, 60),
    engines: selectedEngines(values.engine === 'both' ? undefined : values.engine),
  };
}

// ---------------------------------------------------------------------------------------------
// The household, built through the API

interface Household {
  owner: Account;
  ownerId: number;
  groupId: number;
  memberIds: number[];
  /** The recurring group chores a schedule covers. */
  scheduleChoreIds: number[];
}

interface ChoreAnswer {
  id: number;
  frequency: string;
  interval_days: number | null;
  due_date: string;
  effort: number;
}

const today = () => new Date().toISOString().slice(0, 10);

async function buildHousehold(base: string): Promise<Household> {
  const owner = await signUp(base, 'Chores Owner');
  const me = await call<{ id: number }>(base, owner.accessToken, 'GET', '/users/me');
  const group = await call<{ id: number }>(base, owner.accessToken, 'POST', '/groups', {
    name: 'Bench flat',
  });
  const { code } = await call<{ code: string }>(
    base,
    owner.accessToken,
    'POST',
    `/groups/${group.id}/invites`,
  );
  const memberIds = [me.id];
  for (let i = 1; i < MEMBERS; i++) {
    const member = await signUp(base, `Member ${i}`);
    await call(base, member.accessToken, 'POST', '/groups/join', { code }, 200);
    memberIds.push((await call<{ id: number }>(base, member.accessToken, 'GET', '/users/me')).id);
  }
  const kinds: { frequency: string; interval?: number; count: number }[] = [
    { frequency: 'daily', count: 20 },
    { frequency: 'weekly', count: 60 },
    { frequency: 'monthly', count: 40 },
    { frequency: 'custom', count: 30 },
  ];
  const groupChores: ChoreAnswer[] = [];
  let n = 0;
  for (const kind of kinds) {
    for (let i = 0; i < kind.count; i++) {
      n += 1;
      groupChores.push(
        await call<ChoreAnswer>(base, owner.accessToken, 'POST', '/chores', {
          name: `Chore ${n} (${kind.frequency})`,
          type: 'group',
          group_id: group.id,
          frequency: kind.frequency,
          interval_days: kind.frequency === 'custom' ? 3 + (i % 12) : undefined,
          due_date: addCalendarDays(today(), n % 14),
          effort: 1 + (n % 5),
          ...strategyOf(n, memberIds),
        }),
      );
    }
  }
  // Two members are away for a while: every strategy and the planner read the stored periods.
  for (const [index, userId] of memberIds.slice(1, 3).entries()) {
    await call(
      base,
      owner.accessToken,
      'POST',
      `/groups/${group.id}/away-periods`,
      {
        user_id: userId,
        starts_on: addCalendarDays(today(), index * 3),
        ends_on: addCalendarDays(today(), index * 3 + 6),
      },
      201,
    );
  }
  for (let i = 0; i < 50; i++) {
    await call(base, owner.accessToken, 'POST', '/chores', {
      name: `Personal ${i + 1}`,
      frequency: i % 2 ? 'weekly' : 'one_time',
      due_date: addCalendarDays(today(), (i % 20) - 5),
    });
  }
  // A mix: every third of the weekly, monthly and custom chores, and a few daily ones.
  const scheduleChoreIds = groupChores
    .filter((chore, i) => chore.frequency !== 'daily' || i < 4)
    .filter((_chore, i) => i % 3 === 0)
    .slice(0, SCHEDULE_CHORES)
    .map((chore) => chore.id);
  return { owner, ownerId: me.id, groupId: group.id, memberIds, scheduleChoreIds };
}

/** The six strategies in turn (issue 27 §1), with the options each needs. */
function strategyOf(n: number, memberIds: readonly number[]) {
  const strategies = [
    'least_effort',
    'fixed_rotation',
    'least_done',
    'random_fair',
    'same_person',
    'claimable',
  ] as const;
  const strategy = strategies[n % strategies.length]!;
  return {
    assignment_strategy: strategy,
    ...(strategy === 'fixed_rotation' ? { rotation_order: [...memberIds] } : {}),
    ...(strategy === 'same_person' ? { assignee_id: memberIds[n % memberIds.length] } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Two years of history, written while no server runs (PGlite's folder belongs to one process)

type Rows = Record<string, unknown>[];
interface Connection {
  query(text: string, params?: unknown[]): Promise<Rows>;
  close(): Promise<void>;
}

async function connect(engine: Engine, env: Record<string, string>): Promise<Connection> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows as Rows,
      close: () => client.end(),
    };
  }
  const db = new PGlite(path.join(env.DATA_DIR!, 'pgdata'));
  await db.waitReady;
  return {
    query: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    close: () => db.close(),
  };
}

/** Every past occurrence of every group chore, done by a member picked from the date. */
const PAST_TURNS = `
INSERT INTO chore_assignments (chore_id, group_id, user_id, due_date, completed_on, completed_by, created_by)
SELECT c.id, c.group_id, m.user_id, d::date, d::date, m.user_id, c.created_by
FROM chores c
CROSS JOIN LATERAL generate_series(
  (current_date - ${HISTORY_DAYS})::timestamp, (current_date - 1)::timestamp,
  make_interval(days => CASE c.frequency WHEN 'daily' THEN 1 WHEN 'weekly' THEN 7
                                         WHEN 'monthly' THEN 30 ELSE c.interval_days END)) d
CROSS JOIN LATERAL (
  SELECT gm.user_id FROM group_members gm WHERE gm.group_id = c.group_id ORDER BY gm.user_id
  OFFSET (c.id + extract(doy FROM d)::int) % ${MEMBERS} LIMIT 1) m
WHERE c.group_id = $1`;

const PAST_HISTORY = `
INSERT INTO chore_history (group_id, chore_id, chore_name, action, actor_id, subject_user_id, effort, details, created_at)
SELECT a.group_id, a.chore_id, c.name, 'assignment_completed', a.user_id, a.user_id, c.effort,
  jsonb_build_object('chore_id', c.id, 'chore_name', c.name, 'assignment_id', a.id,
                     'due_date', a.due_date, 'completed_on', a.completed_on),
  a.completed_on::timestamp + interval '18 hours'
FROM chore_assignments a JOIN chores c ON c.id = a.chore_id
WHERE a.group_id = $1 AND a.completed_on IS NOT NULL
ORDER BY a.completed_on, a.id`;

/** The totals kept with the history (`chore_effort_totals`, `chore_done_totals`), as the app keeps them. */
const PAST_TOTALS = [
  `INSERT INTO chore_effort_totals (group_id, user_id, effort)
   SELECT group_id, subject_user_id, sum(effort)::int FROM chore_history
   WHERE group_id = $1 AND effort <> 0 AND subject_user_id IS NOT NULL
   GROUP BY group_id, subject_user_id
   ON CONFLICT (group_id, user_id) DO UPDATE SET effort = chore_effort_totals.effort + excluded.effort`,
  `INSERT INTO chore_done_totals (chore_id, user_id, done)
   SELECT chore_id, subject_user_id, (count(*) FILTER (WHERE effort > 0) - count(*) FILTER (WHERE effort < 0))::int
   FROM chore_history
   WHERE group_id = $1 AND effort <> 0 AND chore_id IS NOT NULL AND subject_user_id IS NOT NULL
   GROUP BY chore_id, subject_user_id
   ON CONFLICT (chore_id, user_id) DO UPDATE SET done = chore_done_totals.done + excluded.done`,
];

const PAST_TIME = `
INSERT INTO chore_time_entries (assignment_id, user_id, started_at, ended_at, minutes)
SELECT a.id, a.user_id, a.completed_on::timestamp + interval '17 hours',
  a.completed_on::timestamp + interval '17 hours' + make_interval(mins => 5 + a.id % 40), 5 + a.id % 40
FROM chore_assignments a
WHERE a.group_id = $1 AND a.completed_on IS NOT NULL AND a.id % 10 = 0`;

async function writeHistory(db: Connection, groupId: number) {
  const started = performance.now();
  await db.query('BEGIN');
  await db.query(PAST_TURNS, [groupId]);
  await db.query(PAST_HISTORY, [groupId]);
  for (const statement of PAST_TOTALS) await db.query(statement, [groupId]);
  await db.query(PAST_TIME, [groupId]);
  await db.query('COMMIT');
  const seconds = round((performance.now() - started) / 1000, 1);
  await db.query(
    'VACUUM ANALYZE chore_assignments, chore_history, chore_time_entries, chores, chore_effort_totals, chore_done_totals',
  );
  const [counts] = (await db.query(
    `SELECT (SELECT count(*) FROM chore_assignments WHERE group_id = $1)::int AS turns,
            (SELECT count(*) FROM chore_history WHERE group_id = $1)::int AS history,
            (SELECT count(*) FROM chore_time_entries)::int AS times`,
    [groupId],
  )) as [{ turns: number; history: number; times: number }];
  return { seconds, ...counts };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  floorOf?: string;
  options: (base: string, household: Household) => autocannon.Options;
}

const bearer = (household: Household) => ({
  authorization: `Bearer ${household.owner.accessToken}`,
});
const get = (name: string, url: (household: Household) => string, floorOf?: string): Scenario => ({
  name,
  floorOf,
  options: (base, household) => ({ url: `${base}${url(household)}`, headers: bearer(household) }),
});

const scheduleBody = (household: Household, preview: boolean) => ({
  start_date: addCalendarDays(today(), 1),
  weeks: SCHEDULE_WEEKS,
  member_ids: household.memberIds,
  chore_ids: household.scheduleChoreIds,
  away: [
    {
      user_id: household.memberIds[1],
      from: addCalendarDays(today(), 10),
      to: addCalendarDays(today(), 24),
    },
  ],
  preview,
});

const FLOOR_SCENARIOS: Scenario[] = [
  get('floor: GET /groups/:id/chores', (h) => `/groups/${h.groupId}/chores`),
  get('floor: GET /groups/:id/chores/history', (h) => `/groups/${h.groupId}/chores/history`),
];

const APP_SCENARIOS: Scenario[] = [
  get(
    'GET /groups/{id}/chores (list, calendar)',
    (h) => `${API}/groups/${h.groupId}/chores`,
    'floor: GET /groups/:id/chores',
  ),
  get('GET /chores?limit=1000 (all mine)', () => `${API}/chores?limit=1000`),
  get('GET /chores/assignments (My assigned)', () => `${API}/chores/assignments`),
  get(
    'GET /groups/{id}/chores/history',
    (h) => `${API}/groups/${h.groupId}/chores/history`,
    'floor: GET /groups/:id/chores/history',
  ),
  {
    name: `POST generate-schedule preview (${SCHEDULE_CHORES} chores × ${SCHEDULE_WEEKS} weeks)`,
    options: (base, household) => ({
      url: `${base}${API}/groups/${household.groupId}/chores/generate-schedule`,
      method: 'POST',
      headers: { ...bearer(household), 'content-type': 'application/json' },
      body: JSON.stringify(scheduleBody(household, true)),
    }),
  },
];

interface Row extends Measured {
  engine: Engine;
  scenario: string;
  okPerSecond: number;
  ofFloor: number | null;
}

async function runScenario(
  engine: Engine,
  scenario: Scenario,
  server: Server,
  household: Household,
  timing: { warmup: number; duration: number },
  database: string | null,
): Promise<Row> {
  console.log(`[${engine}] ${scenario.name}…`);
  const measured = await measure(
    { ...scenario.options(server.base, household), connections: CONNECTIONS },
    timing,
    [server.child.pid!],
    database,
  );
  const ok = Object.entries(measured.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    ...measured,
    engine,
    scenario: scenario.name,
    okPerSecond: round(ok / measured.durationSeconds, 1),
    ofFloor: null,
  };
}

// ---------------------------------------------------------------------------------------------
// In process: the planner alone, and what the chores page computes in the browser

interface InProcess {
  plannerMs: number;
  plannedTurns: number;
  calendarMonthMs: number;
  calendarEntries: number;
  tabsMs: number;
}

function timeInProcess(chores: ChoreAnswer[], household: Household): InProcess {
  const repeat = <T>(times: number, work: () => T): { ms: number; result: T } => {
    let result = work();
    const started = performance.now();
    for (let i = 0; i < times; i++) result = work();
    return { ms: round((performance.now() - started) / times, 3), result };
  };
  const recurrenceOf = (chore: ChoreAnswer): Recurrence => ({
    frequency: chore.frequency as Recurrence['frequency'],
    intervalDays: chore.interval_days,
    anchorDate: chore.due_date,
  });
  const body = scheduleBody(household, true);
  const end = addCalendarDays(body.start_date, SCHEDULE_WEEKS * 7 - 1);
  const covered = chores.filter((chore) => household.scheduleChoreIds.includes(chore.id));
  const planner = repeat(200, () => {
    const occurrences = covered.flatMap((chore) =>
      occurrencesBetween(recurrenceOf(chore), {
        dueDate: chore.due_date,
        from: body.start_date,
        to: end,
      }).map((date) => ({
        choreId: chore.id,
        date,
        effort: chore.effort,
      })),
    );
    return planSchedule({
      occurrences,
      members: household.memberIds.map((userId) => ({ userId, priorEffort: userId % 7 })),
      away: body.away.map((p) => ({ userId: p.user_id!, from: p.from, to: p.to })),
    });
  });
  const monthStart = `${today().slice(0, 7)}-01`;
  const monthEnd = addCalendarDays(monthStart, 41);
  const calendar = repeat(200, () =>
    chores.flatMap((chore) =>
      occurrencesBetween(recurrenceOf(chore), {
        dueDate: chore.due_date,
        from: monthStart,
        to: monthEnd,
      }),
    ),
  );
  const tabs = repeat(2000, () =>
    groupByTab(
      chores.map((chore) => ({ dueDate: chore.due_date, completed: false })),
      today(),
    ),
  );
  return {
    plannerMs: planner.ms,
    plannedTurns: planner.result.assignments.length,
    calendarMonthMs: calendar.ms,
    calendarEntries: calendar.result.length,
    tabsMs: tabs.ms,
  };
}

// ---------------------------------------------------------------------------------------------
// The floor answers what the app answers

async function floorChores(base: string, household: Household): Promise<unknown> {
  const response = await fetch(`${base}/groups/${household.groupId}/chores`, {
    headers: bearer(household),
  });
  if (!response.ok) throw new Error(`the floor's chores answered ${response.status}`);
  return response.json();
}

/**
 * A floor is the least work for the SAME answer: one that says less (no next assignee, say) would
 * make the app look slow for doing its job. Compared as parsed JSON (the order of keys aside).
 */
function assertSameAnswer(floor: unknown, app: unknown) {
  if (isDeepStrictEqual(floor, app)) return;
  const items = (answer: unknown) => (answer as { items: Record<string, unknown>[] }).items;
  const differs = items(app).flatMap((chore, index) =>
    Object.keys(chore)
      .filter((key) => !isDeepStrictEqual(chore[key], items(floor)[index]?.[key]))
      .map((key) => `chore ${String(chore.id)} ${key}`),
  );
  throw new Error(
    `the floor's chores answer differs from the app's: ${differs.slice(0, 5).join('; ')}`,
  );
}

// ---------------------------------------------------------------------------------------------
// One engine

interface EngineReport extends EngineOutcome {
  history?: { seconds: number; turns: number; history: number; times: number };
  saves?: { ms: number[]; assignments: number };
  inProcess?: InProcess;
  serverLogLines?: number;
}

async function runEngine(
  engine: Engine,
  timing: { warmup: number; duration: number },
): Promise<{ report: EngineReport; rows: Row[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `household-bench-chores-${engine}-`));
  const report: EngineReport = { engine, status: 'ran' };
  const rows: Row[] = [];
  let createdDatabase = false;
  let server: Server | null = null;
  let logLines = 0;
  const stop = async () => {
    const current = server!;
    server = null;
    await stopServer(current);
    logLines += current.logLines();
    if (current.logLines() > 0) {
      console.warn(`[${engine}] the server logged:\n${current.logTail()}`);
    }
  };
  try {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ...BENCH_LIMITS,
      ...NO_LOAD_SHEDDING,
    };
    const database = engine === 'postgres' ? PG_BENCH_DB : null;
    if (engine === 'postgres') {
      env.DATABASE_URL = createBenchDatabase(PG_BENCH_DB);
      createdDatabase = true;
    }
    console.log(`[${engine}] building the household through the API…`);
    server = await startServer({ env });
    const household = await buildHousehold(server.base);
    const chores = (
      await call<{ items: ChoreAnswer[] }>(
        server.base,
        household.owner.accessToken,
        'GET',
        `/groups/${household.groupId}/chores`,
      )
    ).items;
    await stop();

    console.log(`[${engine}] writing two years of history…`);
    const db = await connect(engine, env);
    report.history = await writeHistory(db, household.groupId);
    await db.close();
    console.log(`[${engine}] history: ${JSON.stringify(report.history)}`);

    server = await startServer({
      args: ['--import', 'tsx', 'bench/floor/server.ts'],
      env,
      healthPath: '/health',
    });
    const floorAnswer = await floorChores(server.base, household);
    const floors = new Map<string, Row>();
    for (const scenario of FLOOR_SCENARIOS) {
      const row = await runScenario(engine, scenario, server, household, timing, database);
      floors.set(scenario.name, row);
      rows.push(row);
    }
    await stop();

    server = await startServer({ env });
    assertSameAnswer(
      floorAnswer,
      await call(
        server.base,
        household.owner.accessToken,
        'GET',
        `/groups/${household.groupId}/chores`,
      ),
    );
    for (const scenario of APP_SCENARIOS) {
      checkInterrupted();
      const row = await runScenario(engine, scenario, server, household, timing, database);
      const floor = scenario.floorOf ? floors.get(scenario.floorOf) : undefined;
      if (floor) row.ofFloor = round(row.okPerSecond / floor.okPerSecond, 3);
      rows.push(row);
    }
    const ms: number[] = [];
    let assignments = 0;
    for (let i = 0; i < SAVES; i++) {
      const started = performance.now();
      const saved = await call<{ assignments: { user_id: number | null }[] }>(
        server.base,
        household.owner.accessToken,
        'POST',
        `/groups/${household.groupId}/chores/generate-schedule`,
        scheduleBody(household, false),
        200,
      );
      ms.push(round(performance.now() - started, 1));
      assignments = saved.assignments.filter((a) => a.user_id !== null).length;
    }
    report.saves = { ms, assignments };
    await stop();
    report.inProcess = timeInProcess(chores, household);
  } catch (error) {
    recordFailure(report, error);
  } finally {
    if (server) await stopServer(server);
    report.serverLogLines = logLines;
    if (createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { report, rows };
}

// ---------------------------------------------------------------------------------------------

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
        row.okPerSecond.toFixed(1),
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
  for (const report of reports) {
    if (report.status !== 'ran') {
      console.log(`${report.engine}: ${report.status} (${report.reason})`);
      continue;
    }
    console.log(
      `${report.engine}: history of ${report.history?.turns} done turns, ` +
        `${report.history?.history} entries, ${report.history?.times} time entries ` +
        `(written in ${report.history?.seconds} s); saving the schedule ` +
        `(${report.saves?.assignments} turns): ${report.saves?.ms.join(', ')} ms; in process: ` +
        `planner ${report.inProcess?.plannerMs} ms for ${report.inProcess?.plannedTurns} turns, ` +
        `calendar month ${report.inProcess?.calendarMonthMs} ms for ` +
        `${report.inProcess?.calendarEntries} entries, tabs of 200 chores ` +
        `${report.inProcess?.tabsMs} ms`,
    );
  }
}

const options = parseCli();
const rows: Row[] = [];
const reports: EngineReport[] = [];
for (const engine of options.engines) {
  const outcome = await runEngine(engine, options);
  rows.push(...outcome.rows);
  reports.push(outcome.report);
}
printResults(rows, reports);
fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
fs.writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, rows, reports }, null, 2)}\n`,
);
if (reports.some((report) => report.status === 'failed')) process.exitCode = 1;
