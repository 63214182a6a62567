/**
 * Realtime fan-out: how long after a write the last of 100 connected clients hears of it.
 *
 * For each engine: start the real server (on PostgreSQL: two server processes on one database,
 * clients on process B, writes on process A, so every event crosses LISTEN/NOTIFY), sign in
 * 100 guests who join one group and each hold a WebSocket (`/api/v1/ws`), then make 50 writes one
 * after another and time, per write, from sending the request to the last client receiving the
 * event, and from the write's response to that moment (negative: every client had it before the
 * response arrived). The write is `POST /lists` (a group list) when the lists API exists, else a
 * membership change that publishes today (another guest joining, then leaving, the group).
 *
 *   npm run bench:fanout -- [--clients 100] [--events 50] [--engine pglite|postgres]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres';
import { API, sleep, startServer, stopServer, type Server } from './lib/server';

type Engine = 'pglite' | 'postgres';
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'fanout-latest.json');
const PG_BENCH_DB = 'household_bench_fanout';
const EVENT_TIMEOUT_MS = 10_000;

/** The server as the benchmarks start it, with limits that would turn set-up into 429s lifted. */
function startAppServer(env: Record<string, string>): Promise<Server> {
  return startServer({
    env: {
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      JOIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
  });
}

async function call<T>(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${API}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function guest(base: string): Promise<{ token: string; userId: number }> {
  const { status, body } = await call<{ access_token: string }>(base, 'POST', '/auth/guest');
  if (status !== 201 && status !== 200) throw new Error(`POST /auth/guest answered ${status}`);
  const me = await call<{ id: number }>(base, 'GET', '/users/me', body.access_token);
  return { token: body.access_token, userId: me.body.id };
}

interface Received {
  entity: string;
  id: number;
  action: string;
  user_id: number | null;
}

/** A connected client that records when each event arrived. */
async function connectClient(wsUrl: string, token: string) {
  const socket = new WebSocket(wsUrl);
  const arrivals: { event: Received; at: number }[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; event?: Received };
      if (message.type === 'ready') resolve();
      else if (message.event) arrivals.push({ event: message.event, at: performance.now() });
    });
    socket.once('close', (code) => reject(new Error(`closed with ${code} before ready`)));
  });
  return { socket, arrivals };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)!),
  };
}

async function measure(engine: Engine, clientCount: number, eventCount: number) {
  const dataDirs: string[] = [];
  const servers: Server[] = [];
  const jwtSecret = randomBytes(48).toString('base64url');
  let createdDatabase = false;
  try {
    let writer: Server;
    let reader: Server;
    if (engine === 'postgres') {
      const env = { DATABASE_URL: createBenchDatabase(PG_BENCH_DB), JWT_SECRET: jwtSecret };
      createdDatabase = true;
      writer = await startAppServer(env);
      servers.push(writer);
      reader = await startAppServer(env);
      servers.push(reader);
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-fanout-'));
      dataDirs.push(dataDir);
      writer = await startAppServer({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret });
      servers.push(writer);
      reader = writer;
    }
    const wsUrl = `${reader.base.replace('http', 'ws')}${API}/ws`;

    const owner = await guest(writer.base);
    const group = await call<{ id: number }>(writer.base, 'POST', '/groups', owner.token, {
      name: 'Fan-out',
    });
    const code = await call<{ code: string }>(
      writer.base,
      'POST',
      `/groups/${group.body.id}/invites`,
      owner.token,
    );
    const members = await Promise.all(
      Array.from({ length: clientCount }, async () => {
        const member = await guest(writer.base);
        await call(writer.base, 'POST', '/groups/join', member.token, { code: code.body.code });
        return member;
      }),
    );
    const clients = await Promise.all(members.map((member) => connectClient(wsUrl, member.token)));
    const mover = await guest(writer.base);

    const probe = await call<{ id: number }>(writer.base, 'POST', '/lists', owner.token, {
      name: 'Probe',
      group_id: group.body.id,
    });
    const useLists = probe.status === 201;
    const writeKind = useLists ? 'POST /lists' : 'POST /groups/join and /groups/:id/leave';

    const sentToLast: number[] = [];
    const responseToLast: number[] = [];
    for (let i = 0; i < eventCount; i++) {
      const sentAt = performance.now();
      let matches: (event: Received) => boolean;
      if (useLists) {
        const created = await call<{ id: number }>(writer.base, 'POST', '/lists', owner.token, {
          name: `List ${i}`,
          group_id: group.body.id,
        });
        matches = (event) => event.entity === 'list' && event.id === created.body.id;
      } else {
        const joining = i % 2 === 0;
        await (joining
          ? call(writer.base, 'POST', '/groups/join', mover.token, { code: code.body.code })
          : call(writer.base, 'POST', `/groups/${group.body.id}/leave`, mover.token));
        const action = joining ? 'created' : 'deleted';
        matches = (event) =>
          event.entity === 'membership' &&
          event.user_id === mover.userId &&
          event.action === action;
      }
      const respondedAt = performance.now();
      const deadline = Date.now() + EVENT_TIMEOUT_MS;
      let last = -Infinity;
      for (const client of clients) {
        let arrival;
        while (!(arrival = client.arrivals.findLast((entry) => matches(entry.event)))) {
          if (Date.now() > deadline) {
            throw new Error(
              useLists
                ? 'POST /lists answered, but no list event arrived: the lists service does not publish yet'
                : 'a membership event did not arrive',
            );
          }
          await sleep(1);
        }
        last = Math.max(last, arrival.at);
      }
      sentToLast.push(last - sentAt);
      responseToLast.push(last - respondedAt);
      for (const client of clients) client.arrivals.length = 0;
    }
    for (const client of clients) client.socket.close();
    return {
      engine,
      processes: engine === 'postgres' ? 2 : 1,
      clients: clientCount,
      events: eventCount,
      write: writeKind,
      sentToLastClientMs: summarize(sentToLast),
      responseToLastClientMs: summarize(responseToLast),
    };
  } finally {
    for (const server of servers) await stopServer(server);
    if (createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '100' },
      events: { type: 'string', default: '50' },
      engine: { type: 'string' },
    },
  });
  const clients = Number(values.clients);
  const events = Number(values.events);
  const engines: Engine[] = values.engine ? [values.engine as Engine] : ['pglite', 'postgres'];
  const results = [];
  for (const engine of engines) {
    try {
      const result = await measure(engine, clients, events);
      results.push(result);
      console.log(
        `${engine.padEnd(8)} ${result.processes} process(es), ${clients} clients, ${events} × ${result.write}\n` +
          `  request sent → last client: p50 ${result.sentToLastClientMs.p50} ms, p99 ${result.sentToLastClientMs.p99} ms, max ${result.sentToLastClientMs.max} ms\n` +
          `  response     → last client: p50 ${result.responseToLastClientMs.p50} ms, p99 ${result.responseToLastClientMs.p99} ms, max ${result.responseToLastClientMs.max} ms`,
      );
    } catch (error) {
      console.error(`${engine}: skipped: ${(error as Error).message}`);
      results.push({ engine, status: 'skipped', reason: (error as Error).message });
    }
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, results }, null, 2)}\n`,
  );
}

await main();
