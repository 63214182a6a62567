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
