/**
 * Where a scenario's time goes: the app started with the inspector open on loopback, a household
 * built, one read warmed up and then loaded with autocannon (10 connections) while V8's CPU
 * profiler runs (started and stopped over the inspector protocol, so set-up is not in it), and the
 * profile summed up by function and by package (self time: the time spent in a function itself,
 * not in what it calls).
 *
 *   npm run build && npm run bench:profile -- [--engine postgres] [--scenario me|list100|list1000|groups|lists|activity] [--duration 15]
 *
 * Prints the top entries; the raw profile is kept in bench/results/profiles/ (not committed; open
 * it in Chrome's DevTools, Performance tab).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { fire } from './lib/load';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres';
import { createHousehold, type Household } from './lib/seed';
import { API, APP_COMMAND, freePort, startServer, stopServer } from './lib/server';

const PROFILES_DIR = path.join(import.meta.dirname, 'results', 'profiles');
const PG_DB = 'household_bench_profile';

const SCENARIOS: Record<string, (household: Household) => string> = {
  me: () => `${API}/users/me`,
  list100: (h) => `${API}/lists/${h.listIds.items100}`,
  list1000: (h) => `${API}/lists/${h.listIds.items1000}`,
  groups: () => `${API}/groups`,
  group: (h) => `${API}/groups/${h.groupId}`,
  lists: () => `${API}/lists`,
  activity: (h) => `${API}/groups/${h.groupId}/activity?limit=20`,
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script belongs to: an npm package, the app's own code, or Node itself. */
function packageOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (npm) return npm[1]!;
  if (url.startsWith('node:')) return 'node (internals)';
  if (url.includes('/apps/server/')) return 'app (apps/server)';
  if (url.includes('/packages/')) return 'app (packages)';
  return url;
}

function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  // Idle: the thread waiting for the database or the network; the shares are of the busy time.
  let idle = 0;
  let total = 0;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    total += micros;
    const where = url
      ? `${url
          .replace(/^.*node_modules\//, '')
          .replace(/^.*\/household\//, '')
          .replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  return {
    busyMs: total / 1000,
    idleMs: idle / 1000,
    packages: top(byPackage, 15),
    functions: top(byFunction, 25),
  };
}

/** A session on the server's inspector: one command at a time, answered by id. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: T; error?: unknown };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result as T);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

async function main() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'postgres' },
      scenario: { type: 'string', default: 'list1000' },
      duration: { type: 'string', default: '15' },
    },
  });
  const url = SCENARIOS[values.scenario!];
  if (!url) throw new Error(`--scenario must be one of ${Object.keys(SCENARIOS).join(', ')}`);
  const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-profile-'));
  const inspectorPort = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    JOIN_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  if (engine === 'postgres') env.DATABASE_URL = createBenchDatabase(PG_DB);
  const server = await startServer({
    args: [`--inspect=127.0.0.1:${inspectorPort}`, ...APP_COMMAND],
    env,
  });
  let profile: CpuProfile;
  try {
    const household = await createHousehold(server.base);
    const load = {
      url: `${server.base}${url(household)}`,
      headers: { authorization: `Bearer ${household.owner.accessToken}` },
      connections: 10,
    };
    console.log(`[${engine}] warming up ${values.scenario} for 10 s…`);
    await fire({ ...load, duration: 10 });
    const session = await inspector(inspectorPort);
    await session.send('Profiler.enable');
    await session.send('Profiler.start');
    console.log(
      `[${engine}] loading ${values.scenario} for ${values.duration} s under the profiler…`,
    );
    await fire({ ...load, duration: Number(values.duration) });
    ({ profile } = await session.send<{ profile: CpuProfile }>('Profiler.stop'));
    session.close();
  } finally {
    await stopServer(server);
    if (engine === 'postgres') dropBenchDatabase(PG_DB);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(PROFILES_DIR, { recursive: true });
  const kept = path.join(PROFILES_DIR, `${engine}-${values.scenario}.cpuprofile`);
  fs.writeFileSync(kept, JSON.stringify(profile));

  const summary = summarise(profile);
  console.log(
    `\n${engine} ${values.scenario}: ${summary.busyMs.toFixed(0)} ms busy, ` +
      `${summary.idleMs.toFixed(0)} ms idle (waiting) on the main thread`,
  );
  console.log('\nself time by package:');
  for (const line of summary.packages) console.log(line);
  console.log('\nself time by function:');
  for (const line of summary.functions) console.log(line);
  console.log(`\nraw profile: ${path.relative(process.cwd(), kept)}`);
}

await main();
