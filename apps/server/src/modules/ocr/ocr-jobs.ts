import type {
  OcrBatch,
  OcrHistoryPage,
  OcrJob,
  OcrLanguage,
  OcrResult,
  ZOcrHistoryQuery,
} from '@household/contracts';
import {
  OCR_FAILURES,
  OCR_JOB_STATES,
  OCR_LANGUAGE_OF_LOCALE,
  LOCALES,
} from '@household/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { ocrImages, ocrJobs, type OcrJobRow, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/problem';
import { assertEditable, requireVisibleList } from '../lists/lists.policy';
import { ocrJobEvent, type OcrRunner } from './ocr-runner';
import { preparePhoto } from './prepare-image';

type HistoryQuery = z.output<typeof ZOcrHistoryQuery>;

export interface UploadedPhoto {
  fileName: string;
  bytes: Buffer;
}

export interface SubmitBatchOptions {
  photos: readonly UploadedPhoto[];
  /** The text fields sent beside the photos. */
  fields: { language?: OcrLanguage; list_id?: number };
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

/** The language asked for, else the one of the uploader's locale. */
function languageFor(actor: UserRow, asked: OcrLanguage | undefined): OcrLanguage {
  if (asked) return asked;
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
  const prepared: Buffer[] = [];
  for (const photo of photos) prepared.push(await preparePhoto(photo.bytes));
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
          .values({ jobId: row!.id, contentType: 'image/jpeg', content: prepared[index]! });
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
  runner.enqueue(rows.map((row, index) => ({ jobId: row.id, picture: prepared[index]! })));
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

/** 409 until the job is done: a failed or cancelled job has no result. */
export async function jobResult(ctx: AppContext, actor: UserRow, id: number): Promise<OcrResult> {
  const row = await ownJob(ctx, actor, id);
  if (row.state !== 'done') {
    throw new AppError(409, 'conflict', `The photo job is ${row.state}, not done`);
  }
  return {
    job: presentJob(row),
    items: row.items ?? [],
    lines: row.lines ?? [],
    total_cents: row.totalCents,
  };
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

/** The caller's jobs, newest first; `list_id` narrows to one list's imports. */
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
