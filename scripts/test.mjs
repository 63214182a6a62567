#!/usr/bin/env node
// `npm test`: every test tier. Unit and server integration tests (on PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set) run in Vitest, then the end-to-end tests in Chromium.
// A missing Chromium fails the run with instructions: no tier is ever skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const steps = [
  ['unit, web and server integration tests', 'npx', ['vitest', 'run']],
  ['end-to-end tests in Chromium', 'npm', ['run', 'test:e2e']],
];
const failed = [];
for (const [title, command, args] of steps) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  if (result.status !== 0) failed.push(title);
}

if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nAll test tiers passed.');

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}
