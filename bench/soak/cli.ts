/** The soak's command line. */
import { parseArgs } from 'node:util';
import { ENGINES, type Engine } from '../lib/engines';
import { HOUSEHOLD_SIZE } from './households';

export interface Options {
  durationSeconds: number;
  rate: number;
  clients: number;
}

export function parseCli() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      rate: { type: 'string', default: '300' },
      clients: { type: 'string', default: '200' },
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench:soak -- [--duration 60] [--rate 300] [--clients 200] [--engine pglite|postgres]',
    );
    process.exit(0);
  }
  const durationSeconds = Number(values.duration);
  const rate = Number(values.rate);
  const clients = Number(values.clients);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 4 || durationSeconds > 3600) {
    throw new Error('--duration must be a whole number of seconds between 4 and 3600');
  }
  if (!Number.isInteger(rate) || rate < 1 || rate > 5000) {
    throw new Error('--rate must be a whole number of requests a second between 1 and 5000');
  }
  if (!Number.isInteger(clients) || clients < HOUSEHOLD_SIZE || clients % HOUSEHOLD_SIZE !== 0) {
    throw new Error(`--clients must be a multiple of ${HOUSEHOLD_SIZE} (households of ten)`);
  }
  let engines: Engine[] = [...ENGINES];
  if (values.engine !== undefined) {
    if (!ENGINES.includes(values.engine as Engine)) {
      throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
    }
    engines = [values.engine as Engine];
  }
  return { options: { durationSeconds, rate, clients } satisfies Options, engines };
}
