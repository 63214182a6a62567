// `npm run fuzz`: the long fuzz campaign (docs/fuzz.md). The same phases, generators and checks
// as the gate in `npm test` (fuzz-*.test.ts), with many more random cases, on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL. Prints a summary per operation and writes every
// failure, with its seed and the exact request, to a JSON file that `--replay` sends again.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createTestApp } from '../support/test-app';
import { operationsOf, readOpenApiDocument, undocumentedRoutes, type Operation } from './openapi';
import {
  DEFAULT_SEED,
  fuzzOperation,
  phasesOf,
  sendCase,
  type Failure,
  type OperationReport,
  type Phase,
} from './run';
import { FUZZ_APP_OPTIONS, seedWorld } from './seed';
import { snapshotChanges, snapshotUrls, takeSnapshot } from './snapshot';

type Engine = 'pglite' | 'postgres';

interface FailureFile {
  seed: number;
  runs: number;
  failures: (Failure & { engine: Engine })[];
  /** Reads whose answers changed although they must not have, and undocumented routes. */
  gateFailures: { engine: Engine; check: string; details: string[] }[];
}

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.FUZZ_RUNS ?? '10000' },
    seed: { type: 'string', default: process.env.FUZZ_SEED ?? String(DEFAULT_SEED) },
    out: { type: 'string', default: 'fuzz-failures.json' },
    replay: { type: 'string', default: process.env.FUZZ_REPLAY },
  },
});
const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const print = (line = '') => process.stdout.write(`${line}\n`);

/** Builds a fresh app on the engine, with the world seeded and the phases ready. */
async function openEngine(engine: Engine) {
  process.env.TEST_DB_ENGINE = engine;
  const testApp = await createTestApp({}, FUZZ_APP_OPTIONS);
  const operations = operationsOf(await readOpenApiDocument(testApp.app));
  const world = await seedWorld(testApp);
  return { testApp, operations, world, phases: phasesOf(testApp.app, world, operations) };
}

async function runCampaign(seed: number, runs: number): Promise<FailureFile> {
  const file: FailureFile = { seed, runs, failures: [], gateFailures: [] };
  for (const engine of engines) {
    const { testApp, operations, world, phases } = await openEngine(engine);
    try {
      const undocumented = undocumentedRoutes(testApp.app, operations);
      if (undocumented.length > 0) {
        file.gateFailures.push({
          engine,
          check: 'routes missing from the OpenAPI document',
          details: undocumented,
        });
      }
      const phaseOperations = phases.reduce((sum, phase) => sum + phase.operations.length, 0);
      const runsPerOperation = Math.max(1, Math.round(runs / phaseOperations));
      print(
        `\n== ${engine}: seed ${seed}, ${runsPerOperation} random cases per operation and phase ==`,
      );
      for (const phase of phases) {
        const pool = phase.name === 'outsider' ? world.memberResources : (phase.canary ?? {});
        const urls = snapshotUrls(operations, pool, phase.name === 'member');
        const before = await takeSnapshot(testApp.app, world.member.auth, urls);
        const reports: OperationReport[] = [];
        for (const operation of phase.operations) {
          const report = await fuzzOperation(testApp.app, phase, operation, seed, runsPerOperation);
          reports.push(report);
          file.failures.push(...report.failures.map((failure) => ({ ...failure, engine })));
        }
        const changes = snapshotChanges(
          before,
          await takeSnapshot(testApp.app, world.member.auth, urls),
        );
        if (changes.length > 0) {
          const check =
            phase.name === 'outsider' ? "the member's data changed" : 'the canary changed';
          file.gateFailures.push({ engine, check, details: changes });
        }
        printSummary(phase, reports, changes.length);
      }
    } finally {
      await testApp.close();
    }
  }
  return file;
}

function printSummary(phase: Phase, reports: OperationReport[], changedReads: number) {
  print(`\n-- phase ${phase.name === 'outsider' ? '1 (outsider)' : '2 (member)'} --`);
  print(
    [
      'operation'.padEnd(48),
      'cases'.padStart(6),
      '5xx'.padStart(5),
      'problem'.padStart(8),
      '  statuses',
    ].join(''),
  );
  for (const report of reports) {
    const share =
      report.errors === 0 ? '-' : `${Math.round((100 * report.problemErrors) / report.errors)}%`;
    const statuses = Object.entries(report.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    const skipped =
      report.skipped > 0 ? `  (${report.skipped} not sent: they name the canary)` : '';
    const flag = report.failures.length > 0 ? `  ✗ ${report.failures.length} failing` : '';
    print(
      [
        report.operation.padEnd(48),
        String(report.cases).padStart(6),
        String(report.serverErrors).padStart(5),
        share.padStart(8),
        `  ${statuses}${skipped}${flag}`,
      ].join(''),
    );
  }
  const total = reports.reduce((sum, report) => sum + report.cases, 0);
  const failing = reports.reduce((sum, report) => sum + report.failures.length, 0);
  print(`${total} cases, ${failing} failing, ${changedReads} reads changed that must not`);
}

/** Sends every failure of a file again, on a fresh world, and says which still fail. */
async function replay(path: string): Promise<number> {
  const file = JSON.parse(fs.readFileSync(path, 'utf8')) as FailureFile;
  let stillFailing = 0;
  for (const engine of engines) {
    const failures = file.failures.filter((failure) => failure.engine === engine);
    if (failures.length === 0) continue;
    const { testApp, operations, phases } = await openEngine(engine);
    try {
      print(`\n== replaying ${failures.length} failures on ${engine} ==`);
      for (const failure of failures) {
        const phase = phases.find((candidate) => candidate.name === failure.phase);
        const operation = operations.find(
          (candidate: Operation) => candidate.key === failure.operation,
        );
        if (!phase || !operation) {
          print(`- ${failure.operation}: no longer in the document`);
          continue;
        }
        phase.ownPool = await phase.reseed();
        const outcome = await sendCase(testApp.app, phase, operation, failure.case);
        const verdict = !outcome
          ? 'not sent (it names a canary resource)'
          : outcome.violations.length > 0
            ? `still fails: ${outcome.answer.status} ${outcome.violations.join('; ')}`
            : `passes now (${outcome.answer.status})`;
        if (outcome && outcome.violations.length > 0) stillFailing += 1;
        print(`- ${failure.operation} (${failure.phase}) ${failure.description}\n    ${verdict}`);
      }
    } finally {
      await testApp.close();
    }
  }
  return stillFailing;
}

if (options.replay) {
  const stillFailing = await replay(options.replay);
  print(`\n${stillFailing} still failing`);
  process.exit(stillFailing > 0 ? 1 : 0);
}

const seed = Number(options.seed);
const runs = Number(options.runs);
const file = await runCampaign(seed, runs);
fs.writeFileSync(options.out, `${JSON.stringify(file, null, 2)}\n`);
for (const { engine, check, details } of file.gateFailures) {
  print(`\n✗ ${engine}: ${check}\n${details.map((detail) => `  ${detail}`).join('\n')}`);
}
const failed = file.failures.length + file.gateFailures.length;
print(
  `\n${file.failures.length} failing cases${failed > 0 ? `, written to ${options.out}; npm run fuzz -- --replay ${options.out} sends them again` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
