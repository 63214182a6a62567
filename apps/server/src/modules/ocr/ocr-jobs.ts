import type {
  OcrBatch,
  OcrHistoryPage,
  OcrItem,
  OcrJob,
  OcrLanguage,
  OcrLanguageChoice,
  OcrLine,
  OcrResult,
  ZOcrHistoryQuery,
} from '@household/contracts';
import {
  OCR_FAILURES,
  OCR_JOB_STATES,
  OCR_LANGUAGE_OF_LOCALE,
  LOCALES,
} from '@household/contracts';
import { checkReceiptTotal, confirmedByTotal } from '@household/domain';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { ocrImages, ocrJobs, type OcrJobRow, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/problem';
import { assertEditable, requireVisibleList } from '../lists/lists.policy';
import { ocrJobEvent, type OcrRunner } from './ocr-runner';
import type { PreparedPhoto } from './prepare-image';
import { containsPattern } from './search-text';

type HistoryQuery = z.output<typeof ZOcrHistoryQuery>;

export interface UploadedPhoto {
  fileName: string;
  bytes: Buffer;
}

export interface SubmitBatchOptions {
  photos: readonly UploadedPhoto[];
  /** The text fields sent beside the photos. */
  fields: { language?: OcrLanguageChoice; list_id?: number };
}

export interface SubmitPhotosOptions extends SubmitBatchOptions {
  /** A batch's jobs share a batch id; single photos have none. */
  kind: 'batch' | 'single';
}

const FILE_NAME_MAX = 200;
const jobNotFound = () => notFound('No such photo job');

export function presentJob(row: OcrJobRow): OcrJob {
  return {
    id: row.id,
    state: (OCR_JOB_STATES as readonly string[]).includes(row.state)
      ? (row.state as OcrJob['state'])
      : 'failed',
    progress: row.progress,
    language: row.language as OcrLanguage,
    language_detected: row.languageDetected,
    list_id: row.listId,
    batch_id: row.batchId,
    file_name: row.fileName,
    item_count: row.items?.length ?? null,
    failure:
      row.failure !== null && (OCR_FAILURES as readonly string[]).includes(row.failure)
        ? (row.failure as OcrJob['failure'])
        : null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The language asked for, else the one of the uploader's locale, which is also where `auto`
 * starts: most photos are in the user's own language (docs/ocr.md "Auto language").
 */
function languageFor(actor: UserRow, asked: OcrLanguageChoice | undefined): OcrLanguage {
  if (asked && asked !== 'auto') return asked;
  const locale = (LOCALES as readonly string[]).includes(actor.locale) ? actor.locale : 'en';
  return OCR_LANGUAGE_OF_LOCALE[locale as keyof typeof OCR_LANGUAGE_OF_LOCALE];
}

/** A name to show in the history: the upload's own, without a path, cut to a sane length. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? '';
  // Control and bidirectional-override characters would garble the history's display.
  const shown = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return (shown || 'photo').slice(0, FILE_NAME_MAX);
}

/**
 * Stores the photos as queued jobs of the uploader, prepared for recognition first so that a file
 * that is no readable image answers 400/415 now, not as a failed job later. One transaction: of a
 * batch, either every photo is queued or none. With several photos, all share a batch id.
 */
export async function submitPhotos(
  ctx: AppContext,
  runner: OcrRunner,
  actor: UserRow,
  { photos, fields, kind }: SubmitPhotosOptions,
): Promise<OcrJob[]> {
  runner.assertRoomFor(photos.length);
  const language = languageFor(actor, fields.language);
  if (fields.list_id !== undefined) {
    const visible = await requireVisibleList(ctx.db, fields.list_id, actor.id);
    assertEditable(visible.list);
  }
  const prepared: PreparedPhoto[] = [];
  for (const photo of photos) prepared.push(await runner.prepare(photo.bytes));
  const rows = await ctx.db.transaction(async (tx) => {
    const created: OcrJobRow[] = [];
    for (const [index, photo] of photos.entries()) {
      const [row] = await tx
        .insert(ocrJobs)
        .values({
          userId: actor.id,
          listId: fields.list_id ?? null,
          language,
          fileName: cleanFileName(photo.fileName),
        })
        .returning();
      // Kept for the retention period only when there is one; reading uses the copy in memory.
      if (ctx.config.ocr.retentionDays > 0) {
        await tx
          .insert(ocrImages)
          .values({ jobId: row!.id, contentType: 'image/jpeg', content: prepared[index]!.bytes });
      }
      created.push(row!);
    }
    if (kind === 'batch' && created.length > 0) {
      const batchId = created[0]!.id;
      await tx
        .update(ocrJobs)
        .set({ batchId })
        .where(
          inArray(
            ocrJobs.id,
            created.map((row) => row.id),
          ),
        );
      for (const row of created) row.batchId = batchId;
    }
    return created;
  });
  const detectLanguage = fields.language === 'auto';
  runner.enqueue(
    rows.map((row, index) => ({ jobId: row.id, picture: prepared[index]!, detectLanguage })),
  );
  return rows.map(presentJob);
}

export async function submitBatch(
  ctx: AppContext,
  runner: OcrRunner,
  actor: UserRow,
  { photos, fields }: SubmitBatchOptions,
): Promise<OcrBatch> {
  const jobs = await submitPhotos(ctx, runner, actor, { photos, fields, kind: 'batch' });
  return { batch_id: jobs[0]!.batch_id!, jobs };
}

/** The caller's own job; anyone else's is as unknown as a job that never was. */
async function ownJob(ctx: AppContext, actor: UserRow, id: number): Promise<OcrJobRow> {
  const [row] = await ctx.db
    .select()
    .from(ocrJobs)
    .where(and(eq(ocrJobs.id, id), eq(ocrJobs.userId, actor.id)));
  if (!row) throw jobNotFound();
  return row;
}

export async function jobStatus(ctx: AppContext, actor: UserRow, id: number): Promise<OcrJob> {
  return presentJob(await ownJob(ctx, actor, id));
}

/** A stored item as the contract has it; items read before the review's fields get neutral ones. */
function presentItem(
  item: Partial<OcrItem> &
    Omit<OcrItem, 'price_confidence' | 'line_index' | 'suggestion' | 'doubtful_words'>,
): OcrItem {
  return {
    ...item,
    price_confidence: item.price_confidence ?? null,
    line_index: item.line_index ?? 0,
    suggestion: item.suggestion ?? false,
    doubtful_words: item.doubtful_words ?? [],
  };
}

function presentLine(line: Omit<OcrLine, 'box'> & { box?: OcrLine['box'] }): OcrLine {
  return { text: line.text, confidence: line.confidence, box: line.box ?? null };
}

/** 409 until the job is done: a failed or cancelled job has no result. */
export async function jobResult(ctx: AppContext, actor: UserRow, id: number): Promise<OcrResult> {
  const row = await ownJob(ctx, actor, id);
  if (row.state !== 'done') {
    throw new AppError(409, 'conflict', `The photo job is ${row.state}, not done`);
  }
  const read = (row.items ?? []).map(presentItem);
  const [image] = await ctx.db
    .select({ jobId: ocrImages.jobId })
    .from(ocrImages)
    .where(eq(ocrImages.jobId, row.id));
  // Computed when read, not stored: a better check applies to earlier jobs too. The doubted lines
  // the total confirms are ticked first, and counted by the check.
  const discountsCents = row.discountsCents ?? 0;
  const confirmed = confirmedByTotal(
    read.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      priceCents: item.price_cents,
      priceConfidence: item.price_confidence,
      confidence: item.confidence,
      line: item.line,
      lineIndex: item.line_index,
      suggestion: item.suggestion,
      doubtfulWords: item.doubtful_words,
    })),
    row.totalCents,
    discountsCents,
  );
  const check = checkReceiptTotal(confirmed, row.totalCents, discountsCents);
  // The review starts from the corrected prices, and offers what was read back (ReviewTotalCheck).
  const items = read.map((item, index) => {
    const ticked = { ...item, suggestion: confirmed[index]!.suggestion };
    const fix = check?.fixes.find((candidate) => candidate.itemIndex === index);
    if (!fix) return ticked;
    // A product whose price was not read, priced by the total, is ticked like the others.
    return {
      ...ticked,
      price_cents: fix.toCents,
      suggestion: ticked.suggestion && fix.reason !== 'unread',
    };
  });
  return {
    job: presentJob(row),
    items,
    lines: (row.lines ?? []).map(presentLine),
    total_cents: row.totalCents,
    kind:
      row.kind ??
      (row.totalCents === null && items.every((item) => item.price_cents === null)
        ? 'list'
        : 'receipt'),
    total_check: check && {
      items_cents: check.itemsCents,
      total_cents: check.totalCents,
      difference_cents: check.differenceCents,
      fixes: check.fixes.map((fix) => ({
        item_index: fix.itemIndex,
        reason: fix.reason,
        from_cents: fix.fromCents,
        to_cents: fix.toCents,
      })),
      adjustment_cents: check.adjustmentCents,
    },
    image_available: image !== undefined,
  };
}

/**
 * The job's prepared picture, the one its line boxes are fractions of: its owner's alone, and
 * only for the retention period (404 after, as for a job that never was).
 */
export async function jobImage(
  ctx: AppContext,
  actor: UserRow,
  id: number,
): Promise<{ contentType: string; content: Buffer }> {
  const job = await ownJob(ctx, actor, id);
  const [image] = await ctx.db
    .select({ contentType: ocrImages.contentType, content: ocrImages.content })
    .from(ocrImages)
    .where(eq(ocrImages.jobId, job.id));
  if (!image) throw notFound('The photo is no longer kept');
  return image;
}

/**
 * Cancels a queued or running job (409 once it is over). The state is written first, so a process
 * reading the photo elsewhere stops at its next progress step; here it stops at once.
 */
export async function cancelJob(
  ctx: AppContext,
  runner: OcrRunner,
  actor: UserRow,
  id: number,
): Promise<OcrJob> {
  await ownJob(ctx, actor, id);
  const [row] = await ctx.db
    .update(ocrJobs)
    .set({ state: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(ocrJobs.id, id),
        eq(ocrJobs.userId, actor.id),
        inArray(ocrJobs.state, ['queued', 'running']),
      ),
    )
    .returning();
  if (!row) {
    const current = await ownJob(ctx, actor, id);
    throw new AppError(409, 'conflict', `The photo job is already ${current.state}`);
  }
  await runner.stop(id);
  await ctx.events.publish(ocrJobEvent(row));
  return presentJob(row);
}

/**
 * The caller's jobs, newest first; `list_id` narrows to one list's imports, `q` to the jobs whose
 * recognised text holds it (case and accents aside).
 */
export async function jobHistory(
  ctx: AppContext,
  actor: UserRow,
  query: HistoryQuery,
): Promise<OcrHistoryPage> {
  const rows = await ctx.db
    .select()
    .from(ocrJobs)
    .where(
      and(
        eq(ocrJobs.userId, actor.id),
        query.list_id === undefined ? undefined : eq(ocrJobs.listId, query.list_id),
        query.cursor === undefined ? undefined : lt(ocrJobs.id, query.cursor),
        query.q === undefined
          ? undefined
          : sql`${ocrJobs.searchText} like ${containsPattern(query.q)} escape '\\'`,
      ),
    )
    .orderBy(desc(ocrJobs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(presentJob),
    next_cursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}
