/**
 * CPU accounting from /proc: the server process, the PostgreSQL backends serving it, this process
 * (the load generator) and everything else on the machine, so that a figure taken while something
 * else ran is visibly pessimistic.
 */
import fs from 'node:fs';
import { psql } from './postgres';

/** Linux USER_HZ: the unit of the CPU times in /proc/<pid>/stat (100 on every mainstream arch). */
const CLOCK_TICKS_PER_SECOND = 100;

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * User + system CPU time of a process in ms, with that of its children that ended (a server's
 * photo process), from /proc; null elsewhere or once it is gone.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces: count from its closing parenthesis (then field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime (14) + stime (15) + cutime (16) + cstime (17)
    const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Busy and stolen CPU time of the whole machine in ms (all cores added), from /proc/stat. */
function machineCpuMs(): { busy: number; steal: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is in user)
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = [user, nice, system, irq, softirq].reduce<number>((sum, v) => sum + (v ?? NaN), 0);
    if (!Number.isFinite(busy) || steal === undefined || !Number.isFinite(steal)) return null;
    const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    return { busy: ms(busy), steal: ms(steal) };
  } catch {
    return null;
  }
}

function databaseBackendsCpuMs(database: string): Map<number, number> | null {
  try {
    const pids = psql(`SELECT pid FROM pg_stat_activity WHERE datname = '${database}'`)
      .split('\n')
      .map(Number)
      .filter((pid) => Number.isSafeInteger(pid) && pid > 0);
    const cpu = new Map<number, number>();
    for (const pid of pids) {
      const ms = processCpuMs(pid);
      if (ms === null) return null;
      cpu.set(pid, ms);
    }
    return cpu;
  } catch {
    return null;
  }
}

export interface CpuSnapshot {
  at: number;
  server: number | null;
  /** pid -> CPU ms of each PostgreSQL backend connected to the benchmark database. */
  database: Map<number, number> | null;
  loadGenerator: NodeJS.CpuUsage;
  machine: { busy: number; steal: number } | null;
}

export interface CpuUsed {
  serverMsPerRequest: number | null;
  databaseMsPerRequest: number | null;
  loadGeneratorMsPerRequest: number;
  serverCores: number | null;
  databaseCores: number | null;
  loadGeneratorCores: number;
  /** What everything else on the machine used meanwhile: not near 0, the figures are pessimistic. */
  otherCores: number | null;
  stealCores: number | null;
}

/** `database`: the PostgreSQL database whose backends count as the server's (null on PGlite). */
export function cpuSnapshot(serverPids: number[], database: string | null): CpuSnapshot {
  const server = serverPids.map(processCpuMs);
  return {
    at: performance.now(),
    server: server.some((ms) => ms === null)
      ? null
      : server.reduce<number>((sum, ms) => sum + ms!, 0),
    database: database ? databaseBackendsCpuMs(database) : null,
    loadGenerator: process.cpuUsage(),
    machine: machineCpuMs(),
  };
}

export function cpuUsed(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuUsed {
  const wallMs = after.at - before.at;
  const serverMs =
    before.server === null || after.server === null ? null : after.server - before.server;
  let databaseMs: number | null = null;
  if (before.database && after.database) {
    // Backends opened during the run started from zero; ones closed during it are lost (the pool
    // keeps busy connections open, so that is rare).
    databaseMs = 0;
    for (const [pid, ms] of after.database) databaseMs += ms - (before.database.get(pid) ?? 0);
  }
  const loadGeneratorUsage = process.cpuUsage(before.loadGenerator);
  const loadGeneratorMs = (loadGeneratorUsage.user + loadGeneratorUsage.system) / 1000;
  const perRequest = (ms: number | null) =>
    ms === null || requests === 0 ? null : round(ms / requests, 3);
  const cores = (ms: number | null) => (ms === null ? null : round(ms / wallMs));
  let otherMs: number | null = null;
  let stealMs: number | null = null;
  if (before.machine && after.machine) {
    const ours = (serverMs ?? 0) + (databaseMs ?? 0) + loadGeneratorMs;
    otherMs = Math.max(0, after.machine.busy - before.machine.busy - ours);
    stealMs = after.machine.steal - before.machine.steal;
  }
  return {
    serverMsPerRequest: perRequest(serverMs),
    databaseMsPerRequest: perRequest(databaseMs),
    loadGeneratorMsPerRequest: perRequest(loadGeneratorMs) ?? 0,
    serverCores: cores(serverMs),
    databaseCores: cores(databaseMs),
    loadGeneratorCores: cores(loadGeneratorMs) ?? 0,
    otherCores: cores(otherMs),
    stealCores: cores(stealMs),
  };
}
