/** autocannon runs that Ctrl-C can stop, with the CPU they cost and what they answered. */
import autocannon from 'autocannon';
import { cpuSnapshot, cpuUsed, round, type CpuUsed } from './cpu';

let interrupted = false;
let running: autocannon.Instance | null = null;

process.on('SIGINT', () => {
  if (interrupted) return;
  interrupted = true;
  console.error('\ninterrupted: stopping the load and cleaning up…');
  running?.stop();
});

export const isInterrupted = () => interrupted;

export function checkInterrupted(): void {
  if (interrupted) throw new Error('interrupted');
}

export function fire(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    running = autocannon(options, (error: unknown, result) => {
      running = null;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
  });
}

export interface Measured {
  connections: number;
  durationSeconds: number;
  requests: { total: number; average: number; stddev: number; min: number; max: number };
  latencyMs: { average: number; p50: number; p97_5: number; p99: number; max: number };
  /** Bytes received per answer, headers included (what went over the loopback). */
  bytesPerRequest: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  cpu: CpuUsed;
}

/**
 * An unrecorded warm-up with the same load, then the measured run. `serverPids` are the processes
 * whose CPU counts as the server's; `database` the PostgreSQL database whose backends do.
 */
export async function measure(
  options: autocannon.Options,
  { warmup, duration }: { warmup: number; duration: number },
  serverPids: number[],
  database: string | null,
): Promise<Measured> {
  if (warmup > 0) {
    await fire({ ...options, duration: warmup });
    checkInterrupted();
  }
  const before = cpuSnapshot(serverPids, database);
  const result = await fire({ ...options, duration });
  const after = cpuSnapshot(serverPids, database);
  checkInterrupted();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  const answered = result.requests.total;
  return {
    connections: result.connections,
    durationSeconds: round(result.duration),
    requests: {
      total: answered,
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
    bytesPerRequest: answered === 0 ? 0 : Math.round(result.throughput.total / answered),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpu: cpuUsed(before, after, answered),
  };
}
