#!/usr/bin/env node
// `npm test`: every test tier. Unit and server integration tests (on PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set) run in Vitest, then the end-to-end tests in Chromium.
// A missing Chromium fails the run with instructions: no tier is ever skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const chromium = findChromium();
if (!chromium) {
  console.error(
    [
      'No Chromium found for the end-to-end tests.',
      'Install Debian’s build:   sudo apt-get install -y chromium',
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
      '(`npx playwright install` is not used: the tests run on the system’s browser.)',
    ].join('\n'),
  );
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');
}

const reports = mkdtempSync(path.join(tmpdir(), 'household-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'e2e.json');

const steps = [
  {
    title: 'unit, web and server integration tests',
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  },
  { title: 'end-to-end tests in Chromium', command: 'npm', args: ['run', 'test:e2e'] },
];
const failedSteps = [];
for (const { title, command, args } of steps) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_JSON_REPORT: e2eReport },
  });
  if (result.status !== 0) failedSteps.push(title);
}

const counts = [readVitestCounts(vitestReport), readPlaywrightCounts(e2eReport)];
rmSync(reports, { recursive: true, force: true });
const passed = counts.reduce((sum, count) => sum + count.passed, 0);
const failed = counts.reduce((sum, count) => sum + count.failed, 0);
const skipped = counts.reduce((sum, count) => sum + count.skipped, 0);

if (failedSteps.length > 0) console.error(`\nFailed: ${failedSteps.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// A step can fail before it runs a test (a build error): that fails the run as well.
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0);

function readVitestCounts(file) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function readPlaywrightCounts(file) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}
