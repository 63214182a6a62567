import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectConfiguration } from 'vitest/config';

// The three tiers (ARCHITECTURE "Tests"): unit (domain, contracts, web logic), server integration on
// PGlite and, when TEST_DATABASE_URL is set, the very same server suite again on PostgreSQL.
// End-to-end tests run with Playwright (e2e/), not here.
const serverProject = (engine: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name: `server:${engine}`,
    root: 'apps/server',
    // Tests sit beside the code; the fuzzer sits with the rest of the test code in test/.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On PostgreSQL, a query sent to a busy client (Promise.all on a transaction) fails the test.
    setupFiles: engine === 'postgres' ? ['test/support/one-query-per-client.ts'] : [],
  },
});

const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: 'apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['test/setup.ts'],
    },
  },
  serverProject('pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('postgres'));

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a
    // time. A test run is all the machine does, and a server test waits on its database part of
    // the time, so every core gets a worker.
    maxWorkers: availableParallelism(),
  },
});
