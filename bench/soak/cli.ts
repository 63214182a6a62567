/** The soak's command line. */
import { parseBenchCli, selectedEngines, wholeNumber } from '../lib/cli';
import { HOUSEHOLD_SIZE } from './households';

/** The overload, in multiples of the capacity. */
export const OVERLOAD_FACTOR = 3;
/**
 * Idle time after the overload before the last RSS and connection readings; events still in flight
 * arrive meanwhile. V8 gives back the memory of a burst some 20 to 40 s after the allocations stop
 * (its memory reducer), not at once: RSS is read every 5 s of the pause.
 */
export const PAUSE_SECONDS = 45;

export interface Options {
  /** Of the overload at three times the capacity. */
  durationSeconds: number;
  /** Requests a second; null: found by probing. */
  capacity: number | null;
  clients: number;
}

export const USAGE =
  'npm run bench:soak -- [--duration 60] [--capacity <requests/s>] [--clients 200] [--engine pglite|postgres]';

export function parseCli() {
  const values = parseBenchCli(
    {
      duration: { type: 'string', default: '60' },
      capacity: { type: 'string' },
      clients: { type: 'string', default: '200' },
    },
    USAGE,
  );
  const durationSeconds = wholeNumber('--duration', values.duration, 'seconds', 4, 3600);
  const capacity =
    values.capacity === undefined
      ? null
      : wholeNumber('--capacity', values.capacity, 'requests a second', 1, 5000);
  const clients = Number(values.clients);
  if (!Number.isInteger(clients) || clients < HOUSEHOLD_SIZE || clients % HOUSEHOLD_SIZE !== 0) {
    throw new Error(`--clients must be a multiple of ${HOUSEHOLD_SIZE} (households of ten)`);
  }
  return {
    options: { durationSeconds, capacity, clients } satisfies Options,
    engines: selectedEngines(values.engine),
  };
}
