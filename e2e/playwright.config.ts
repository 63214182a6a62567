import { defineConfig } from '@playwright/test';
import { BASE_URL, JWT_SECRET, PORT } from './support/env';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/chromium';

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never' }],
    // `npm test` adds up the counts of every tier from this file.
    ...(process.env.E2E_JSON_REPORT
      ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const]
      : []),
  ],
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'on-first-retry',
    locale: 'en-US',
    // The app's service worker (docs/offline.md) would answer reads from its cache and hide
    // requests from `route()`: specs run against the network, and offline.spec.ts opts in.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@mobile/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    // The app as a user starts it (`npm start`: build the web app, then serve), on a fresh database.
    command: 'node start-app.mjs',
    cwd: import.meta.dirname,
    url: `${BASE_URL}/api/v1/health`,
    env: { JWT_SECRET, E2E_PORT: String(PORT) },
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
