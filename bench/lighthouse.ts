/**
 * Lighthouse (from npm, the default mobile preset: a mid-range phone on a slow 4G connection,
 * simulated) against Debian's Chromium, on the login page and a list's detail page of the built
 * app (what `npm start` serves). Each page is audited three times and the run with the median
 * performance score is kept. Targets of issue 9: performance ≥ 95, accessibility 100.
 *
 * The list detail page needs a session: its tokens are put into local storage first, from a
 * page that loads none of the app (`/config.json`), so that nothing of the app is cached.
 *
 * Writes bench/results/lighthouse-latest.json.
 *
 *   npm run build && npm run bench:lighthouse
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium';
import { createHousehold, type Household } from './lib/seed';
import { startServer, stopServer } from './lib/server';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'lighthouse-latest.json');
const RUNS = 3;

interface PageSpec {
  name: string;
  path: (household: Household) => string;
  signedIn: boolean;
}

const PAGES: readonly PageSpec[] = [
  { name: 'login', path: () => '/auth/login', signedIn: false },
  { name: 'list detail', path: (h) => `/lists/${h.listIds.items100}`, signedIn: true },
];

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

interface Audit {
  page: string;
  performance: number;
  accessibility: number;
  metrics: Record<keyof typeof METRICS, number>;
  /** Accessibility audits that failed, by id. */
  failedAccessibilityAudits: string[];
}

async function signIn(port: number, base: string, household: Household) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/config.json`);
  await page.evaluate(
    (access, refresh) => {
      window.localStorage.setItem('token', access);
      window.localStorage.setItem('refreshToken', refresh);
    },
    household.owner.accessToken,
    household.owner.refreshToken,
  );
  await page.close();
  await browser.disconnect();
}

async function audit(base: string, spec: PageSpec, household: Household): Promise<Audit> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    if (spec.signedIn) await signIn(chrome.port, base, household);
    const result = await lighthouse(`${base}${spec.path(household)}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Keeps the session put into local storage; the cache holds nothing of the app yet.
      disableStorageReset: spec.signedIn,
    });
    if (!result) throw new Error('lighthouse gave no result');
    const { lhr } = result;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [
        key,
        Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000,
      ]),
    ) as Audit['metrics'];
    const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
    return {
      page: spec.name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      metrics,
      failedAccessibilityAudits: accessibilityAudits
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-lighthouse-'));
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      JOIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  const kept: Audit[] = [];
  const all: Audit[] = [];
  try {
    const household = await createHousehold(server.base);
    for (const spec of PAGES) {
      const runs: Audit[] = [];
      for (let run = 1; run <= RUNS; run++) {
        console.log(`auditing ${spec.name}, run ${run} of ${RUNS}…`);
        runs.push(await audit(server.base, spec, household));
      }
      all.push(...runs);
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      kept.push(sorted[Math.floor(sorted.length / 2)]!);
    }
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    '\n| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | runs (performance) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const result of kept) {
    const { metrics: m } = result;
    const scores = all.filter((run) => run.page === result.page).map((run) => run.performance);
    console.log(
      `| ${result.page} | ${result.performance} | ${result.accessibility} | ${Math.round(m.fcpMs)} | ${Math.round(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${m.cls} | ${Math.round(m.speedIndexMs)} | ${scores.join(', ')} |`,
    );
    if (result.failedAccessibilityAudits.length > 0) {
      console.log(`  failed accessibility audits: ${result.failedAccessibilityAudits.join(', ')}`);
    }
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), runsPerPage: RUNS, kept, all }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
