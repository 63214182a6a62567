import { z } from './zod';
import { zPage } from './groups';
import {
  OCR_APPLY_MAX_ITEMS,
  OCR_HISTORY_PAGE_DEFAULT,
  OCR_HISTORY_PAGE_MAX,
  OCR_LANGUAGES,
} from './limits';
import { ZItem, ZItemName, ZPriceCents, ZQuantity, ZUnit } from './lists';
import { ZIdParam } from './text';

export const ZOcrLanguage = z.enum(OCR_LANGUAGES);

/**
 * A job's life: queued → running → done | failed | cancelled. Running reports progress 0–100;
 * the last three are final.
 */
export const OCR_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type OcrJobState = (typeof OCR_JOB_STATES)[number];
export const OCR_FINAL_STATES: readonly OcrJobState[] = ['done', 'failed', 'cancelled'];

/**
 * Why a job failed, for the UI to translate: the file is not an image it can read, recognition
 * itself broke, or the server stopped while the job waited or ran.
 */
export const OCR_FAILURES = ['unreadable_image', 'recognition_failed', 'server_restarted'] as const;
export type OcrFailure = (typeof OCR_FAILURES)[number];

export const ZOcrJob = z.object({
  id: z.number().int(),
  state: z.enum(OCR_JOB_STATES),
  progress: z.number().int().min(0).max(100),
  language: ZOcrLanguage,
  /** The list the photo was taken for, when it was. */
  list_id: z.number().int().nullable(),
  /** Jobs uploaded together by POST /ocr/batch share it (the first job's id). */
  batch_id: z.number().int().nullable(),
  file_name: z.string(),
  /** Items found, once done. */
  item_count: z.number().int().nullable(),
  failure: z.enum(OCR_FAILURES).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type OcrJob = z.infer<typeof ZOcrJob>;

/** An item read from a photo: what the review table starts from. */
export const ZOcrItem = z.object({
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  /** What the line cost, in minor units; null on a shopping list (no prices). */
  price_cents: z.number().int().nullable(),
  /** 0–100: how sure recognition was of the line the item came from. */
  confidence: z.number().int().min(0).max(100),
  /** The recognised line, as read. */
  line: z.string(),
});
export type OcrItem = z.infer<typeof ZOcrItem>;

export const ZOcrLine = z.object({
  text: z.string(),
  confidence: z.number().int().min(0).max(100),
});
export type OcrLine = z.infer<typeof ZOcrLine>;

export const ZOcrResult = z.object({
  job: ZOcrJob,
  items: z.array(ZOcrItem),
  /** Every line recognised, items or not, top to bottom. */
  lines: z.array(ZOcrLine),
  /** The receipt's total when one was printed (checked against the items' sum by the UI). */
  total_cents: z.number().int().nullable(),
});
export type OcrResult = z.infer<typeof ZOcrResult>;

/** Multipart text fields beside the image(s) of POST /ocr/extract-items and /ocr/batch. */
export const ZOcrUploadFields = z.object({
  /** Default: the language of the uploader's locale. */
  language: ZOcrLanguage.optional(),
  /** A list the uploader may edit; its job shows in that list's import history. */
  list_id: ZIdParam.optional(),
});
export type OcrUploadFields = z.input<typeof ZOcrUploadFields>;

export const ZOcrBatch = z.object({ batch_id: z.number().int(), jobs: z.array(ZOcrJob) });
export type OcrBatch = z.infer<typeof ZOcrBatch>;

export const ZOcrHistoryQuery = z.object({
  /** Only the jobs of this list. */
  list_id: ZIdParam.optional(),
  limit: z.coerce.number().int().min(1).max(OCR_HISTORY_PAGE_MAX).default(OCR_HISTORY_PAGE_DEFAULT),
  cursor: ZIdParam.optional(),
});
export type OcrHistoryQuery = z.input<typeof ZOcrHistoryQuery>;
export const ZOcrHistoryPage = zPage(ZOcrJob);
export type OcrHistoryPage = z.infer<typeof ZOcrHistoryPage>;

/**
 * POST /lists/{id}/items/merge: the reviewed items in one change. An item whose name matches one
 * already on the list (case and spacing aside) updates that item's price (and quantity, when
 * given) instead of adding a second; the others are added.
 */
export const ZMergeItemsBody = z.object({
  items: z
    .array(
      z.object({
        name: ZItemName,
        quantity: ZQuantity.optional(),
        unit: ZUnit.nullish(),
        price_cents: ZPriceCents.nullish(),
      }),
    )
    .min(1)
    .max(OCR_APPLY_MAX_ITEMS),
});
export type MergeItemsBody = z.input<typeof ZMergeItemsBody>;

export const ZMergeItemsResult = z.object({
  added: z.array(ZItem),
  updated: z.array(ZItem),
});
export type MergeItemsResult = z.infer<typeof ZMergeItemsResult>;
