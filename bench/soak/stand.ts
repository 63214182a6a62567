/**
 * What one engine's soak stands on: the server processes (and their database or data folder), the
 * balancer in front of them, the households and their realtime clients, and the timers and
 * samplers started meanwhile. `close` stops and removes all of it, whatever state the run is in.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Balancer } from '../lib/balancer';
import type { Engine } from '../lib/engines';
import { checkInterrupted } from '../lib/load';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres';
import { sleep, type Server } from '../lib/server';
import { connectClients, createHousehold, HOUSEHOLD_SIZE, type Household } from './households';
import { readRss, type ConnectionSampler } from './measurements';
import type { Rig } from './open-loop-phase';
import { startAppServer, stopProcesses, type ServerLog } from './processes';
import { firstRequests, type StartUpRun } from './start-up';

export const PG_BENCH_DB = 'household_bench_soak';
/** Idle time after boot before the first RSS reading. */
const BOOT_IDLE_SECONDS = 5;

export class Stand {
  readonly servers: Server[] = [];
  readonly households: Household[] = [];
  readonly timers: NodeJS.Timeout[] = [];
  /** The environment every process gets (its DATABASE_URL on PostgreSQL). */
  readonly env: Record<string, string> = { JWT_SECRET: randomBytes(48).toString('base64url') };
  sampler: ConnectionSampler | null = null;
  private balancer: Balancer | null = null;
  private createdDatabase = false;
  private readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-soak-'));

  constructor(
    readonly engine: Engine,
    readonly log: (line: string) => void,
  ) {}

  get processCount(): number {
    return this.engine === 'postgres' ? 2 : 1;
  }

  get pids(): number[] {
    return this.servers.map((server) => server.child.pid!);
  }

  /**
   * Starts the processes; as soon as the first answers its health check, sends a new user's first
   * requests. Resolves with those and each process's RSS after a few idle seconds.
   */
  async start(): Promise<{ startUp: StartUpRun; afterBoot: (number | null)[] }> {
    if (this.engine === 'postgres') {
      this.env.DATABASE_URL = createBenchDatabase(PG_BENCH_DB);
      this.createdDatabase = true;
    } else {
      this.env.DATA_DIR = this.dataDir;
    }
    let startUp: StartUpRun | null = null;
    for (let i = 0; i < this.processCount; i++) {
      this.log(`starting server process ${i + 1}…`);
      this.servers.push(await startAppServer(this.env));
      startUp ??= await firstRequests(this.servers[0]!.base);
    }
    await sleep(BOOT_IDLE_SECONDS * 1000);
    this.balancer = new Balancer(this.servers.map((server) => server.port));
    return { startUp: startUp!, afterBoot: readRss(this.pids) };
  }

  /** Households of ten guests, built through the first process, each guest with its client. */
  async buildHouseholds(clients: number): Promise<Rig> {
    const count = clients / HOUSEHOLD_SIZE;
    this.log(`${count} households of ${HOUSEHOLD_SIZE}, ${clients} clients…`);
    for (let i = 0; i < count; i++) {
      this.households.push(await createHousehold(this.servers[0]!.base, i));
    }
    await connectClients(this.households, this.balancer!, this.processCount);
    checkInterrupted();
    return {
      balancer: this.balancer!,
      households: this.households,
      pids: this.pids,
      database: this.engine === 'postgres' ? PG_BENCH_DB : null,
    };
  }

  async close(): Promise<ServerLog[]> {
    for (const timer of this.timers) clearInterval(timer);
    await this.sampler?.stop();
    // Clients go first: a server shutting down closes their connections, which they would retry.
    for (const household of this.households) {
      for (const client of household.clients) client.stop();
    }
    this.balancer?.close();
    const logs = await stopProcesses(this.servers);
    if (this.createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    return logs;
  }
}
