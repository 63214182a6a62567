/**
 * Starting and stopping the real server (or a floor server) as a child process on a free loopback
 * port, with a minimal environment so that nothing from the caller's shell leaks in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const API = '/api/v1';
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * What `npm run serve` runs: the compiled server, built by `npm run build`. BENCH_SERVER_ARGS
 * replaces it (space-separated Node arguments), e.g. to measure an older commit that ran through
 * a run-time transpiler: `BENCH_SERVER_ARGS="--import tsx apps/server/src/main.ts"`.
 */
export const APP_COMMAND =
  process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? serveCommand();

/** The Node arguments of the root package's `serve` script (`node <args>`). */
function serveCommand(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = manifest.scripts.serve!.split(' ').filter(Boolean);
  if (node !== 'node') throw new Error(`the serve script does not start with node: ${node}`);
  return args;
}

/**
 * What every benchmark's server is started with: an access token that outlives any run (a token
 * expiring would close every WebSocket with 4401), and the per-address limits lifted, since every
 * request comes from 127.0.0.1 (the login benchmark would otherwise measure 429s).
 */
export const BENCH_LIMITS = {
  ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  JOIN_RATE_LIMIT_PER_MINUTE: '1000000',
};

/**
 * For the route benchmarks: every connection at work at once, neither held in line nor refused by
 * load shedding (the soak measures that), so that the figures are what a route can serve and stay
 * comparable with those measured before shedding existed.
 */
export const NO_LOAD_SHEDDING = {
  MAX_CONCURRENT_REQUESTS: '100000',
  MAX_ACTIVE_REQUESTS: '100000',
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Server {
  base: string;
  port: number;
  child: ChildProcess;
  logLines: () => number;
  logTail: () => string;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
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

export interface StartOptions {
  /** Node arguments and script, relative to the repository root; the app by default. */
  args?: string[];
  env: Record<string, string>;
  /** Health path to wait for (GET, 200). */
  healthPath?: string;
  /** A fixed port (several processes behind one address); a free one by default. */
  port?: number;
}

export function assertAppBuilt(): void {
  // The script comes after the Node flags.
  const script = APP_COMMAND.find((arg) => !arg.startsWith('-'))!;
  if (!fs.existsSync(path.join(REPO_ROOT, script))) {
    throw new Error(`${script} is missing: run \`npm run build\` first`);
  }
}

/**
 * glibc's allocator settings given to the bench (`MALLOC_ARENA_MAX=4 npm run bench:ocr`), passed
 * on to the server and from it to its photo process: to measure another setting than its own.
 */
const allocatorSettings = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_')));

export async function startServer(options: StartOptions): Promise<Server> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    ...allocatorSettings(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const args = options.args ?? APP_COMMAND;
  if (!options.args && !process.env.BENCH_SERVER_ARGS) assertAppBuilt();
  const child = spawn(process.execPath, args, {
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
    port,
    child,
    logLines: () => lines,
    logTail: () => tail.join('\n'),
    exited,
  };

  let gone = false;
  void exited.then(() => (gone = true));
  const healthUrl = `${server.base}${options.healthPath ?? `${API}/health`}`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone) {
      throw new Error(`server exited during start-up; its last output:\n${server.logTail()}`);
    }
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
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
export async function stopServer(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timedOut = Symbol('timeout');
  const outcome = await Promise.race([server.exited, sleep(STOP_TIMEOUT_MS).then(() => timedOut)]);
  if (outcome !== timedOut) return outcome as number | null;
  console.error(`server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it`);
  server.child.kill('SIGKILL');
  return server.exited;
}

/** A process and its descendants (the server's photo process), from /proc; [pid] elsewhere. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      const tasks = fs.readdirSync(`/proc/${tree[i]}/task`);
      for (const task of tasks) {
        const children = fs.readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8');
        tree.push(...children.split(' ').filter(Boolean).map(Number));
      }
    } catch {
      // gone meanwhile, or no /proc
    }
  }
  return tree;
}

/**
 * The RSS of a process and its descendants added up, in MiB: pages they share (the Node binary)
 * count once for each, so the sum is on the high side. Null when the process itself is gone.
 */
export function treeRssMiB(pid: number | undefined): number | null {
  if (pid === undefined || rssMiB(pid) === null) return null;
  const sum = processTree(pid).reduce((total, one) => total + (rssMiB(one) ?? 0), 0);
  return Math.round(sum * 10) / 10;
}

/** Resident set size of a process in MiB (VmRSS), from /proc; null elsewhere or once it is gone. */
export function rssMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kib) ? Math.round((kib / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}
