/**
 * The soak's server processes: started as the benchmarks start them, one of them killed with
 * `kill -9` half-way on PostgreSQL, and what that left behind.
 */
import { psql } from '../lib/postgres';
import { BENCH_LIMITS, startServer, stopServer, type Server } from '../lib/server';

/** The process that is killed on PostgreSQL (index 1: the second). */
export const VICTIM = 1;

/** The server as the benchmarks start it, with the limits that would turn set-up into 429s lifted. */
export function startAppServer(env: Record<string, string>): Promise<Server> {
  return startServer({
    env: { ...BENCH_LIMITS, ...env },
  });
}

export function killVictim(engine: string, servers: Server[]): void {
  console.log(`[${engine}] kill -9 server process ${VICTIM + 1}`);
  servers[VICTIM]!.child.kill('SIGKILL');
}

/** Idempotency-Key claims left without an answer (status 0: in progress, -1: applied). */
export function idempotencyClaimsInProgress(databaseUrl: string | undefined): number {
  return Number(psql('SELECT count(*) FROM idempotency_keys WHERE status <= 0', databaseUrl));
}

/** Lines a process wrote at LOG_LEVEL=warn (warnings and errors), and the last of them. */
export interface ServerLog {
  process: number;
  lines: number;
  tail: string;
}

/** Stops every process (a killed one is only waited for) and returns what each logged. */
export async function stopProcesses(servers: Server[]): Promise<ServerLog[]> {
  const logs: ServerLog[] = [];
  for (const [i, server] of servers.entries()) {
    await stopServer(server);
    logs.push({ process: i + 1, lines: server.logLines(), tail: server.logTail() });
  }
  return logs;
}
