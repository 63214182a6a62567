/**
 * The command line the benchmarks share: their own options, plus `--engine` to run on one database
 * engine instead of both and `--help`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ENGINES, type Engine } from './engines';

/**
 * Parses the command line: the script's string options, `--engine` and `--help` (which prints
 * `usage: <usage>` and exits). Unknown options are refused.
 */
export function parseBenchCli<Name extends string>(
  options: Record<Name, { type: 'string'; default?: string }>,
  usage: string,
): Record<Name | 'engine', string | undefined> {
  const config: ParseArgsConfig = {
    options: {
      ...options,
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  };
  const { values } = parseArgs(config);
  if (values.help) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  return values as Record<Name | 'engine', string | undefined>;
}

/** A whole number within [min, max], e.g. `--rate` in `requests a second`; an error otherwise. */
export function wholeNumber(
  option: string,
  value: string | undefined,
  unit: string,
  min: number,
  max: number,
): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${option} must be a whole number of ${unit} between ${min} and ${max}`);
  }
  return number;
}

/** The engines `--engine` names: both without it. */
export function selectedEngines(engine: string | undefined): Engine[] {
  if (engine === undefined) return [...ENGINES];
  if (!ENGINES.includes(engine as Engine)) {
    throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
  }
  return [engine as Engine];
}
