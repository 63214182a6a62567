/**
 * Issue 25 §2: an installed app reopened, with its service worker warm, at 4× CPU slow-down.
 *
 * - **Reopen**: the list of 100 items is opened once so the worker installs and caches the shell
 *   and the list's read; then, in the same browser profile, the page is opened again from a new
 *   tab (what tapping the installed app's icon does) and two times are taken from navigation
 *   start: until the items' names are on screen (those of the outline, which shows the list as
 *   this device drew it last, or the app's rows, whichever comes first), and until the app's
 *   first item row is. Median and worst of 5 reopenings. Target: within 1 s.
 * - **Tick**: in supermarket mode, where a tap ticks an item (the list page asks first), the time
 *   from the tap to the frame that shows it ticked, and the longest task the main thread ran
 *   meanwhile (a PerformanceObserver of `longtask`). Five ticks. Target: drawn within one frame,
 *   no long task over 50 ms.
 *
 * The network is the loopback one, not a simulated phone network: the shell comes from the
 * worker's cache and the list's read from the server (NetworkFirst), as at home on Wi-Fi.
 *
 *   npm run build && npm run bench:warm-reopen
 *   BENCH_WEB_DIST=/path/to/a/copy/of/dist npm run bench:warm-reopen
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium';
import { createHousehold, type Household } from './lib/seed';
import { startServer, stopServer } from './lib/server';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'warm-reopen-latest.json');
const REOPENINGS = 5;
const TICKS = 5;
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);

interface TickTiming {
  /** Tap to the first frame drawn with the item ticked. */
  drawnMs: number;
  /** The longest task from the tap until that frame and 300 ms after it. */
  longestTaskMs: number;
}

async function slowDown(page: Page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * When, from the document's start, the first element matching `selector` is on screen: checked
 * in every animation frame, so the time is that of the first frame drawn with it.
 */
async function firstPaintOf(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted: string) => (document.querySelector(wanted) ? performance.now() : 0),
    { polling: 'raf', timeout: 30_000 },
    selector,
  );
  return (await handle.jsonValue()) as number;
}

async function signIn(browser: Browser, base: string, household: Household) {
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
}

/** Opens the list until the worker controls it and has cached the shell and the list's read. */
async function warmUp(browser: Browser, url: string) {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload({ waitUntil: 'networkidle0' });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) throw new Error('the service worker does not control the list page');
  await page.close();
}

/**
 * When the outline's texts of the list this device drew last were first painted (first-paint.js
 * marks them for the browser's Element Timing), or null if the outline showed none. A check in an
 * animation frame could not run before the app's modules have run, whatever was painted meanwhile.
 */
async function snapshotPaintedAt(page: Page): Promise<number | null> {
  // A string: tsx would name the inner functions with a helper the page does not have.
  return page.evaluate(`new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const times = list
        .getEntries()
        .filter((entry) => entry.identifier === 'first-paint-list')
        .map((entry) => entry.renderTime);
      observer.disconnect();
      resolve(times.length > 0 ? Math.min(...times) : null);
    });
    observer.observe({ type: 'element', buffered: true });
    setTimeout(() => resolve(null), 1000);
  })`) as Promise<number | null>;
}

async function reopen(browser: Browser, url: string): Promise<{ names: number; rows: number }> {
  const page = await browser.newPage();
  await slowDown(page);
  // The check starts before the navigation, so it sees the new document's first frames.
  const navigation = page.goto(url);
  const rows = await firstPaintOf(page, '[data-testid="item-row"]');
  await navigation;
  const snapshot = await snapshotPaintedAt(page);
  await page.close();
  // Without a snapshot (a build before it), the app's rows are the first names shown.
  const names = snapshot === null ? rows : Math.min(snapshot, rows);
  return { names: Math.round(names), rows: Math.round(rows) };
}

/** Taps the first open row's tick control and times the frame that shows it ticked. */
async function timeTick(page: Page, control: string, rowSelector: string): Promise<TickTiming> {
  return page.evaluate(
    async (controlSelector: string, row: string) => {
      const target = Array.from(document.querySelectorAll<HTMLElement>(controlSelector)).find(
        (element) => element.closest(row)?.getAttribute('data-done') !== 'true',
      );
      if (!target) throw new Error(`no open row with ${controlSelector}`);
      const rowOf = target.closest(row)!;
      const tasks: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      target.click();
      // The row shows the tick, or has left the open items (moved under Done, out of the
      // virtualised window).
      const isTicked = () => !rowOf.isConnected || rowOf.getAttribute('data-done') === 'true';
      const drawn = await new Promise<number>((resolve, reject) => {
        const deadline = start + 10_000;
        const frame = () => {
          if (isTicked()) {
            resolve(performance.now() - start);
            return;
          }
          if (performance.now() > deadline) reject(new Error('the tick was never drawn'));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      observer.disconnect();
      const longest = tasks
        .filter((task) => task.startTime + task.duration >= start)
        .reduce((max, task) => Math.max(max, task.duration), 0);
      return { drawnMs: Math.round(drawn), longestTaskMs: Math.round(longest) };
    },
    control,
    rowSelector,
  );
}

async function ticks(
  browser: Browser,
  url: string,
  control: string,
  row: string,
): Promise<TickTiming[]> {
  const page = await browser.newPage();
  await slowDown(page);
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForSelector(row);
  // The bench runs through tsx, whose output names inner functions with a `__name` helper that
  // the page does not have.
  await page.evaluate('window.__name = (fn) => fn');
  const timings: TickTiming[] = [];
  for (let tick = 0; tick < TICKS; tick++) {
    timings.push(await timeTick(page, control, row));
    // Lets the change reach the server and the page settle before the next tap.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await page.close();
  return timings;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const spreadOf = (runs: number[]) => ({ median: median(runs), worst: Math.max(...runs), runs });

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-warm-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-profile-'));
  // `BENCH_WEB_DIST` serves another build of the web app (a copy of `dist`), to compare two.
  const webDist = process.env.BENCH_WEB_DIST;
  const server = await startServer({
    env: { DATA_DIR: dataDir, ...(webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {}) },
  });
  let browser: Browser | undefined;
  try {
    const household = await createHousehold(server.base);
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
      headless: true,
      userDataDir: profile,
    });
    await signIn(browser, server.base, household);
    const listUrl = `${server.base}/lists/${household.listIds.items100}`;
    await warmUp(browser, listUrl);

    const namesShown: number[] = [];
    const reopenings: number[] = [];
    for (let run = 1; run <= REOPENINGS; run++) {
      const { names, rows } = await reopen(browser, listUrl);
      namesShown.push(names);
      reopenings.push(rows);
      console.log(`reopening ${run}: items' names at ${names} ms, first item row at ${rows} ms`);
    }
    const shopTicks = await ticks(
      browser,
      `${listUrl}/shop`,
      '[data-testid="shop-row"] button',
      '[data-testid="shop-row"]',
    );

    const summary = {
      measuredAt: new Date().toISOString(),
      loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
      cpuSlowdown: CPU_SLOWDOWN,
      namesShownMs: spreadOf(namesShown),
      reopenMs: spreadOf(reopenings),
      shopTicks,
    };
    console.log('\n| what | median ms | worst ms | runs |');
    console.log('|---|--:|--:|---|');
    console.log(
      `| reopen, the items' names on screen | ${summary.namesShownMs.median} | ${summary.namesShownMs.worst} | ${namesShown.join(', ')} |`,
    );
    console.log(
      `| reopen, first item row drawn | ${summary.reopenMs.median} | ${summary.reopenMs.worst} | ${reopenings.join(', ')} |`,
    );
    for (const [what, timings] of [['supermarket tick, drawn', shopTicks]] as const) {
      const drawn = timings.map((timing) => timing.drawnMs);
      const longest = timings.map((timing) => timing.longestTaskMs);
      console.log(
        `| ${what} | ${median(drawn)} | ${Math.max(...drawn)} | ${drawn.join(', ')} (longest tasks ${longest.join(', ')}) |`,
      );
    }
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  } finally {
    await browser?.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
