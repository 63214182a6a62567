/**
 * Lighthouse (from npm, the default mobile preset: a mid-range phone on a slow 4G connection,
 * simulated) against Debian's Chromium, on the login page, a list's detail page (100 items) and
 * that list in supermarket mode, of the built app (what `npm start` serves). Each page is audited
 * `RUNS` times (5; the `RUNS` variable changes it) and each figure is the median of the runs.
 * Targets of issue 25: list detail performance ≥ 90 (Total Blocking Time ≤ 200 ms, LCP ≤ 2.5 s,
 * CLS 0), supermarket mode ≥ 90, login ≥ 95, accessibility 100 on all three. Best practices are
 * recorded too.
 *
 * Per page also the JavaScript the page itself loads in the audited visit (not what the service
 * worker downloads for its precache), each file gzipped on its own at level 6, the way the
 * budgets count it: login ≤ 150 kB, list detail ≤ 250 kB.
 *
 * Two builds compare in one sitting: `BENCH_WEB_DISTS="before=/tmp/dist-before,after=apps/web/dist"`
 * starts one server per build (`WEB_DIST_DIR`) and audits them in turn, run by run, so both see
 * the same load on a shared machine. The load average is recorded before and after. Without it,
 * the one build in `apps/web/dist`.
 *
 * Installability (issue 13): Lighthouse 12 removed the PWA category and its `installable-manifest`
 * audit, so each page is checked once more, in a fresh browser, by Chromium itself: the errors of
 * its own install check (DevTools protocol `Page.getInstallabilityErrors`, empty when the app can
 * be installed), whether the service worker controls the page after a reload, and whether the page
 * opens again with the network off.
 *
 * The signed-in pages need a session: its tokens are put into local storage first, from a page
 * that loads none of the app (`/config.json`), so that nothing of the app is cached.
 *
 * Writes bench/results/lighthouse-latest.json. `BENCH_PAGES` audits some of the pages only
 * (`BENCH_PAGES="list detail"`), and `BENCH_LHR_DIR` keeps each run's whole Lighthouse report
 * there, to see where a page's time goes (its requests, their chains, its long tasks).
 *
 *   npm run build && npm run bench:lighthouse
 *   RUNS=3 npm run bench:lighthouse
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium';
import zlib from 'node:zlib';
import { createHousehold, type Household } from './lib/seed';
import { REPO_ROOT, startServer, stopServer, type Server } from './lib/server';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'lighthouse-latest.json');
const RUNS = Number(process.env.RUNS ?? 5);
const KB = 1000;

/** Gzipped-JavaScript budgets of issues 9 and 25, in bytes. */
const BUDGETS: Record<string, number> = { login: 150 * KB, 'list detail': 250 * KB };

/** A build of the web app to audit: a name and its `dist` folder. */
interface Build {
  name: string;
  dist: string;
}

function buildsToAudit(): Build[] {
  const spec = process.env.BENCH_WEB_DISTS;
  if (!spec) return [{ name: 'this build', dist: path.join(REPO_ROOT, 'apps', 'web', 'dist') }];
  return spec.split(',').map((pair) => {
    const [name, dist] = pair.split('=');
    if (!name || !dist) throw new Error(`BENCH_WEB_DISTS: expected name=folder, got "${pair}"`);
    return { name, dist: path.resolve(REPO_ROOT, dist) };
  });
}

interface PageSpec {
  name: string;
  path: (household: Household) => string;
  signedIn: boolean;
}

const ALL_PAGES: readonly PageSpec[] = [
  { name: 'login', path: () => '/auth/login', signedIn: false },
  { name: 'list detail', path: (h) => `/lists/${h.listIds.items100}`, signedIn: true },
  // lib/paths.ts `shopPath`
  { name: 'supermarket mode', path: (h) => `/lists/${h.listIds.items100}/shop`, signedIn: true },
];

const PAGES = process.env.BENCH_PAGES
  ? ALL_PAGES.filter((page) => process.env.BENCH_PAGES!.split(',').includes(page.name))
  : ALL_PAGES;
const LHR_DIR = process.env.BENCH_LHR_DIR;

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

interface Audit {
  build: string;
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  metrics: Record<keyof typeof METRICS, number>;
  /** The page's own scripts (not the service worker's), each gzipped at level 6 on its own. */
  js: { files: number; gzipBytes: number };
  /** Accessibility audits that failed, by id. */
  failedAccessibilityAudits: string[];
  /** Best-practices audits that failed, by id. */
  failedBestPracticesAudits: string[];
  /** What Chromium's Issues panel reported (`inspector-issues`), by kind. */
  inspectorIssues: string[];
  /** Why Lighthouse could not score the run (its scores are then 0), if it could not. */
  runtimeError: string | null;
}

interface Installability {
  build: string;
  page: string;
  /** Chromium's reasons the app cannot be installed from this page; none when it can. */
  installabilityErrors: string[];
  manifestErrors: string[];
  serviceWorkerControls: boolean;
  opensOffline: boolean;
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

/** The scripts the page loaded, from Lighthouse's network records, fetched again and gzipped. */
async function pageScripts(base: string, details: unknown): Promise<Audit['js']> {
  const items =
    (
      details as
        | { items?: { url?: string; resourceType?: string; sessionTargetType?: string }[] }
        | undefined
    )?.items ?? [];
  const urls = new Set(
    items
      .filter((item) => item.resourceType === 'Script' && item.sessionTargetType === 'page')
      .map((item) => item.url!)
      .filter((url) => url.startsWith(base)),
  );
  let gzipBytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipBytes += zlib.gzipSync(body, { level: 6 }).length;
  }
  return { files: urls.size, gzipBytes };
}

async function audit(
  build: string,
  base: string,
  spec: PageSpec,
  household: Household,
): Promise<Audit> {
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
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the session put into local storage; the cache holds nothing of the app yet.
      disableStorageReset: spec.signedIn,
    });
    if (!result) throw new Error('lighthouse gave no result');
    const { lhr } = result;
    if (LHR_DIR) {
      fs.mkdirSync(LHR_DIR, { recursive: true });
      const name = `${build}-${spec.name}-${Date.now()}.json`.replace(/[^\w.-]+/g, '_');
      fs.writeFileSync(path.join(LHR_DIR, name), JSON.stringify(lhr));
    }
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [
        key,
        Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000,
      ]),
    ) as Audit['metrics'];
    const failed = (category: string) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
    return {
      build,
      page: spec.name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      metrics,
      js: await pageScripts(base, lhr.audits['network-requests']?.details),
      failedAccessibilityAudits: failed('accessibility'),
      failedBestPracticesAudits: failed('best-practices'),
      inspectorIssues: issueKinds(lhr.audits['inspector-issues']?.details),
      runtimeError: lhr.runtimeError
        ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
        : null,
    };
  } finally {
    chrome.kill();
  }
}

/** The kinds of issue (e.g. "ContentSecurityPolicyIssue") in the `inspector-issues` audit's table. */
function issueKinds(details: unknown): string[] {
  const items = (details as { items?: { issueType?: unknown }[] } | undefined)?.items ?? [];
  return items.map((item) => String(item.issueType));
}

/** Chromium's own install check, the service worker taking control, and a reload offline. */
async function checkInstallability(
  build: string,
  base: string,
  spec: PageSpec,
  household: Household,
): Promise<Installability> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    if (spec.signedIn) await signIn(chrome.port, base, household);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${base}${spec.path(household)}`, { waitUntil: 'networkidle0' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload({ waitUntil: 'networkidle0' });
    const serviceWorkerControls = await page.evaluate(
      () => navigator.serviceWorker.controller !== null,
    );
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');

    await page.setOfflineMode(true);
    let opensOffline = true;
    try {
      await page.reload({ waitUntil: 'load' });
      // The app draws its page (a heading) from the precached shell and the cached reads.
      await page.waitForSelector('#root h1, #root h2', { timeout: 15_000 });
    } catch {
      opensOffline = false;
    }
    await browser.disconnect();
    return {
      build,
      page: spec.name,
      installabilityErrors: installabilityErrors.map(({ errorId, errorArguments }) =>
        [errorId, ...errorArguments.map(({ name, value }) => `${name}=${value}`)].join(' '),
      ),
      manifestErrors: manifestErrors.map(({ message }) => message),
      serviceWorkerControls,
      opensOffline,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Each figure of one page and build: the median of its scored runs. */
interface Summary {
  build: string;
  page: string;
  runs: number;
  performance: number;
  performanceRuns: number[];
  accessibility: number;
  bestPractices: number;
  metrics: Record<keyof typeof METRICS, number>;
  js: { files: number; gzipBytes: number };
  budgetBytes: number | null;
  failedAccessibilityAudits: string[];
  failedBestPracticesAudits: string[];
  inspectorIssues: string[];
}

function summarise(runs: Audit[]): Summary {
  // A run Lighthouse could not score (all zeros) is not a measurement: the median is of the rest.
  const scored = runs.filter((run) => run.runtimeError === null);
  const used = scored.length > 0 ? scored : runs;
  const of = (pick: (run: Audit) => number) => median(used.map(pick));
  const first = used[0]!;
  const union = (pick: (run: Audit) => string[]) => [...new Set(used.flatMap(pick))];
  return {
    build: first.build,
    page: first.page,
    runs: used.length,
    performance: of((run) => run.performance),
    performanceRuns: runs.map((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    bestPractices: of((run) => run.bestPractices),
    metrics: Object.fromEntries(
      Object.keys(METRICS).map((key) => [
        key,
        of((run) => run.metrics[key as keyof typeof METRICS]),
      ]),
    ) as Summary['metrics'],
    js: { files: of((run) => run.js.files), gzipBytes: of((run) => run.js.gzipBytes) },
    budgetBytes: BUDGETS[first.page] ?? null,
    failedAccessibilityAudits: union((run) => run.failedAccessibilityAudits),
    failedBestPracticesAudits: union((run) => run.failedBestPracticesAudits),
    inspectorIssues: union((run) => run.inspectorIssues),
  };
}

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

async function main() {
  const builds = buildsToAudit();
  const loadBefore = loadAverage();
  console.log(`load average (1, 5, 15 min): ${loadBefore.join(', ')}`);
  const started: { build: Build; server: Server; dataDir: string; household: Household }[] = [];
  const all: Audit[] = [];
  const installability: Installability[] = [];
  try {
    for (const build of builds) {
      if (!fs.existsSync(path.join(build.dist, 'index.html'))) {
        throw new Error(`${build.dist} holds no build: run \`npm run build\` first`);
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-lighthouse-'));
      const server = await startServer({
        env: {
          DATA_DIR: dataDir,
          WEB_DIST_DIR: build.dist,
          AUTH_RATE_LIMIT_PER_MINUTE: '1000',
          JOIN_RATE_LIMIT_PER_MINUTE: '1000',
        },
      });
      started.push({ build, server, dataDir, household: await createHousehold(server.base) });
    }
    for (const spec of PAGES) {
      // Build after build within each run, so that a burst of load elsewhere hits all alike, each
      // run starting with the next build, so that none is always first or last.
      for (let run = 1; run <= RUNS; run++) {
        const turn = (run - 1) % started.length;
        for (const { build, server, household } of [
          ...started.slice(turn),
          ...started.slice(0, turn),
        ]) {
          console.log(`auditing ${spec.name} (${build.name}), run ${run} of ${RUNS}…`);
          const result = await audit(build.name, server.base, spec, household);
          if (result.runtimeError) console.log(`  not scored: ${result.runtimeError}`);
          all.push(result);
        }
      }
      for (const { build, server, household } of started) {
        console.log(`checking ${spec.name} (${build.name}) for installability…`);
        installability.push(await checkInstallability(build.name, server.base, spec, household));
      }
    }
  } finally {
    for (const { server, dataDir } of started) {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const loadAfter = loadAverage();

  const summaries = PAGES.flatMap((spec) =>
    builds.map((build) =>
      summarise(all.filter((run) => run.page === spec.name && run.build === build.name)),
    ),
  );
  console.log(
    `\nmedian of ${RUNS}; load average (1, 5, 15 min) before ${loadBefore.join(', ')}, after ${loadAfter.join(', ')}`,
  );
  console.log(
    '\n| page | build | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS gzip kB (files) | budget kB | runs (performance) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const summary of summaries) {
    const { metrics: m } = summary;
    console.log(
      `| ${summary.page} | ${summary.build} | ${summary.performance} | ${summary.accessibility} | ${summary.bestPractices} | ${Math.round(m.fcpMs)} | ${Math.round(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${m.cls} | ${Math.round(m.speedIndexMs)} | ${(summary.js.gzipBytes / KB).toFixed(1)} (${summary.js.files}) | ${summary.budgetBytes === null ? '' : summary.budgetBytes / KB} | ${summary.performanceRuns.join(', ')} |`,
    );
    if (summary.failedAccessibilityAudits.length > 0) {
      console.log(`  failed accessibility audits: ${summary.failedAccessibilityAudits.join(', ')}`);
    }
    if (summary.failedBestPracticesAudits.length > 0) {
      console.log(
        `  failed best-practices audits: ${summary.failedBestPracticesAudits.join(', ')}`,
      );
      if (summary.inspectorIssues.length > 0) {
        console.log(`  inspector issues: ${summary.inspectorIssues.join(', ')}`);
      }
    }
  }
  console.log(
    '\n| page | build | installable (Chromium) | service worker controls | opens offline | errors |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const check of installability) {
    const errors = [...check.installabilityErrors, ...check.manifestErrors];
    const yesNo = (value: boolean) => (value ? 'yes' : 'no');
    console.log(
      `| ${check.page} | ${check.build} | ${yesNo(check.installabilityErrors.length === 0)} | ${yesNo(check.serviceWorkerControls)} | ${yesNo(check.opensOffline)} | ${errors.join('; ') || '—'} |`,
    );
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        runsPerPage: RUNS,
        loadAverage: { before: loadBefore, after: loadAfter },
        builds,
        summaries,
        all,
        installability,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
