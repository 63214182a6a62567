import type { OcrLanguage, RealtimeEvent } from '@household/contracts';
import {
  addsUp,
  detectOcrLanguage,
  holdsTogether,
  pricedByOtherReadings,
  readReceiptLines,
  strongerLastReading,
  strongerReceiptReading,
  type ReceiptReading,
  type RecognisedLine,
} from '@household/domain';
import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ocrImages, ocrJobs, type OcrJobRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import type { PreparedPhoto } from './prepare-image';
import { PhotoProcess } from './photo-process';
import type { ReadingLane } from './recognizer';
import { foldSearchText } from './search-text';

/** A process that holds a job touches it this often; one untouched for STALE_MS has died. */
const HEARTBEAT_MS = 20_000;
const STALE_MS = 90_000;
const SWEEP_MS = 60_000;
/** Progress is written and pushed in steps, not for each of tesseract's many reports. */
const PROGRESS_STEP = 5;
/** What one photo takes on a small server, for Retry-After when the queue is full. */
const SECONDS_PER_PHOTO = 3;
/**
 * With `auto`, a photo is read again in the detected language when that language holds at least
 * this share of the language evidence in the first reading.
 */
const CLEAR_LANGUAGE_SCORE = 0.6;

export function ocrJobEvent(
  job: Pick<OcrJobRow, 'id' | 'userId' | 'listId' | 'progress'>,
): RealtimeEvent {
  return {
    entity: 'ocr_job',
    id: job.id,
    action: 'updated',
    list_id: job.listId,
    group_id: null,
    user_id: job.userId,
    version: null,
    actor: null,
    progress: job.progress,
  };
}

interface Running {
  lane: ReadingLane;
  cancelled: boolean;
}

/** A job waiting here with its prepared picture, kept in memory: never read back from the database. */
export interface QueuedPhoto {
  jobId: number;
  picture: PreparedPhoto;
  /** The upload asked for `auto`: the job's language is a first guess, checked after reading. */
  detectLanguage: boolean;
}

/**
 * A grainy photo read as one block of lines (the worker's default) may be read once more, another
 * way (bench/README.md "Grainy photos"):
 * - a list, with its blocks found first: a crumpled or shadowed list's lines are crooked, and read
 *   as one block they break into noise (the hard set's poor lists: 61 % of the items, 81 % read
 *   again). Taken while it still reads as a list.
 * - a receipt whose items do not add up to its total, as one column of lines of any size; the
 *   reading that adds up, else the one with more prices, is taken (strongerReceiptReading). Blocks
 *   found first would part its names from their prices.
 * Where the reading taken still does not hold together (a receipt that does not add up, a list
 * read as noise), it is read a last time as one column with one threshold for the page: a shadow
 * across the paper leaves a band whose grain the windowed threshold reads as ink, and two of the
 * hard set's poor receipts read as nothing but noise until then (bench/README.md "A last reading
 * with one threshold"). Taken as strongerLastReading says. A receipt taken then borrows the prices
 * the other readings gave its lines where those make it add up (pricedByOtherReadings).
 */
async function readGrainyAgain(
  lane: ReadingLane,
  picture: PreparedPhoto,
  language: OcrLanguage,
  lines: RecognisedLine[],
  reading: ReceiptReading,
): Promise<{ lines: RecognisedLine[]; reading: ReceiptReading }> {
  if (reading.kind === 'receipt' && addsUp(reading)) return { lines, reading };
  const readings = [reading];
  const taken = await takeAnotherReading(lane, picture, language, { lines, reading }, readings);
  const others = readings.filter((other) => other !== taken.reading);
  return { lines: taken.lines, reading: pricedByOtherReadings(taken.reading, others) };
}

/** The reading readGrainyAgain takes; each reading made is added to `readings`. */
async function takeAnotherReading(
  lane: ReadingLane,
  picture: PreparedPhoto,
  language: OcrLanguage,
  first: { lines: RecognisedLine[]; reading: ReceiptReading },
  readings: ReceiptReading[],
): Promise<{ lines: RecognisedLine[]; reading: ReceiptReading }> {
  const { reading } = first;
  const layout = reading.kind === 'list' ? 'auto' : 'column';
  const again = await lane.recognize(picture, language, () => undefined, layout);
  const second = readReceiptLines(again, language);
  readings.push(second);
  const takesSecond =
    reading.kind === 'list'
      ? second.kind === 'list'
      : strongerReceiptReading(reading, second) === second;
  const taken = takesSecond ? { lines: again, reading: second } : first;
  if (holdsTogether(taken.reading, taken.lines)) return taken;
  const lastLines = await lane.recognize(picture, language, () => undefined, 'column', 'page');
  const last = readReceiptLines(lastLines, language);
  readings.push(last);
  return strongerLastReading(taken.reading, last) === last
    ? { lines: lastLines, reading: last }
    : taken;
}

/**
 * Reads the photos of this process's jobs, off the request path: a queue of bounded length and a
 * few recognition lanes (threads) started with the first photo. The database holds each job's
 * state; this class holds only what is queued or running here. See docs/ocr.md.
 */
export class OcrRunner {
  private readonly waiting: QueuedPhoto[] = [];
  private readonly running = new Map<number, Running>();
  private readonly idle: ReadingLane[] = [];
  private lanesStarted = 0;
  /** Where photos are prepared and read; ended, with its memory, when idle (photo-process.ts). */
  private readonly photos: PhotoProcess;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly onError: (error: unknown, message: string) => void,
    onPhotoProcessOutput?: (line: string) => void,
  ) {
    this.photos = new PhotoProcess(ctx.config.ocr.workerIdleSeconds * 1000, onPhotoProcessOutput);
  }

  /** The photo as it will be read (preparePhoto), prepared in the photo process. */
  prepare(bytes: Buffer): Promise<PreparedPhoto> {
    return this.photos.prepare(bytes);
  }

  /**
   * Fails what a stopped process left: with the embedded database this process is the only one,
   * so every unfinished job is; with PostgreSQL, only jobs no process has touched for a while.
   * Then sweeps every minute, and deletes photos past their retention.
   */
  async start(): Promise<void> {
    await this.sweep(this.ctx.database.engine === 'pglite' ? 0 : STALE_MS);
    const sweep = setInterval(() => {
      void this.sweep(STALE_MS).catch((error) => this.onError(error, 'sweeping photo jobs failed'));
    }, SWEEP_MS);
    const heartbeat = setInterval(() => {
      void this.touchHeld().catch((error) => this.onError(error, 'touching photo jobs failed'));
    }, HEARTBEAT_MS);
    sweep.unref();
    heartbeat.unref();
    this.timers.push(sweep, heartbeat);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.waiting.length = 0;
    const lanes = [...this.idle, ...[...this.running.values()].map((held) => held.lane)];
    this.running.clear();
    await Promise.all(lanes.map((lane) => lane.stop()));
    await this.photos.close();
  }

  /** 429 with Retry-After when `count` more photos would not fit in the queue. */
  assertRoomFor(count: number): void {
    if (this.waiting.length + count <= this.ctx.config.ocr.queueMax) return;
    const lanes = this.ctx.config.ocr.workers;
    const seconds = Math.max(5, Math.ceil(((this.waiting.length + 1) * SECONDS_PER_PHOTO) / lanes));
    throw new AppError(
      429,
      'rate_limited',
      `Too many photos are waiting to be read; retry in ${seconds} seconds`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }

  enqueue(photos: readonly QueuedPhoto[]): void {
    if (this.closed) return;
    this.waiting.push(...photos);
    this.pump();
  }

  /** Stops the job here if this process holds it; answers whether it did. */
  async stop(jobId: number): Promise<boolean> {
    const queued = this.waiting.findIndex((photo) => photo.jobId === jobId);
    if (queued >= 0) {
      this.waiting.splice(queued, 1);
      return true;
    }
    const held = this.running.get(jobId);
    if (!held) return false;
    held.cancelled = true;
    await held.lane.stop();
    return true;
  }

  private pump(): void {
    while (!this.closed && this.waiting.length > 0) {
      const lane = this.freeLane();
      if (!lane) return;
      const photo = this.waiting.shift()!;
      const held: Running = { lane, cancelled: false };
      this.running.set(photo.jobId, held);
      void this.run(photo, held)
        .catch((error) => this.onError(error, 'reading a photo failed'))
        .finally(() => {
          this.running.delete(photo.jobId);
          if (!this.closed) this.idle.push(lane);
          this.pump();
        });
    }
  }

  private freeLane(): ReadingLane | undefined {
    if (this.idle.length > 0) return this.idle.pop();
    if (this.lanesStarted >= this.ctx.config.ocr.workers) return undefined;
    this.lanesStarted += 1;
    return this.photos.lane();
  }

  private async run({ jobId, picture, detectLanguage }: QueuedPhoto, held: Running): Promise<void> {
    const [job] = await this.ctx.db
      .update(ocrJobs)
      .set({ state: 'running', startedAt: sql`now()`, updatedAt: sql`now()`, progress: 0 })
      .where(and(eq(ocrJobs.id, jobId), eq(ocrJobs.state, 'queued')))
      .returning();
    if (!job) return; // cancelled while it waited
    await this.publish(job);

    let written = 0;
    /** Reads the picture in `language`, its progress mapped onto [from, to) of the job's. */
    const read = (language: OcrLanguage, from: number, to: number) =>
      held.lane.recognize(picture, language, (share) => {
        const percent = Math.min(99, Math.floor(from + share * (to - from)));
        if (percent < written + PROGRESS_STEP) return;
        written = percent;
        void this.writeProgress(job, percent, held).catch((error) =>
          this.onError(error, 'writing photo progress failed'),
        );
      });
    let language = job.language as OcrLanguage;
    let lines: RecognisedLine[];
    let reading: ReceiptReading;
    try {
      // With `auto`, a second reading may follow: the first gets half of the bar.
      lines = await read(language, 0, detectLanguage ? 50 : 100);
      if (detectLanguage && !held.cancelled) {
        const detected = detectOcrLanguage(lines.map((line) => line.text));
        if (detected.language !== language && detected.score >= CLEAR_LANGUAGE_SCORE) {
          language = detected.language;
          lines = await read(language, 50, 100);
        }
      }
      reading = readReceiptLines(lines, language);
      if (picture.grainy && !held.cancelled) {
        ({ lines, reading } = await readGrainyAgain(held.lane, picture, language, lines, reading));
      }
    } catch (error) {
      if (held.cancelled) return; // the cancel wrote its own state
      // A worker that failed may be in any state: the next photo gets a new one.
      await held.lane.stop();
      this.onError(error, 'recognising a photo failed');
      return this.finish(job, { state: 'failed', failure: 'recognition_failed' });
    }
    if (held.cancelled) return;
    await this.finish(job, {
      state: 'done',
      progress: 100,
      language,
      languageDetected: detectLanguage,
      kind: reading.kind,
      lines: lines.map(({ text, confidence, box }) => ({ text, confidence, box: box ?? null })),
      searchText: lines.map((line) => foldSearchText(line.text)).join('\n'),
      totalCents: reading.totalCents,
      discountsCents: reading.discountsAndDepositsCents,
      items: reading.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unit: item.unit,
        price_cents: item.priceCents,
        price_confidence: item.priceConfidence,
        confidence: item.confidence,
        line: item.line,
        line_index: item.lineIndex,
        suggestion: item.suggestion,
        doubtful_words: item.doubtfulWords,
      })),
    });
  }

  private async writeProgress(job: OcrJobRow, percent: number, held: Running): Promise<void> {
    const [row] = await this.ctx.db
      .update(ocrJobs)
      .set({ progress: percent, updatedAt: sql`now()` })
      .where(and(eq(ocrJobs.id, job.id), eq(ocrJobs.state, 'running')))
      .returning();
    // Cancelled through another process: stop reading here too.
    if (!row) {
      held.cancelled = true;
      await held.lane.stop();
      return;
    }
    await this.publish(row);
  }

  private async finish(job: OcrJobRow, values: Partial<OcrJobRow>): Promise<void> {
    const [row] = await this.ctx.db
      .update(ocrJobs)
      .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(ocrJobs.id, job.id), eq(ocrJobs.state, 'running')))
      .returning();
    if (row) await this.publish(row);
  }

  private async publish(job: OcrJobRow): Promise<void> {
    await this.ctx.events.publish(ocrJobEvent(job));
  }

  private async sweep(staleMs: number): Promise<void> {
    const failed = await failAbandonedJobs(this.ctx.db, staleMs, this.heldJobIds());
    for (const job of failed) await this.publish(job);
    await pruneImages(this.ctx.db, this.ctx.config.ocr.retentionDays);
  }

  private heldJobIds(): number[] {
    return [...this.waiting.map((photo) => photo.jobId), ...this.running.keys()];
  }

  private async touchHeld(): Promise<void> {
    const held = this.heldJobIds();
    if (held.length === 0) return;
    await this.ctx.db
      .update(ocrJobs)
      .set({ updatedAt: sql`now()` })
      .where(and(inArray(ocrJobs.id, held), inArray(ocrJobs.state, ['queued', 'running'])));
  }
}

/**
 * Fails the unfinished jobs no process has touched for `staleMs` (0: every one), except those
 * this process holds: their process stopped, and nothing will ever finish them.
 */
export async function failAbandonedJobs(
  db: DbOrTx,
  staleMs: number,
  held: readonly number[] = [],
): Promise<OcrJobRow[]> {
  return db
    .update(ocrJobs)
    .set({
      state: 'failed',
      failure: 'server_restarted',
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(ocrJobs.state, ['queued', 'running']),
        lte(ocrJobs.updatedAt, sql`now() - ${`${staleMs} milliseconds`}::interval`),
        held.length === 0 ? undefined : notInArray(ocrJobs.id, [...held]),
      ),
    )
    .returning();
}

/** Photos past their retention (the reader works from its copy in memory, never from these). */
export async function pruneImages(db: DbOrTx, retentionDays: number): Promise<void> {
  await db
    .delete(ocrImages)
    .where(lte(ocrImages.createdAt, sql`now() - ${`${retentionDays} days`}::interval`));
}
