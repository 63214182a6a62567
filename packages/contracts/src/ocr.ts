import { z } from './zod';
import { zPage } from './groups';
import {
  OCR_APPLY_MAX_ITEMS,
  OCR_HISTORY_PAGE_DEFAULT,
  OCR_HISTORY_PAGE_MAX,
  OCR_LANGUAGES,
} from './limits';
import { ZItem, ZItemName, ZPriceCents, ZQuantity, ZUnit } from './lists';
import { ZIdParam, zLine } from './text';

export const ZOcrLanguage = z.enum(OCR_LANGUAGES);
/** What an upload may ask for: one of the languages, or `auto` to have it detected (issue 28 §1). */
export const ZOcrLanguageChoice = z.union([ZOcrLanguage, z.literal('auto')]);
export type OcrLanguageChoice = z.infer<typeof ZOcrLanguageChoice>;

/**
 * Where something sits on the job's picture (GET /ocr/image/{id}), as fractions 0–1 of its width
 * and height from the top left: the review draws it over the picture at any size.
 */
export const ZOcrBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type OcrBox = z.infer<typeof ZOcrBox>;

/** Receipt or shopping list: decided from the layout and the words (issue 28 §1). */
export const OCR_PAPER_KINDS = ['receipt', 'list'] as const;
export type OcrPaperKind = (typeof OCR_PAPER_KINDS)[number];

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
  /** The language the photo was read in: the one asked for, or the detected one. */
  language: ZOcrLanguage,
  /** True when the upload asked for `auto` and `language` was detected from the photo. */
  language_detected: z.boolean(),
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
  /**
   * What the line cost, in minor units; null on a shopping list (no prices). Where the total
   * check corrected it (`total_check.fixes`), the corrected price: the fix keeps what was read.
   */
  price_cents: z.number().int().nullable(),
  /** 0–100: how sure recognition was of the price; null without one (or for older jobs). */
  price_confidence: z.number().int().min(0).max(100).nullable(),
  /** 0–100: how sure recognition was of the line the item came from. */
  confidence: z.number().int().min(0).max(100),
  /** The recognised line, as read. */
  line: z.string(),
  /** Its line's place in the result's `lines`: the review shows that line on the picture. */
  line_index: z.number().int().min(0),
  /**
   * A line read with low confidence (or that only looks like an item): offered, not ticked; the
   * review marks it as a suggestion.
   */
  suggestion: z.boolean(),
  /** Words of the name read with low confidence, as they appear in `name`: the review marks them. */
  doubtful_words: z.array(z.string()),
});
export type OcrItem = z.infer<typeof ZOcrItem>;

export const ZOcrLine = z.object({
  text: z.string(),
  confidence: z.number().int().min(0).max(100),
  /** Where the line is on the picture; null for jobs read before boxes were kept. */
  box: ZOcrBox.nullable(),
});
export type OcrLine = z.infer<typeof ZOcrLine>;

/**
 * A correction of one item's price that explains (part of) a mismatch with the total: a decimal
 * separator the recognition lost (`225` for `2,25`), one misread digit, or (`unread`) the price
 * of the one product line whose price was not read at all, what the total leaves. The result's
 * items carry it applied (`to_cents`; an unread one ticked, no longer a suggestion);
 * `from_cents` is what was read, which the review offers back (null: nothing was).
 */
export const ZOcrPriceFix = z.object({
  /** The item's index in the result's `items`. */
  item_index: z.number().int().min(0),
  reason: z.enum(['separator', 'digit', 'unread']),
  from_cents: z.number().int().nullable(),
  to_cents: z.number().int(),
});
export type OcrPriceFix = z.infer<typeof ZOcrPriceFix>;

/**
 * The printed total against the sum of the items that are not suggestions (issue 28 §1), as
 * read: `items_cents` is their sum before the fixes, `difference_cents` = total − that sum. With
 * the fixes applied (as the result's items are), `adjustment_cents` is what is still off (0 when
 * the fixes explain it all): the review offers it as an "Adjustment" line. A mismatch never
 * blocks adding the items.
 */
export const ZOcrTotalCheck = z.object({
  items_cents: z.number().int(),
  total_cents: z.number().int(),
  difference_cents: z.number().int(),
  fixes: z.array(ZOcrPriceFix),
  adjustment_cents: z.number().int(),
});
export type OcrTotalCheck = z.infer<typeof ZOcrTotalCheck>;

export const ZOcrResult = z.object({
  job: ZOcrJob,
  items: z.array(ZOcrItem),
  /** Every line recognised, items or not, top to bottom. */
  lines: z.array(ZOcrLine),
  /** The receipt's total when one was printed (checked against the items' sum by the UI). */
  total_cents: z.number().int().nullable(),
  kind: z.enum(OCR_PAPER_KINDS),
  /** The items' prices against the printed total; null when no total was read. */
  total_check: ZOcrTotalCheck.nullable(),
  /** Whether the picture is still kept (retention, docs/ocr.md) for GET /ocr/image/{id}. */
  image_available: z.boolean(),
});
export type OcrResult = z.infer<typeof ZOcrResult>;

/** Multipart text fields beside the image(s) of POST /ocr/extract-items and /ocr/batch. */
export const ZOcrUploadFields = z.object({
  /** Default: the language of the uploader's locale; `auto` detects it from the photo. */
  language: ZOcrLanguageChoice.optional(),
  /** A list the uploader may edit; its job shows in that list's import history. */
  list_id: ZIdParam.optional(),
});
export type OcrUploadFields = z.input<typeof ZOcrUploadFields>;

export const ZOcrBatch = z.object({ batch_id: z.number().int(), jobs: z.array(ZOcrJob) });
export type OcrBatch = z.infer<typeof ZOcrBatch>;

export const ZOcrHistoryQuery = z.object({
  /** Only the jobs of this list. */
  list_id: ZIdParam.optional(),
  /** Only the jobs whose recognised text contains this (case and accents aside). */
  q: zLine().trim().min(1).max(100).optional(),
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
