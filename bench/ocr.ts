/**
 * Photo import (OCR): how well and how fast the server reads receipt and shopping-list photos, what
 * it costs in memory, and whether the rest of the API stays responsive meanwhile.
 *
 * The photos are, with `--set hard` (the default), the hard set of
 * apps/server/test/support/photo-set: 60 photos, the same 20 papers (two receipts, a typed and a
 * handwritten list per language) photographed three ways, careful, ordinary and poor, every
 * figure reported per group and language; with `--set sample`, the sample documents of
 * apps/server/test/support/sample-photos.ts (two receipts and a shopping list per language),
 * drawn as a phone photographs them (PHOTO_LIKE), as one group. `--limit N` reads N photos spread
 * over the set, for a quick run. On the real server (embedded database, a fresh temporary
 * DATA_DIR; the database is not the point here):
 *
 * 1. memory at rest before any photo; latency of GET /health and GET /users/me under light load;
 * 2. accuracy: each photo through POST /ocr/extract-items with its language, polled until done, its
 *    items against the expected ones (name exact, case and spacing aside; name within 2 edits;
 *    price exact; items found that are none), and the time each took, the first photo (a cold
 *    worker) apart from photos after a language change (a new worker) and warm ones;
 * 3. speed: the receipts again, `--rounds` times per language (each language's first is a change);
 * 4. the same latencies while photos are read one after another; memory with the photo process
 *    (the server's and its photo process's RSS added up), and after `--rest` seconds without photos.
 *
 * Then, with the server stopped, recognition alone: each receipt's prepared picture (the grey map
 * the worker is handed, greyMapOf) read in this process by the server's RecognitionLane, and by the
 * `tesseract` program on the same picture, read the same way (one block of lines, the threshold
 * the worker chooses; skipped with a note when it is not installed), with the same models and
 * with the system's own; median of `--repeat` runs each.
 *
 *   npm run bench:ocr -- [--set hard|sample] [--limit N] [--rounds N] [--repeat N]
 *                        [--duration 10] [--rest 60] [--json FILE]
 *
 * With the hard set, `--rounds` defaults to 0 (its 60 photos give the warm timings) and `--repeat`
 * to 1, and recognition alone reads one receipt per language and group.
 *
 * Prints tables, writes bench/results/ocr-latest.json (or the `--json` file), and removes what it
 * created.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { editDistance } from '@household/domain';
import {
  greyMapOf,
  preparePhoto,
  type PreparedPhoto,
} from '../apps/server/src/modules/ocr/prepare-image';
import {
  RECOGNITION_DPI,
  readingSettings,
  RecognitionLane,
} from '../apps/server/src/modules/ocr/recognizer';
import { HARD_DOCUMENTS, renderHardPhoto } from '../apps/server/test/support/photo-set';
import {
  PHOTO_LIKE,
  renderDocumentPhoto,
  SAMPLE_DOCUMENTS,
  type PhotoOptions,
  type SampleDocument,
  type SampleItem,
} from '../apps/server/test/support/sample-photos';
import { parseBenchCli, wholeNumber } from './lib/cli';
import { cpuSnapshot, cpuUsed, round, type CpuSnapshot } from './lib/cpu';
import { checkInterrupted, measure, type Measured } from './lib/load';
import { call, signUp, type Account } from './lib/seed';
import {
  API,
  processTree,
  REPO_ROOT,
  sleep,
  startServer,
  stopServer,
  treeRssMiB,
  type Server,
} from './lib/server';
import { percentile } from './lib/stats';
import { statusCell, table } from './lib/table';

type OcrLanguage = SampleDocument['language'];

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'ocr-latest.json');
const PHOTO_SETS = ['hard', 'sample'] as const;
const IDLE_SECONDS = 5;
const POLL_MS = 50;
const PHOTO_TIMEOUT_MS = 120_000;
/** Light load: a few people using the app while one of them imports a photo. */
const LATENCY_LOAD = { connections: 2, overallRate: 40 };
/** The language of the photos read while the API latency is measured: one household, one shop. */
const BUSY_LANGUAGE: OcrLanguage = 'deu';
/** A warm photo from upload to done (issue "Receipts you can trust"). */
const TARGET_SECONDS_PER_PHOTO = 1.2;
const TARGET_APP_OVER_CLI = 1.2;
/** The comparison the target is about: the same models, and one thread as the app's worker. */
const FAIR_CLI = 'same models, 1 thread';
const MEMORY_LABELS = {
  atRestBeforePhotos: 'at rest, before any photo',
  withWorkerAfterPhotos: 'after the photos, photo process kept',
  peakWhileReadingAlone: 'peak while photos were read, no other requests',
  peakWhileReading: 'peak while photos were read, with API load too',
  afterLatencyRuns: 'after photos read under API load',
  atRestAfterPhotos: 'at rest again, --rest seconds after the last photo',
} as const;

function parseCli() {
  const values = parseBenchCli(
    {
      set: { type: 'string', default: 'hard' },
      limit: { type: 'string' },
      rounds: { type: 'string' },
      repeat: { type: 'string' },
      duration: { type: 'string', default: '10' },
      rest: { type: 'string', default: '60' },
      json: { type: 'string', default: RESULTS_FILE },
    },
    'npm run bench:ocr -- [--set hard|sample] [--limit N] [--rounds N] [--repeat N] ' +
      '[--duration N] [--rest N] [--json FILE]',
  );
  if (values.engine !== undefined && values.engine !== 'pglite') {
    throw new Error('bench:ocr runs on the embedded database only (--engine pglite)');
  }
  const set = values.set as (typeof PHOTO_SETS)[number];
  if (!PHOTO_SETS.includes(set)) throw new Error(`--set must be one of ${PHOTO_SETS.join(', ')}`);
  const hard = set === 'hard';
  return {
    set,
    limit:
      values.limit === undefined ? null : wholeNumber('--limit', values.limit, 'photos', 1, 1000),
    rounds: wholeNumber('--rounds', values.rounds ?? (hard ? '0' : '2'), 'rounds', 0, 20),
    repeat: wholeNumber('--repeat', values.repeat ?? (hard ? '1' : '3'), 'runs', 1, 20),
    duration: wholeNumber('--duration', values.duration, 'seconds', 1, 600),
    rest: wholeNumber('--rest', values.rest, 'seconds', 0, 600),
    json: path.resolve(values.json!),
  };
}

// ---------------------------------------------------------------------------------------------
// The wire, as far as this script reads it

interface JobAnswer {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  failure: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

interface ResultAnswer {
  items: {
    name: string;
    quantity: number;
    price_cents: number | null;
    line: string;
    /** Offered unticked in the review (a line read with low confidence). */
    suggestion: boolean;
  }[];
  lines: { text: string; confidence: number }[];
  total_cents: number | null;
}

interface Photo {
  doc: SampleDocument;
  /** How it was photographed: careful, ordinary or poor in the hard set; "sample" otherwise. */
  group: string;
  jpeg: Buffer;
  prepared: PreparedPhoto;
  prepareSeconds: number;
}

/** Why a photo took what it took: the first of the server, a new language's worker, or neither. */
type Worker = 'cold' | 'language change' | 'warm';

interface Reading {
  id: string;
  group: string;
  language: OcrLanguage;
  kind: SampleDocument['kind'];
  worker: Worker;
  /** Upload to the job seen done, as the app's client sees it (polling every POLL_MS). */
  endToEndSeconds: number;
  /** The upload's answer: the photo read, prepared and stored, the job queued. */
  uploadSeconds: number;
  /** The job's started_at to finished_at: recognition, then lines to items. */
  inWorkerSeconds: number | null;
  result: ResultAnswer;
}

async function uploadAndRead(
  server: Server,
  account: Account,
  listId: number,
  photo: Photo,
): Promise<Omit<Reading, 'worker'>> {
  const form = new FormData();
  form.append('language', photo.doc.language);
  form.append('list_id', String(listId));
  form.append(
    'file',
    new Blob([new Uint8Array(photo.jpeg)], { type: 'image/jpeg' }),
    `${photo.doc.id}.jpg`,
  );
  const started = performance.now();
  const response = await fetch(`${server.base}${API}/ocr/extract-items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.accessToken}` },
    body: form,
    signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS),
  });
  if (response.status !== 202) {
    throw new Error(`POST /ocr/extract-items: ${response.status}: ${await response.text()}`);
  }
  const uploaded = performance.now();
  let job = (await response.json()) as JobAnswer;
  while (job.state === 'queued' || job.state === 'running') {
    if (performance.now() - started > PHOTO_TIMEOUT_MS) {
      throw new Error(`${photo.doc.id}: not read within ${PHOTO_TIMEOUT_MS / 1000} s`);
    }
    await sleep(POLL_MS);
    job = await call<JobAnswer>(server.base, account.accessToken, 'GET', `/ocr/status/${job.id}`);
  }
  const done = performance.now();
  if (job.state !== 'done') throw new Error(`${photo.doc.id}: ${job.state} (${job.failure})`);
  const result = await call<ResultAnswer>(
    server.base,
    account.accessToken,
    'GET',
    `/ocr/result/${job.id}`,
  );
  return {
    id: photo.doc.id,
    group: photo.group,
    language: photo.doc.language,
    kind: photo.doc.kind,
    endToEndSeconds: round((done - started) / 1000, 3),
    uploadSeconds: round((uploaded - started) / 1000, 3),
    inWorkerSeconds:
      job.started_at && job.finished_at
        ? round((Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000, 3)
        : null,
    result,
  };
}

/** Reads photos one after another, noting which needed a new worker. */
function photoReader(server: Server, account: Account, listId: number) {
  let language: OcrLanguage | null = null;
  return async (photo: Photo): Promise<Reading> => {
    const worker: Worker =
      language === null ? 'cold' : language === photo.doc.language ? 'warm' : 'language change';
    language = photo.doc.language;
    return { ...(await uploadAndRead(server, account, listId, photo)), worker };
  };
}

// ---------------------------------------------------------------------------------------------
// Accuracy

const normalise = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

interface Score {
  expected: number;
  /** The name exactly, case and spacing aside. */
  exact: number;
  /** Not exact, but within 2 edits. */
  near: number;
  /** Of the matched items (exact or near) that have a price: the price to the cent. */
  pricedMatched: number;
  priceExact: number;
  /** Items found that match no expected item: totals, addresses, misread lines. */
  falseItems: number;
  /** Of the false items, those offered unticked as suggestions: the review adds none of them. */
  falseOffered: number;
  /** Of the matched items, those offered unticked as suggestions: one tap each to add. */
  foundOffered: number;
  totalsExpected: number;
  totalsExact: number;
}

const emptyScore = (): Score => ({
  expected: 0,
  exact: 0,
  near: 0,
  pricedMatched: 0,
  priceExact: 0,
  falseItems: 0,
  falseOffered: 0,
  foundOffered: 0,
  totalsExpected: 0,
  totalsExact: 0,
});

/** Pairs expected and found items: exact names first, then the nearest within 2 edits. */
function scoreReading(doc: SampleDocument, result: ResultAnswer) {
  const unmatched = new Set(result.items.keys());
  const pairs: { expected: SampleItem; found: ResultAnswer['items'][number] | null }[] = [];
  const score = emptyScore();
  score.expected = doc.items.length;
  const rest: SampleItem[] = [];
  for (const expected of doc.items) {
    const index = [...unmatched].find(
      (i) => normalise(result.items[i]!.name) === normalise(expected.name),
    );
    if (index === undefined) {
      rest.push(expected);
      continue;
    }
    unmatched.delete(index);
    score.exact += 1;
    pairs.push({ expected, found: result.items[index]! });
  }
  for (const expected of rest) {
    let best: { index: number; distance: number } | null = null;
    for (const index of unmatched) {
      const distance = editDistance(normalise(result.items[index]!.name), normalise(expected.name));
      if (distance <= 2 && (!best || distance < best.distance)) best = { index, distance };
    }
    if (!best) {
      pairs.push({ expected, found: null });
      continue;
    }
    unmatched.delete(best.index);
    score.near += 1;
    pairs.push({ expected, found: result.items[best.index]! });
  }
  for (const { expected, found } of pairs) {
    if (!found || expected.priceCents === null) continue;
    score.pricedMatched += 1;
    if (found.price_cents === expected.priceCents) score.priceExact += 1;
  }
  score.falseItems = unmatched.size;
  score.falseOffered = [...unmatched].filter((i) => result.items[i]!.suggestion).length;
  score.foundOffered = pairs.filter((pair) => pair.found?.suggestion).length;
  if (doc.totalCents !== null) {
    score.totalsExpected = 1;
    score.totalsExact = result.total_cents === doc.totalCents ? 1 : 0;
  }
  const missed = pairs.filter((pair) => !pair.found).map((pair) => pair.expected.name);
  const falseLines = [...unmatched].map(
    (i) => `${result.items[i]!.line}${result.items[i]!.suggestion ? ' (offered)' : ''}`,
  );
  return { score, missed, falseLines };
}

/** Shares of 1, rounded to the percent; null where nothing was there to count. */
interface Rates {
  /** Expected items found (name exact or within 2 edits). */
  recall: number | null;
  /** Items found that were expected. */
  precision: number | null;
  /** Expected items found and ticked (not offered as suggestions). */
  tickedRecall: number | null;
  /**
   * Of the items the review ticks (suggestions aside), those expected: what the list gets when
   * the review is accepted as it comes.
   */
  tickedPrecision: number | null;
  /** Matched items with a price whose price was read to the cent. */
  pricesRight: number | null;
  /** Printed totals read to the cent. */
  totalsRight: number | null;
}

function ratesOf(score: Score): Rates {
  const share = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 2));
  const matched = score.exact + score.near;
  return {
    recall: share(matched, score.expected),
    precision: share(matched, matched + score.falseItems),
    tickedRecall: share(matched - score.foundOffered, score.expected),
    tickedPrecision: share(
      matched - score.foundOffered,
      matched - score.foundOffered + score.falseItems - score.falseOffered,
    ),
    pricesRight: share(score.priceExact, score.pricedMatched),
    totalsRight: share(score.totalsExact, score.totalsExpected),
  };
}

function addScores(scores: Score[]): Score {
  const sum = emptyScore();
  for (const score of scores) {
    for (const key of Object.keys(sum) as (keyof Score)[]) sum[key] += score[key];
  }
  return sum;
}

// ---------------------------------------------------------------------------------------------
// Recognition alone: in this process, and the tesseract program

const median = (values: number[]) =>
  values.length === 0
    ? null
    : percentile(
        [...values].sort((a, b) => a - b),
        50,
      );

async function timeLane(photos: Photo[], repeat: number): Promise<Map<string, number>> {
  // Idle for an hour before its worker ends: the runs follow one another anyway.
  const lane = new RecognitionLane(3_600_000);
  const seconds = new Map<string, number>();
  try {
    let language: OcrLanguage | null = null;
    for (const photo of photos) {
      checkInterrupted();
      // A worker for the language first: its start is the cold figure, measured on the server.
      if (language !== photo.doc.language) {
        await lane.recognize(photo.prepared, photo.doc.language, () => undefined);
        language = photo.doc.language;
      }
      const runs: number[] = [];
      for (let i = 0; i < repeat; i++) {
        const started = performance.now();
        await lane.recognize(photo.prepared, photo.doc.language, () => undefined);
        runs.push((performance.now() - started) / 1000);
      }
      seconds.set(photo.doc.id, round(median(runs)!, 3));
    }
  } finally {
    await lane.stop();
  }
  return seconds;
}

interface CliVariant {
  name: string;
  /** --tessdata-dir, or the program's own models. */
  tessdata: string | null;
  threads: 'one' | 'all';
}

const hasTesseract = () => !spawnSync('tesseract', ['--version']).error;

/** The languages the program has models of (Debian installs English only by default). */
function systemLanguages(): Set<string> {
  const listed = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return new Set(
    listed.stdout
      .split('\n')
      .slice(1)
      .map((line) => line.trim()),
  );
}

/** The npm models the server reads (`best_int`), unpacked where the program can read them. */
function unpackServerModels(into: string, languages: OcrLanguage[]): string {
  const fromServer = createRequire(path.join(REPO_ROOT, 'apps', 'server', 'package.json'));
  for (const language of languages) {
    const manifest = fromServer.resolve(`@tesseract.js-data/${language}/package.json`);
    const packed = path.join(
      path.dirname(manifest),
      '4.0.0_best_int',
      `${language}.traineddata.gz`,
    );
    fs.writeFileSync(
      path.join(into, `${language}.traineddata`),
      zlib.gunzipSync(fs.readFileSync(packed)),
    );
  }
  return into;
}

function timeCli(
  photos: Photo[],
  pictures: Map<string, string>,
  variant: CliVariant,
  repeat: number,
): Map<string, number> {
  const seconds = new Map<string, number>();
  const env = { ...process.env, ...(variant.threads === 'one' ? { OMP_THREAD_LIMIT: '1' } : {}) };
  const installed = variant.tessdata ? null : systemLanguages();
  for (const photo of photos) {
    checkInterrupted();
    if (installed && !installed.has(photo.doc.language)) continue;
    // Read as the app's worker first reads it (one block of lines, its resolution, the threshold
    // chosen by the picture's grain). With its own default layout the program gave up on poor
    // receipts in a third of a second, having read nothing, which compares nothing.
    const settings = readingSettings(photo.prepared);
    const args = [
      pictures.get(photo.doc.id)!,
      'stdout',
      '-l',
      photo.doc.language,
      '--oem',
      '1',
      '--psm',
      settings.tessedit_pageseg_mode,
      '--dpi',
      RECOGNITION_DPI,
      '-c',
      `thresholding_method=${settings.thresholding_method}`,
    ];
    if (variant.tessdata) args.push('--tessdata-dir', variant.tessdata);
    const runs: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      const run = spawnSync('tesseract', args, { env, encoding: 'utf8' });
      runs.push((performance.now() - started) / 1000);
      if (run.status !== 0) throw new Error(`tesseract ${args.join(' ')}: ${run.stderr}`);
    }
    seconds.set(photo.doc.id, round(median(runs)!, 3));
  }
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// API latency and memory while photos are read

interface Latency {
  path: string;
  photosMeanwhile: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  statusCodes: Record<string, number>;
  /** Connection errors and timeouts (autocannon gives up on a request after 10 s). */
  errors: number;
  timeouts: number;
  otherCores: number | null;
}

function latencyOf(path: string, measured: Measured, photosMeanwhile: number): Latency {
  return {
    path,
    photosMeanwhile,
    p50: measured.latencyMs.p50,
    p99: measured.latencyMs.p99,
    max: measured.latencyMs.max,
    requests: measured.requests.total,
    statusCodes: measured.statusCodes,
    errors: measured.errors,
    timeouts: measured.timeouts,
    otherCores: measured.cpu.otherCores,
  };
}

async function measureLatency(
  server: Server,
  account: Account,
  duration: number,
  busy: (() => () => Promise<number>) | null,
): Promise<Latency[]> {
  const latencies: Latency[] = [];
  for (const path of ['/health', '/users/me']) {
    checkInterrupted();
    const options = {
      url: `${server.base}${API}${path}`,
      headers: { authorization: `Bearer ${account.accessToken}` },
      ...LATENCY_LOAD,
    };
    let stop: (() => Promise<number>) | null = null;
    if (busy) {
      stop = busy();
      // The first photo is being read before the load starts.
      await sleep(1000);
    }
    // Taken with the photo process there: the first photo is being read.
    const serverPids = processTree(server.child.pid!);
    const measured = await measure(options, { warmup: 0, duration }, serverPids, null);
    const photos = stop ? await stop() : 0;
    latencies.push(latencyOf(path, measured, photos));
  }
  return latencies;
}

/** The receipts in BUSY_LANGUAGE; a short run may have none, and then any receipt or photo. */
function busyPhotos(photos: Photo[]): Photo[] {
  const receipts = photos.filter((photo) => photo.doc.kind === 'receipt');
  const busy = receipts.filter((photo) => photo.doc.language === BUSY_LANGUAGE);
  if (busy.length > 0) return busy;
  return receipts.length > 0 ? receipts : photos;
}

/** Reads photos one after another until stopped; stopping waits for the current one. */
function keepReading(read: (photo: Photo) => Promise<Reading>, photos: Photo[]) {
  return () => {
    let stopped = false;
    let count = 0;
    const loop = (async () => {
      for (let i = 0; !stopped; i++) {
        await read(photos[i % photos.length]!);
        count += 1;
      }
    })();
    // A failure is reported when stopping, not as an unhandled rejection before.
    loop.catch(() => undefined);
    return async () => {
      stopped = true;
      await loop;
      return count;
    };
  };
}

/** The RSS of the server and its photo process sampled every 250 ms: its peak over a phase. */
function rssPeak(pid: number) {
  let peak = treeRssMiB(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMiB(pid) ?? 0)), 250);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** CPU the rest of the machine used over a few seconds in which this script does nothing. */
async function backgroundCores(seconds = 3): Promise<number | null> {
  const before = cpuSnapshot([], null);
  await sleep(seconds * 1000);
  return cpuUsed(before, cpuSnapshot([], null), 0).otherCores;
}

const otherCoresSince = (pid: number, before: CpuSnapshot) =>
  cpuUsed(before, cpuSnapshot(processTree(pid), null), 0).otherCores;

// ---------------------------------------------------------------------------------------------

interface Summary {
  count: number;
  median: number | null;
  p90: number | null;
  max: number | null;
}

function summarise(values: (number | null)[]): Summary {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return {
    count: known.length,
    median: known.length ? round(median(known)!, 2) : null,
    p90: known.length ? round(percentile(known, 90), 2) : null,
    max: known.length ? round(Math.max(...known), 2) : null,
  };
}

interface OcrReport {
  date: string;
  cpus: number;
  loadAverage: number[];
  /** Busy cores outside this script over a few idle seconds before it started. */
  backgroundCoresAtStart: number | null;
  /** How the sample set is drawn; the hard set's groups are described in its camera.ts. */
  photo: PhotoOptions | null;
  options: ReturnType<typeof parseCli>;
  photoBytes: Summary;
  /** What the server stores and the worker reads: preparePhoto's picture. */
  preparedBytes: Summary;
  /** preparePhoto alone, in this process, before the server starts. */
  prepareSeconds: Summary;
  accuracy: (Score & Rates & { group: string; language: string })[];
  documents: (Score & {
    id: string;
    group: string;
    missed: string[];
    falseLines: string[];
    totalCents: number | null;
    expectedTotalCents: number | null;
  })[];
  readings: Omit<Reading, 'result'>[];
  speed: {
    coldFirstPhoto: Omit<Reading, 'result'>;
    languageChange: Summary;
    warmReceipts: { endToEnd: Summary; upload: Summary; inWorker: Summary };
    warmLists: Summary;
    /** Every warm photo of a group, receipts and lists. */
    warmByGroup: Record<string, Summary>;
    otherCores: { accuracyPass: number | null; speedPass: number | null };
  };
  recognitionAlone: {
    perReceipt: Record<string, string | number | null>[];
    appMedian: number | null;
    cli: Record<string, { median: number | null; appOverCli: number | null }>;
    note: string | null;
    backgroundCores: number | null;
  };
  memoryMiB: {
    atRestBeforePhotos: number | null;
    withWorkerAfterPhotos: number | null;
    peakWhileReadingAlone: number;
    peakWhileReading: number;
    afterLatencyRuns: number | null;
    atRestAfterPhotos: number | null;
  };
  latency: { withoutPhotos: Latency[]; whilePhotosAreRead: Latency[] };
  serverLogLines: number;
}

/** `count` entries spread evenly over `all`, so that a short run still sees every group. */
function spread<T>(all: readonly T[], count: number | null): T[] {
  if (count === null || count >= all.length) return [...all];
  return Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]!);
}

async function drawPhotos(options: ReturnType<typeof parseCli>): Promise<Photo[]> {
  const chosen =
    options.set === 'hard'
      ? spread(HARD_DOCUMENTS, options.limit).map((doc) => ({
          doc,
          group: doc.group,
          draw: () => renderHardPhoto(doc),
        }))
      : spread(SAMPLE_DOCUMENTS, options.limit).map((doc) => ({
          doc,
          group: 'sample',
          draw: () => renderDocumentPhoto(doc, PHOTO_LIKE),
        }));
  // Read language by language, as a household does: one new worker per language, the rest warm.
  const languages = [...new Set(chosen.map(({ doc }) => doc.language))];
  chosen.sort((a, b) => languages.indexOf(a.doc.language) - languages.indexOf(b.doc.language));
  const photos: Photo[] = [];
  for (const { doc, group, draw } of chosen) {
    const jpeg = await draw();
    const started = performance.now();
    const prepared = await preparePhoto(jpeg);
    const prepareSeconds = round((performance.now() - started) / 1000, 3);
    photos.push({ doc, group, jpeg, prepared, prepareSeconds });
  }
  return photos;
}

/** Everything measured on the running server; it is stopped before this returns. */
async function measureServer(photos: Photo[], options: ReturnType<typeof parseCli>, temp: string) {
  const receipts = photos.filter((photo) => photo.doc.kind === 'receipt');
  const server = await startServer({
    env: {
      DATA_DIR: path.join(temp, 'data'),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
    },
  });
  try {
    const pid = server.child.pid!;
    const account = await signUp(server.base, 'Photo Importer');
    const list = await call<{ id: number }>(server.base, account.accessToken, 'POST', '/lists', {
      name: 'Weekly shop',
    });
    await sleep(IDLE_SECONDS * 1000);
    const atRestBeforePhotos = treeRssMiB(pid);
    console.log('API latency without photos…');
    const withoutPhotos = await measureLatency(server, account, options.duration, null);

    console.log('reading each photo…');
    const read = photoReader(server, account, list.id);
    const peak = rssPeak(pid);
    const readingPeak = rssPeak(pid);
    let cpuBefore = cpuSnapshot(processTree(pid), null);
    const readings: Reading[] = [];
    for (const photo of photos) {
      checkInterrupted();
      const reading = await read(photo);
      readings.push(reading);
      console.log(
        `  ${reading.id}: ${reading.endToEndSeconds} s (${reading.worker}), ` +
          `${reading.result.items.length} items`,
      );
    }
    const accuracyPass = otherCoresSince(pid, cpuBefore);

    console.log(`reading the receipts ${options.rounds} more times…`);
    cpuBefore = cpuSnapshot(processTree(pid), null);
    const speedReadings: Reading[] = [];
    for (const language of new Set(receipts.map((photo) => photo.doc.language))) {
      for (let i = 0; i < options.rounds; i++) {
        for (const photo of receipts.filter((p) => p.doc.language === language)) {
          checkInterrupted();
          speedReadings.push(await read(photo));
        }
      }
    }
    const speedPass = otherCoresSince(pid, cpuBefore);
    const peakWhileReadingAlone = readingPeak();
    const withWorkerAfterPhotos = treeRssMiB(pid);

    console.log('API latency while photos are read…');
    const whilePhotosAreRead = await measureLatency(
      server,
      account,
      options.duration,
      keepReading(read, busyPhotos(photos)),
    );
    const peakWhileReading = peak();
    const afterLatencyRuns = treeRssMiB(pid);
    console.log(`resting ${options.rest} s…`);
    await sleep(options.rest * 1000);
    return {
      readings,
      speedReadings,
      otherCores: { accuracyPass, speedPass },
      memoryMiB: {
        atRestBeforePhotos,
        withWorkerAfterPhotos,
        peakWhileReadingAlone,
        peakWhileReading,
        afterLatencyRuns,
        atRestAfterPhotos: treeRssMiB(pid),
      },
      latency: { withoutPhotos, whilePhotosAreRead },
      serverLogLines: server.logLines(),
    };
  } finally {
    await stopServer(server);
    if (server.logLines() > 0) console.warn(`the server logged:\n${server.logTail()}`);
  }
}

/** Each receipt's prepared picture read in this process and by the tesseract program. */
async function measureRecognitionAlone(
  receipts: Photo[],
  repeat: number,
  temp: string,
): Promise<OcrReport['recognitionAlone']> {
  const backgroundCoresBefore = await backgroundCores();
  console.log('recognition alone: in this process…');
  const lane = await timeLane(receipts, repeat);
  const cli: Record<string, Map<string, number>> = {};
  let note: string | null = null;
  if (hasTesseract()) {
    const pictures = new Map<string, string>();
    for (const photo of receipts) {
      // The very picture the app's worker is handed (RecognitionLane: the grey map).
      const file = path.join(temp, `${photo.doc.id}.pgm`);
      fs.writeFileSync(file, await greyMapOf(photo.prepared));
      pictures.set(photo.doc.id, file);
    }
    const models = path.join(temp, 'tessdata');
    fs.mkdirSync(models);
    unpackServerModels(models, [...new Set(receipts.map((photo) => photo.doc.language))]);
    // The app's worker is one thread; the program may use every core (OpenMP).
    const variants: CliVariant[] = [
      { name: FAIR_CLI, tessdata: models, threads: 'one' },
      { name: 'same models, all cores', tessdata: models, threads: 'all' },
      { name: 'system models, all cores', tessdata: null, threads: 'all' },
    ];
    for (const variant of variants) {
      console.log(`recognition alone: tesseract, ${variant.name}…`);
      cli[variant.name] = timeCli(receipts, pictures, variant, repeat);
    }
  } else {
    note = 'the tesseract program is not installed here: no comparison';
    console.log(note);
  }
  // Over the receipts the program read: without a language's models it reads none of them.
  const sumOf = (seconds: Map<string, number>, over: Map<string, number>) =>
    [...over.keys()].reduce((sum, id) => sum + (seconds.get(id) ?? 0), 0);
  return {
    perReceipt: receipts.map((photo) => ({
      id: photo.doc.id,
      app: lane.get(photo.doc.id) ?? null,
      ...Object.fromEntries(
        Object.entries(cli).map(([name, seconds]) => [name, seconds.get(photo.doc.id) ?? null]),
      ),
    })),
    appMedian: median([...lane.values()]),
    cli: Object.fromEntries(
      Object.entries(cli).map(([name, seconds]) => [
        name,
        {
          median: median([...seconds.values()]),
          appOverCli: seconds.size ? round(sumOf(lane, seconds) / sumOf(seconds, seconds)) : null,
        },
      ]),
    ),
    note,
    backgroundCores: backgroundCoresBefore,
  };
}

/** The receipts read alone: all of a small set; one per language and group of a large one. */
function aloneReceipts(photos: Photo[]): Photo[] {
  const receipts = photos.filter((photo) => photo.doc.kind === 'receipt');
  if (receipts.length <= 10) return receipts;
  const seen = new Set<string>();
  return receipts.filter((photo) => {
    const key = `${photo.group} ${photo.doc.language}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function scoreAll(readings: Reading[], photos: Photo[]) {
  const scored = readings.map((reading) => {
    const doc = photos.find((photo) => photo.doc.id === reading.id)!.doc;
    return { reading, doc, ...scoreReading(doc, reading.result) };
  });
  const sum = (group: string, language: string, keep: (s: (typeof scored)[number]) => boolean) => {
    const score = addScores(scored.filter(keep).map((s) => s.score));
    return { group, language, ...score, ...ratesOf(score) };
  };
  const groups = [...new Set(photos.map((photo) => photo.group))];
  const languages = [...new Set(photos.map((photo) => photo.doc.language))];
  const inGroup = (group: string) => (s: (typeof scored)[number]) => s.reading.group === group;
  return {
    accuracy: [
      ...groups.flatMap((group) => [
        ...languages.map((language) =>
          sum(group, language, (s) => inGroup(group)(s) && s.reading.language === language),
        ),
        sum(group, 'receipts', (s) => inGroup(group)(s) && s.reading.kind === 'receipt'),
        sum(group, 'lists', (s) => inGroup(group)(s) && s.reading.kind === 'list'),
        sum(group, 'all', inGroup(group)),
      ]),
      ...(groups.length > 1 ? [sum('every group', 'all', () => true)] : []),
    ],
    documents: scored.map((s) => ({
      id: s.reading.id,
      group: s.reading.group,
      ...s.score,
      missed: s.missed,
      falseLines: s.falseLines,
      totalCents: s.reading.result.total_cents,
      expectedTotalCents: s.doc.totalCents,
    })),
  };
}

const withoutResult = ({ result: _result, ...timing }: Reading) => timing;

function speedOf(
  readings: Reading[],
  speedReadings: Reading[],
  otherCores: OcrReport['speed']['otherCores'],
): OcrReport['speed'] {
  const receipts = [...readings, ...speedReadings].filter((r) => r.kind === 'receipt');
  const warm = receipts.filter((r) => r.worker === 'warm');
  return {
    coldFirstPhoto: withoutResult(readings[0]!),
    languageChange: summarise(
      receipts.filter((r) => r.worker === 'language change').map((r) => r.endToEndSeconds),
    ),
    warmReceipts: {
      endToEnd: summarise(warm.map((r) => r.endToEndSeconds)),
      upload: summarise(warm.map((r) => r.uploadSeconds)),
      inWorker: summarise(warm.map((r) => r.inWorkerSeconds)),
    },
    warmLists: summarise(
      readings
        .filter((r) => r.kind === 'list' && r.worker === 'warm')
        .map((r) => r.endToEndSeconds),
    ),
    warmByGroup: Object.fromEntries(
      [...new Set(readings.map((r) => r.group))].map((group) => [
        group,
        summarise(
          [...readings, ...speedReadings]
            .filter((r) => r.group === group && r.worker === 'warm')
            .map((r) => r.endToEndSeconds),
        ),
      ]),
    ),
    otherCores,
  };
}

async function run(options: ReturnType<typeof parseCli>): Promise<OcrReport> {
  const started = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((load) => round(load)),
    backgroundCoresAtStart: await backgroundCores(),
  };
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'household-bench-ocr-'));
  try {
    console.log('drawing and preparing the photos…');
    const photos = await drawPhotos(options);
    const onServer = await measureServer(photos, options, temp);
    const recognitionAlone = await measureRecognitionAlone(
      aloneReceipts(photos),
      options.repeat,
      temp,
    );
    return {
      ...started,
      photo: options.set === 'sample' ? PHOTO_LIKE : null,
      // The results file is committed: where it was written, from the repository's root.
      options: { ...options, json: path.relative(REPO_ROOT, options.json) },
      photoBytes: summarise(photos.map((photo) => photo.jpeg.length)),
      preparedBytes: summarise(photos.map((photo) => photo.prepared.bytes.length)),
      prepareSeconds: summarise(photos.map((photo) => photo.prepareSeconds)),
      ...scoreAll(onServer.readings, photos),
      readings: [...onServer.readings, ...onServer.speedReadings].map(withoutResult),
      speed: speedOf(onServer.readings, onServer.speedReadings, onServer.otherCores),
      recognitionAlone,
      memoryMiB: onServer.memoryMiB,
      latency: onServer.latency,
      serverLogLines: onServer.serverLogLines,
    };
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

function printReport(report: OcrReport) {
  const percent = (share: number | null) => (share === null ? '' : `${Math.round(share * 100)} %`);
  console.log(
    report.options.set === 'hard'
      ? '\nAccuracy (the hard photo set, by how the photos were taken)\n'
      : '\nAccuracy (items of the sample photos, drawn PHOTO_LIKE)\n',
  );
  console.log(
    table(
      [
        'group',
        '',
        'expected',
        'name exact',
        'recall (+ within 2 edits)',
        'recall, ticked',
        'precision',
        'precision, ticked',
        'price exact',
        'false items (offered)',
        'total right',
      ],
      report.accuracy
        .filter((s) => s.expected > 0)
        .map((s) => [
          s.group,
          s.language,
          String(s.expected),
          String(s.exact),
          `${s.exact + s.near}${s.recall === null ? '' : ` (${percent(s.recall)})`}`,
          percent(s.tickedRecall),
          percent(s.precision),
          percent(s.tickedPrecision),
          s.pricedMatched ? `${s.priceExact}/${s.pricedMatched} (${percent(s.pricesRight)})` : '',
          `${s.falseItems} (${s.falseOffered})`,
          s.totalsExpected ? `${s.totalsExact}/${s.totalsExpected}` : '',
        ]),
      2,
    ),
  );
  for (const doc of report.documents) {
    if (doc.missed.length === 0 && doc.falseLines.length === 0) continue;
    console.log(
      `  ${doc.id}: missed ${JSON.stringify(doc.missed)}; false ${JSON.stringify(doc.falseLines)}`,
    );
  }

  const { speed } = report;
  const cell = (s: Summary) =>
    s.count ? `${s.median} (p90 ${s.p90}, max ${s.max}, n=${s.count})` : '';
  console.log(
    `\nSeconds per photo, upload to done (target ≤ ${TARGET_SECONDS_PER_PHOTO} s for a warm receipt)\n`,
  );
  console.log(
    table(
      ['', 'seconds'],
      [
        [
          `first photo, cold worker (${speed.coldFirstPhoto.id})`,
          `${speed.coldFirstPhoto.endToEndSeconds} (in worker ${speed.coldFirstPhoto.inWorkerSeconds})`,
        ],
        ['receipt after a language change (new worker)', cell(speed.languageChange)],
        ['receipt, warm worker: end to end', cell(speed.warmReceipts.endToEnd)],
        ['  of which the upload (prepare, store)', cell(speed.warmReceipts.upload)],
        ['    preparePhoto alone, in the bench process', cell(report.prepareSeconds)],
        ['  in the worker (started → finished)', cell(speed.warmReceipts.inWorker)],
        ['shopping list, warm worker', cell(speed.warmLists)],
        ...Object.entries(speed.warmByGroup).map(([group, summary]) => [
          `${group} photos, warm worker`,
          cell(summary),
        ]),
      ],
      1,
    ),
  );
  console.log(
    `  photos ${cell(report.photoBytes)} bytes; prepared pictures ${cell(report.preparedBytes)} bytes`,
  );
  console.log(
    `  others on the machine meanwhile: ${speed.otherCores.accuracyPass} / ` +
      `${speed.otherCores.speedPass} cores (at start, idle: ${report.backgroundCoresAtStart})`,
  );

  const { recognitionAlone: alone } = report;
  console.log('\nRecognition alone, the same prepared picture, median seconds\n');
  const variants = Object.keys(alone.cli);
  console.log(
    table(
      ['receipt', 'app (tesseract.js)', ...variants.map((v) => `tesseract, ${v}`)],
      [
        ...alone.perReceipt.map((row) => [
          String(row.id),
          String(row.app),
          ...variants.map((v) => String(row[v])),
        ]),
        ['median', String(alone.appMedian), ...variants.map((v) => String(alone.cli[v]!.median))],
        [
          'app / tesseract (sums)',
          '',
          ...variants.map((v) => {
            const ratio = alone.cli[v]!.appOverCli;
            return ratio === null ? 'no models' : `${ratio}×`;
          }),
        ],
      ],
      1,
    ),
  );
  if (alone.note) console.log(`  ${alone.note}`);
  console.log(`  others on the machine just before: ${alone.backgroundCores} cores`);

  console.log('\nServer memory (RSS of the server and its photo process added up, MiB)\n');
  console.log(
    table(
      ['', 'MiB'],
      Object.entries(report.memoryMiB).map(([when, mib]) => [
        MEMORY_LABELS[when as keyof OcrReport['memoryMiB']],
        String(mib),
      ]),
      1,
    ),
  );

  console.log(`\nAPI latency under light load (${LATENCY_LOAD.overallRate} req/s, ms)\n`);
  console.log(
    table(
      ['', 'photos read meanwhile', 'p50', 'p99', 'max', 'answers', 'others, cores'],
      [...report.latency.withoutPhotos, ...report.latency.whilePhotosAreRead].map((l) => [
        `GET ${l.path}`,
        String(l.photosMeanwhile),
        String(l.p50),
        String(l.p99),
        String(l.max),
        statusCell(l.statusCodes, l.errors + l.timeouts),
        String(l.otherCores),
      ]),
      1,
    ),
  );
  const warm = speed.warmReceipts.endToEnd.median;
  const fair = alone.cli[FAIR_CLI]?.appOverCli;
  console.log(
    `\ntargets: a warm receipt in ≤ ${TARGET_SECONDS_PER_PHOTO} s: ${warm} s, ` +
      `${warm !== null && warm <= TARGET_SECONDS_PER_PHOTO ? 'met' : 'missed'}; ` +
      `recognition ≤ ${TARGET_APP_OVER_CLI}× tesseract (${FAIR_CLI}): ` +
      (fair === undefined || fair === null
        ? 'not compared'
        : `${fair}×, ${fair <= TARGET_APP_OVER_CLI ? 'met' : 'missed'}`),
  );
}

const options = parseCli();
const report = await run(options);
printReport(report);
fs.mkdirSync(path.dirname(options.json), { recursive: true });
fs.writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
