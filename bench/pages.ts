/**
 * First-load weight of each page: the built app (what `npm start` serves) opened in Debian's
 * Chromium with an empty cache, page by page, recording every file the page downloads until the
 * network is idle.
 *
 * Per page: the JavaScript it loads, raw and gzipped (gzip -6 of each file, the way budgets are
 * usually counted, whatever the server sent), the CSS gzipped, and the bytes that actually went
 * over the wire (with the server's own compression, if any). Budgets of issue 9: the login page at
 * most 150 kB of gzipped JavaScript, the list detail at most 250 kB.
 *
 * Writes bench/results/pages-latest.json.
 *
 *   npm run build && npm run bench:pages
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium';
import { createHousehold, type Household } from './lib/seed';
import { startServer, stopServer } from './lib/server';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'pages-latest.json');
const KB = 1000;

/** Gzipped-JavaScript budgets of issue 9, in bytes. */
const BUDGETS: Record<string, number> = { login: 150 * KB, 'list detail': 250 * KB };

interface PageSpec {
  name: string;
  path: (household: Household) => string;
  signedIn: boolean;
}

const PAGES: readonly PageSpec[] = [
  { name: 'login', path: () => '/auth/login', signedIn: false },
  { name: 'sign-up', path: () => '/auth/signup', signedIn: false },
  { name: 'lists', path: () => '/lists', signedIn: true },
  { name: 'list detail', path: (h) => `/lists/${h.listIds.items100}`, signedIn: true },
  { name: 'supermarket mode', path: (h) => `/lists/${h.listIds.items100}/shop`, signedIn: true },
  { name: 'groups', path: () => '/groups', signedIn: true },
  { name: 'group detail', path: (h) => `/groups/${h.groupId}`, signedIn: true },
  { name: 'account', path: () => '/account', signedIn: true },
  { name: 'not found', path: () => '/no-such-page', signedIn: true },
];

interface FileRecord {
  url: string;
  type: string;
  rawBytes: number;
  gzipBytes: number;
  /** Body bytes as they came over the wire (after the server's own compression, if any). */
  wireBytes: number;
  encoding: string | null;
}

interface PageResult {
  page: string;
  path: string;
  js: { files: number; rawBytes: number; gzipBytes: number };
  css: { gzipBytes: number };
  /** Every response body of the page as it came over the wire (document, scripts, styles, API). */
  wireBytes: number;
  budgetBytes: number | null;
  files: FileRecord[];
}

async function record(response: Response): Promise<FileRecord | null> {
  const type = response.request().resourceType();
  if (response.status() >= 300) return null;
  let body: Buffer;
  try {
    body = await response.body();
  } catch {
    return null; // a WebSocket upgrade or a body the browser no longer has
  }
  const sizes = await response.request().sizes();
  return {
    url: new URL(response.url()).pathname,
    type,
    rawBytes: body.length,
    gzipBytes: zlib.gzipSync(body, { level: 6 }).length,
    wireBytes: sizes.responseBodySize,
    encoding: (await response.allHeaders())['content-encoding'] ?? null,
  };
}

async function measurePage(
  browser: Browser,
  base: string,
  spec: PageSpec,
  household: Household,
): Promise<PageResult> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    locale: 'en-US',
  });
  if (spec.signedIn) {
    const { accessToken, refreshToken } = household.owner;
    await context.addInitScript(
      ([access, refresh]) => {
        window.localStorage.setItem('token', access!);
        window.localStorage.setItem('refreshToken', refresh!);
      },
      [accessToken, refreshToken],
    );
  }
  const page = await context.newPage();
  const pending: Promise<FileRecord | null>[] = [];
  page.on('response', (response) => pending.push(record(response)));
  const url = spec.path(household);
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await page.locator('h1, h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((file): file is FileRecord => file !== null);
  await context.close();
  const scripts = files.filter((file) => file.type === 'script');
  const sum = (list: FileRecord[], key: 'rawBytes' | 'gzipBytes' | 'wireBytes') =>
    list.reduce((total, file) => total + file[key], 0);
  return {
    page: spec.name,
    path: url,
    js: {
      files: scripts.length,
      rawBytes: sum(scripts, 'rawBytes'),
      gzipBytes: sum(scripts, 'gzipBytes'),
    },
    css: {
      gzipBytes: sum(
        files.filter((file) => file.type === 'stylesheet'),
        'gzipBytes',
      ),
    },
    wireBytes: sum(files, 'wireBytes'),
    budgetBytes: BUDGETS[spec.name] ?? null,
    files,
  };
}

const kB = (bytes: number) => (bytes / KB).toFixed(1);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-pages-'));
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      JOIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  const results: PageResult[] = [];
  try {
    const household = await createHousehold(server.base);
    for (const spec of PAGES) {
      console.log(`opening ${spec.name}…`);
      results.push(await measurePage(browser, server.base, spec, household));
    }
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    '\n| page | JS files | JS raw kB | JS gzip kB | budget | CSS gzip kB | on the wire kB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    const budget = result.budgetBytes
      ? `${kB(result.budgetBytes)} ${result.js.gzipBytes <= result.budgetBytes ? 'ok' : 'OVER'}`
      : '';
    console.log(
      `| ${result.page} | ${result.js.files} | ${kB(result.js.rawBytes)} | ${kB(result.js.gzipBytes)} | ${budget} | ${kB(result.css.gzipBytes)} | ${kB(result.wireBytes)} |`,
    );
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), pages: results }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  if (results.some((result) => result.budgetBytes && result.js.gzipBytes > result.budgetBytes)) {
    process.exitCode = 1;
  }
}

await main();
