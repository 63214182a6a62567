import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestInstallation } from './old-release';

export interface LogLine {
  level: string;
  message: string;
  [key: string]: unknown;
}

export interface StartRun {
  /** The exit code, or null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: LogLine[];
  stderr: string;
  /** Whether the kill was sent (the awaited line came). */
  killed: boolean;
}

const serverRoot = path.resolve(import.meta.dirname, '../..');
const startScript = path.join(import.meta.dirname, 'start-child.ts');

/**
 * Starts the server's database start-up in a process of its own (start-child.ts) on the
 * installation. With `killAfter`, sends SIGKILL `delayMs` after the first log line it matches.
 */
export function runStartProcess(
  installation: TestInstallation,
  options: {
    env?: Record<string, string>;
    killAfter?: RegExp;
    delayMs?: number;
    /** Sends SIGKILL once this settles. */
    killWhen?: Promise<unknown>;
  } = {},
): Promise<StartRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: installation.dataDir,
    BACKUPS_TO_KEEP: String(installation.config.backups.keep),
    BACKUP_BEFORE_MIGRATE: installation.config.backups.beforeMigrate ?? 'none',
    ...options.env,
  };
  if (installation.config.databaseUrl) env.DATABASE_URL = installation.config.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', startScript], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let stderr = '';
  let killed = false;
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = JSON.parse(pending.slice(0, newline)) as LogLine;
      pending = pending.slice(newline + 1);
      lines.push(line);
      if (!killed && options.killAfter?.test(line.message)) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), options.delayMs ?? 0);
      }
    }
  });
  const kill = () => {
    killed = true;
    child.kill('SIGKILL');
  };
  void options.killWhen?.then(kill, kill);
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, lines, stderr, killed }));
  });
}
