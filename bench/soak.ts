/**
 * Soak: steady service on this machine, on each engine; on PostgreSQL with two server processes
 * behind one database, one of which is killed half-way through the overload.
 *
 * For each engine: start the real server (PGlite: one process on a temporary DATA_DIR; PostgreSQL:
 * two processes on a fresh `household_bench_soak` database) and send a new user's first requests
 * as soon as it answers its health check; build households of ten guests through the API (a group,
 * two lists of 30 items each) and connect one WebSocket client per guest (split across the
 * processes). Then, with a mix of reads and writes sent at a fixed rate (open loop) through a
 * balancer that goes round the processes (lib/balancer.ts):
 * - find the capacity C: the highest rate served with p99 ≤ 250 ms and not one error or refusal;
 * - run half of it for 30 s (nothing may be refused);
 * - closed loops of 1, 4 and 16 readers of a 1,000-item list (none refused at 4; no fewer served
 *   with more readers);
 * - one person clicking (a request every 200 ms) while busy loops take every core;
 * - three times C for `--duration` seconds (the kill half-way on PostgreSQL), a pause, and every
 *   acknowledged write read back.
 * Writes go as the web app's outbox sends them: with an Idempotency-Key, sent again with it 10 s
 * after no answer, and after Retry-After when told "not now".
 *
 * Records per phase what was served, refused and failed, and latency from when each request was
 * due; for the overload also event delivery to every client of the household, events missed,
 * reconnections, what writes sent again were told, RSS of each process (after boot, at the start
 * and end of the load, after the pause), PostgreSQL connections every second, the CPU used by
 * everything on the machine, and lost writes.
 *
 * Prints a table, writes bench/results/soak-latest.json, stops the servers and removes what it
 * created.
 *
 *   npm run bench:soak -- [--duration 60] [--capacity <requests/s>] [--clients 200] [--engine pglite|postgres]
 */
import { isInterrupted } from './lib/load';
import { parseCli } from './soak/cli';
import { printTable, printWarnings, writeResults, type EngineReport } from './soak/report';
import { soakEngine } from './soak/run-engine';

async function main() {
  const { options, engines } = parseCli();
  const reports: EngineReport[] = [];
  for (const engine of engines) {
    if (isInterrupted()) break;
    reports.push(await soakEngine(engine, options));
  }
  printTable(reports);
  printWarnings(reports);
  writeResults(options, reports);
}

await main();
