/**
 * A small home server also runs other programs. Here one keeps both cores busy while one person
 * clicks around (a request of the mix every 200 ms): the server is slower, but it is not
 * overloaded, and must refuse nothing (issue "Steady service", §3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { sleep } from '../lib/server';
import { runOpenLoop, type PhaseFigures, type Rig } from './open-loop-phase';

const SECONDS = 30;
const ONE_PERSON_RATE = 5;

export interface ContentionRun extends PhaseFigures {
  /** Busy loops started beside the server, one per core. */
  hogs: number;
}

function startHogs(): ChildProcess[] {
  return Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

export async function runContention(rig: Rig): Promise<ContentionRun> {
  const hogs = startHogs();
  try {
    await sleep(1000);
    const { figures } = await runOpenLoop(rig, {
      rate: ONE_PERSON_RATE,
      seconds: SECONDS,
      tidy: true,
    });
    return { ...figures, hogs: hogs.length };
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
  }
}
