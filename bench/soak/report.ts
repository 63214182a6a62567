/** The soak's report: a table of both engines side by side, and the results file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EngineOutcome } from '../lib/engines';
import type { Summary } from '../lib/stats';
import type { Capacity } from './capacity';
import { OVERLOAD_FACTOR, PAUSE_SECONDS, type Options } from './cli';
import type { ClosedLoopRun } from './closed-loop';
import type { ContentionRun } from './contention';
import { HOUSEHOLD_SIZE } from './households';
import type { PhaseFigures } from './open-loop-phase';
import type { ConnectionSample, ProcessMemory } from './measurements';
import type { ServerLog } from './processes';
import { WINDOW_SECONDS } from './request-figures';
import type { StartUpRun } from './start-up';
import { MIX, OPERATIONS } from './workload';

const RESULTS_FILE = path.join(import.meta.dirname, '..', 'results', 'soak-latest.json');

export interface EngineReport extends EngineOutcome {
  /** A new user's first requests as soon as the health check answers. */
  startUp?: StartUpRun;
  capacity?: Capacity;
  /** Half the capacity: nothing refused, p99 ≤ 100 ms. */
  halfLoad?: PhaseFigures;
  closedLoop?: ClosedLoopRun[];
  contention?: ContentionRun;
  /** Three times the capacity: served ≥ 90 % of it (the figures below detail this phase). */
  overload?: PhaseFigures & {
    ofCapacity: number;
    servedPerSecondBeforeKill?: number;
    servedPerSecondAfterKill?: number;
  };
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
    /** Of the errors: 503 answered at once by a server shedding load (Retry-After). */
    shed: number;
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
  /** Each process's RSS every 5 s of the pause after the overload. */
  rssDuringPauseMiB?: (number | null)[][];
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
  serverLogs?: ServerLog[];
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

type Row = [string, (report: EngineReport) => string];

const phase = (figures: PhaseFigures | undefined) =>
  figures
    ? `${figures.rate} → ${figures.servedPerSecond} · ${figures.refused} · ${figures.errors} · ${figures.timeouts} · ${showSummary(figures.latencyMs)}`
    : '—';
const cores = (figures: PhaseFigures | undefined) => {
  const c = figures?.cpuCores;
  return c ? `${show(c.servers)} · ${show(c.database)} · ${c.load} · ${show(c.others)}` : '—';
};
const closed = (pick: (run: ClosedLoopRun) => string) => (r: EngineReport) =>
  r.closedLoop?.map(pick).join(' · ') ?? '—';

/** The phases against the capacity: start-up, half, three times, one person, closed loops. */
function phaseRows(): Row[] {
  return [
    [
      'start-up: first requests sent · refused (target 0)',
      (r) => (r.startUp ? `${r.startUp.sent} · ${r.startUp.refused}` : '—'),
    ],
    [
      'capacity C req/s (probes passed · failed)',
      (r) =>
        r.capacity
          ? `${r.capacity.capacity} (${r.capacity.probes.filter((p) => p.passed).length} · ${r.capacity.probes.filter((p) => !p.passed).length})`
          : '—',
    ],
    ['phases: req/s sent → served/s · refused · errors · time-outs · ms p50 / p99 / max', () => ''],
    ['  0.5 × C (targets: 0 · 0 · p99 ≤ 100)', (r) => phase(r.halfLoad)],
    ['    cores: servers · database · load · others', (r) => cores(r.halfLoad)],
    [
      `  ${OVERLOAD_FACTOR} × C (targets: served ≥ 0.9 C, 0 time-outs, p99 ≤ 1,000)`,
      (r) => phase(r.overload),
    ],
    ['    served / C', (r) => show(r.overload?.ofCapacity)],
    [
      '    served writes/s, of served/s: 0.5 C · 3 C',
      (r) =>
        `${show(r.halfLoad?.servedWritesPerSecond)} · ${show(r.overload?.servedWritesPerSecond)}`,
    ],
    [
      '    served/s before · after the kill',
      (r) =>
        r.overload?.servedPerSecondBeforeKill === undefined
          ? '—'
          : `${r.overload.servedPerSecondBeforeKill} · ${r.overload.servedPerSecondAfterKill}`,
    ],
    ['  one person, both cores taken by others (target: 0 refused)', (r) => phase(r.contention)],
    ['closed loop of 1 · 4 · 16 readers: served/s', closed((run) => String(run.servedPerSecond))],
    ['  of the one-client rate (target ≥ 0.9)', closed((run) => show(run.ofOneClient))],
    ['  refused (target 0 at 4)', closed((run) => String(run.refused))],
    ['  ms p50 / p99', closed((run) => `${run.latencyMs.p50} / ${run.latencyMs.p99}`)],
  ];
}

/** The overload's requests and latency. */
function overloadRows(): Row[] {
  return [
    ['the overload in detail:', () => ''],
    ['processes · households · clients', (r) => `${r.processes} · ${r.households} · ${r.clients}`],
    [
      'load: s, target → achieved req/s',
      (r) => `${r.durationSeconds} s, ${r.targetRate} → ${r.achievedRate}`,
    ],
    ['requests sent · 2xx', (r) => `${r.requests!.sent} · ${r.requests!.ok}`],
    ['409 on toggles (expected)', (r) => String(r.requests!.toggleConflicts)],
    ['errors (target 0)', (r) => String(r.requests!.errors)],
    ['  shed: 503 with Retry-After', (r) => String(r.requests!.shed)],
    ['  unexpected statuses', (r) => showCounts(r.requests!.unexpectedStatuses)],
    ['  network errors', (r) => showCounts(r.requests!.networkErrors)],
    ['latency ms p50 / p99 / max (not of 503s)', (r) => showSummary(r.latencyMs!.all)],
    ...OPERATIONS.map(
      (operation) =>
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
  ];
}

/** The overload's events and the kill. */
function eventRows(): Row[] {
  return [
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
  ];
}

/** What the overload's writes became, memory, connections, CPU, logs. */
function resourceRows(): Row[] {
  return [
    [
      'acknowledged creates · toggles (of items not removed again)',
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
      'RSS MiB p1 every 5 s of the pause',
      (r) => r.rssDuringPauseMiB?.map((readings) => show(readings[0])).join(' · ') ?? '—',
    ],
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
}

export function printTable(reports: EngineReport[]) {
  const ran = reports.filter((report) => report.status === 'ran');
  if (ran.length === 0) return;
  const rows = [...phaseRows(), ...overloadRows(), ...eventRows(), ...resourceRows()];
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

/** What the servers logged, and each acknowledged write that was lost. */
export function printWarnings(reports: EngineReport[]) {
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
}

export function writeResults(options: Options, reports: EngineReport[]) {
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
