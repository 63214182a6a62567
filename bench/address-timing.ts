/**
 * Whether an answer's time tells that an address has an account (issue "Trust and upkeep", §2).
 * For each route that takes an address, 50 tries with a registered address and 50 with an unknown
 * one, interleaved, each after a pause so that work started after the previous answer is done;
 * the medians of the answer times (as the client sees them, on loopback) are compared.
 *
 * With `--smtp-delay MS`, mail goes to a local SMTP server (lib/smtp-sink.ts) that takes MS to
 * accept each message, as a real one does, instead of the file outbox: a route that sent its mail
 * before answering would show the delay for registered addresses only.
 *
 *   npm run bench:address-timing -- [--engine pglite|postgres|both] [--tries 50] [--smtp-delay 200]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseBenchCli, selectedEngines, wholeNumber } from './lib/cli';
import { recordFailure, type Engine, type EngineOutcome } from './lib/engines';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres';
import { call, signUp } from './lib/seed';
import { API, BENCH_LIMITS, sleep, startServer, stopServer } from './lib/server';
import { startSmtpSink, type SmtpSink } from './lib/smtp-sink';
import { percentile } from './lib/stats';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'address-timing-latest.json');
/** Longer than any route's work after its answer (a mail written to the outbox). */
const PAUSE_MS = 40;
const WARMUP_TRIES = 10;

const values = parseBenchCli(
  { tries: { type: 'string', default: '50' }, 'smtp-delay': { type: 'string' } },
  'npm run bench:address-timing -- [--engine pglite|postgres|both] [--tries N] [--smtp-delay MS]',
);
const tries = wholeNumber('--tries', values.tries, 'tries', 5, 10_000);
const smtpDelayMs =
  values['smtp-delay'] === undefined
    ? null
    : wholeNumber('--smtp-delay', values['smtp-delay'], 'milliseconds', 0, 10_000);
/** After each try: longer than the work the route does after its answer (a mail sent). */
const pauseMs = PAUSE_MS + (smtpDelayMs ?? 0);
const engines = selectedEngines(values.engine === 'both' ? undefined : values.engine);

const unknownEmail = () => `nobody-${randomBytes(6).toString('hex')}@example.com`;

interface Probe {
  route: string;
  /** The request for one address. */
  send: (base: string, email: string) => Promise<Response>;
  /**
   * A fresh registered address for each try, where the same one twice would answer differently
   * (a second invitation to one address is a 409): by default, the one registered account.
   */
  freshKnown?: boolean;
}

const json = (url: string, body: unknown) => (base: string) =>
  fetch(`${base}${API}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The inviter's token and group, set once the server is up. */
const inviter = { token: '', groupId: 0 };

const PROBES: Probe[] = [
  {
    route: 'POST /auth/forgot-password',
    send: (base, email) => json('/auth/forgot-password', { email })(base),
  },
  {
    route: 'POST /auth/request-verify-token',
    send: (base, email) => json('/auth/request-verify-token', { email })(base),
  },
  {
    route: 'POST /auth/unlock-request',
    send: (base, email) => json('/auth/unlock-request', { email })(base),
  },
  {
    route: 'POST /invites',
    freshKnown: true,
    send: (base, email) =>
      fetch(`${base}${API}/invites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${inviter.token}` },
        body: JSON.stringify({ group_id: inviter.groupId, email }),
      }),
  },
  {
    route: 'POST /auth/register',
    send: (base, email) =>
      json('/auth/register', { name: 'Timing', email, password: 'timing-password-1' })(base),
  },
];

async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

interface Row {
  engine: Engine;
  route: string;
  knownStatus: number;
  unknownStatus: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  differenceMs: number;
}

async function measureProbe(base: string, engine: Engine, probe: Probe, known: () => string) {
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  let knownStatus = 0;
  let unknownStatus = 0;
  for (let i = 0; i < WARMUP_TRIES + tries; i += 1) {
    const a = await timed(() => probe.send(base, known()));
    await sleep(pauseMs);
    const b = await timed(() => probe.send(base, unknownEmail()));
    await sleep(pauseMs);
    if (i < WARMUP_TRIES) continue;
    knownMs.push(a.ms);
    unknownMs.push(b.ms);
    knownStatus = a.status;
    unknownStatus = b.status;
  }
  const median = (list: number[]) =>
    percentile(
      [...list].sort((x, y) => x - y),
      50,
    );
  const row: Row = {
    engine,
    route: probe.route,
    knownStatus,
    unknownStatus,
    knownMedianMs: median(knownMs),
    unknownMedianMs: median(unknownMs),
    differenceMs: median(knownMs) - median(unknownMs),
  };
  return row;
}

async function runEngine(engine: Engine, rows: Row[]) {
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'household-timing-'));
  const dbName = `bench_timing_${process.pid}`;
  const env: Record<string, string> = { ...BENCH_LIMITS, DATA_DIR: dataDir };
  if (engine === 'postgres') env.DATABASE_URL = createBenchDatabase(dbName);
  const sink: SmtpSink | null = smtpDelayMs === null ? null : await startSmtpSink(smtpDelayMs);
  if (sink) env.SMTP_URL = sink.url;
  const server = await startServer({ env });
  try {
    const account = await signUp(server.base, 'Timing Owner');
    inviter.token = account.accessToken;
    inviter.groupId = (
      await call<{ id: number }>(server.base, account.accessToken, 'POST', '/groups', {
        name: 'Timing flat',
      })
    ).id;
    const invitees: string[] = [];
    for (let i = 0; i < WARMUP_TRIES + tries; i += 1) {
      invitees.push((await signUp(server.base, `Invitee ${i}`)).email);
    }
    for (const probe of PROBES) {
      const known = probe.freshKnown ? () => invitees.shift()! : () => account.email;
      const row = await measureProbe(server.base, engine, probe, known);
      rows.push(row);
      console.log(
        `[${engine}] ${row.route}: known ${row.knownMedianMs.toFixed(2)} ms (${row.knownStatus}), ` +
          `unknown ${row.unknownMedianMs.toFixed(2)} ms (${row.unknownStatus}), ` +
          `difference ${row.differenceMs.toFixed(2)} ms`,
      );
    }
    if (sink) console.log(`[${engine}] the mail server accepted ${sink.accepted()} messages`);
  } finally {
    await stopServer(server);
    await sink?.close();
    if (engine === 'postgres') dropBenchDatabase(dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
const outcomes: EngineOutcome[] = [];
for (const engine of engines) {
  const outcome: EngineOutcome = { engine, status: 'ran' };
  outcomes.push(outcome);
  try {
    await runEngine(engine, rows);
  } catch (error) {
    recordFailure(outcome, error);
  }
}
const mail = smtpDelayMs === null ? 'the file outbox' : `SMTP taking ${smtpDelayMs} ms a message`;
console.log(`\n${tries} tries each, mail to ${mail}, medians, known minus unknown:`);
console.log('| engine | route | known (status) | unknown (status) | difference |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.engine} | ${row.route} | ${row.knownMedianMs.toFixed(2)} ms (${row.knownStatus}) | ` +
      `${row.unknownMedianMs.toFixed(2)} ms (${row.unknownStatus}) | ${row.differenceMs.toFixed(2)} ms |`,
  );
}
fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
fs.writeFileSync(RESULTS_FILE, JSON.stringify({ tries, smtpDelayMs, outcomes, rows }, null, 2));
if (outcomes.some((outcome) => outcome.status === 'failed')) process.exitCode = 1;
