/** The soak's command line. */
import { parseBenchCli, selectedEngines, wholeNumber } from '../lib/cli';
import { HOUSEHOLD_SIZE } from './households';

export interface Options {
  durationSeconds: number;
  rate: number;
  clients: number;
}

export function parseCli() {
  const values = parseBenchCli(
    {
      duration: { type: 'string', default: '60' },
      rate: { type: 'string', default: '300' },
      clients: { type: 'string', default: '200' },
    },
    'npm run bench:soak -- [--duration 60] [--rate 300] [--clients 200] [--engine pglite|postgres]',
  );
  const durationSeconds = wholeNumber('--duration', values.duration, 'seconds', 4, 3600);
  const rate = wholeNumber('--rate', values.rate, 'requests a second', 1, 5000);
  const clients = Number(values.clients);
  if (!Number.isInteger(clients) || clients < HOUSEHOLD_SIZE || clients % HOUSEHOLD_SIZE !== 0) {
    throw new Error(`--clients must be a multiple of ${HOUSEHOLD_SIZE} (households of ten)`);
  }
  return {
    options: { durationSeconds, rate, clients } satisfies Options,
    engines: selectedEngines(values.engine),
  };
}
