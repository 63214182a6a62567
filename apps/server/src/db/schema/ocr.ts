import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OcrItem, OcrLine, OcrPaperKind } from '@household/contracts';
import { lists } from './lists';
import { bytea, createdAt, updatedAt } from './types';
import { users } from './users';

/** A photo read to items (docs/ocr.md): its state, and once done what was found. */
export const ocrJobs = pgTable(
  'ocr_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'set null' }),
    /** The first job's id for every job of one batch upload; null for a single photo. */
    batchId: integer('batch_id'),
    language: text('language').notNull(),
    /** The upload asked for `auto`: `language` was detected from the photo (issue 28 §1). */
    languageDetected: boolean('language_detected').notNull().default(false),
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    fileName: text('file_name').notNull(),
    failure: text('failure'),
    items: jsonb('items').$type<OcrItem[]>(),
    lines: jsonb('lines').$type<OcrLine[]>(),
    totalCents: integer('total_cents'),
    /** Discount and deposit lines of a receipt, summed: what its items need not explain. */
    discountsCents: integer('discounts_cents'),
    /** Receipt or list, once read; null before (and for jobs read before it was kept). */
    kind: text('kind').$type<OcrPaperKind>(),
    /**
     * Every recognised line, folded (lower case, accents dropped) and joined: what the import
     * history's search looks in (`GET /ocr/history?q=`).
     */
    searchText: text('search_text'),
    createdAt: createdAt(),
    /** Touched while a process holds the job: one left untouched belongs to a process that died. */
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ocr_jobs_user_idx').on(t.userId, t.id),
    index('ocr_jobs_list_idx').on(t.listId, t.id),
    index('ocr_jobs_state_idx').on(t.state, t.updatedAt),
  ],
);
export type OcrJobRow = typeof ocrJobs.$inferSelect;

/** The uploaded photo, apart from its job so that reading a job never loads megabytes. */
export const ocrImages = pgTable('ocr_images', {
  jobId: integer('job_id')
    .primaryKey()
    .references(() => ocrJobs.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
