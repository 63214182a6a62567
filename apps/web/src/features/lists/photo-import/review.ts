import {
  ITEM_NAME_MAX_LENGTH,
  ITEM_PRICE_MAX_CENTS,
  ITEM_QUANTITY_MAX,
  type Item,
  type MergeItemsBody,
  type OcrBox,
  type OcrResult,
  type OcrTotalCheck,
} from '@household/contracts';
import { itemNameKey } from '@household/domain';
import type { TranslationKey } from '../../../lib/i18n';
import { parseOptionalMoneyInput } from '../../../lib/money';
import { priceInputValue } from '../format';

/** One found item as the review table holds it: the fields as typed, ticked or not. */
export interface ReviewRow {
  key: string;
  included: boolean;
  name: string;
  quantity: string;
  unit: string | null;
  price: string;
  /** The name as recognised: it names the row's controls, which keep their names while edited. */
  label: string;
  /** The line of the photo the item was read from; empty for a row the person added. */
  line: string;
  /** The job whose photo the item was read from. */
  jobId: number;
  /** The item's index in its result's `items` (what a price fix names); null for an added row. */
  itemIndex: number | null;
  /** Where its line is on the photo, when known. */
  box: OcrBox | null;
  /** Read with low confidence: offered unticked and marked. */
  suggestion: boolean;
  /** Words of the recognised name read with low confidence. */
  doubtfulWords: string[];
}

export type RowErrors = Partial<Record<'name' | 'quantity' | 'price', TranslationKey>>;

const key = (translationKey: TranslationKey) => translationKey;

/** Every item of every photo, in the order read; all ticked but the suggestions. */
export function reviewRows(results: readonly OcrResult[], currency: string): ReviewRow[] {
  return results.flatMap((result) =>
    result.items.map((item, index) => ({
      key: `${result.job.id}-${index}`,
      included: !item.suggestion,
      name: item.name,
      quantity: String(item.quantity),
      unit: item.unit,
      price: priceInputValue(item.price_cents, currency),
      label: item.name.trim() || item.line,
      line: item.line,
      jobId: result.job.id,
      itemIndex: index,
      box: result.lines[item.line_index]?.box ?? null,
      suggestion: item.suggestion,
      doubtfulWords: item.doubtful_words,
    })),
  );
}

/** A ticked row for what a receipt's total holds beyond its items, named by the caller. */
export function adjustmentRow(
  jobId: number,
  name: string,
  cents: number,
  currency: string,
): ReviewRow {
  return {
    key: `${jobId}-adjustment`,
    included: true,
    name,
    quantity: '1',
    unit: null,
    price: priceInputValue(cents, currency),
    label: name,
    line: '',
    jobId,
    itemIndex: null,
    box: null,
    suggestion: false,
    doubtfulWords: [],
  };
}

/** A price fix as the review offers it: the row it is for, and whether it is still to be applied. */
export interface OfferedFix {
  row: ReviewRow;
  /** What was read; null where no price was (the total gave it). */
  fromCents: number | null;
  toCents: number;
  pending: boolean;
}

/**
 * A receipt's total against its ticked rows as they are now (issue 28 §2): the difference is
 * recomputed from the rows as they are edited; `adjustmentCents` is what is still off once the
 * pending fixes are applied (the server's `adjustment_cents` while nothing was edited).
 */
export function checkTotal(
  check: OcrTotalCheck,
  jobId: number,
  rows: readonly ReviewRow[],
  currency: string,
  locale: string,
) {
  const ofJob = rows.filter((row) => row.jobId === jobId);
  const itemsCents = selectedTotal(ofJob, currency, locale);
  const differenceCents = check.total_cents - itemsCents;
  const fixes: OfferedFix[] = check.fixes.flatMap((fix) => {
    const row = ofJob.find((candidate) => candidate.itemIndex === fix.item_index);
    if (!row) return [];
    const cents = rowPriceCents(row, currency, locale);
    return [
      { row, fromCents: fix.from_cents, toCents: fix.to_cents, pending: cents !== fix.to_cents },
    ];
  });
  const pendingCents = fixes.reduce((sum, fix) => {
    if (!fix.pending || !fix.row.included) return sum;
    const cents = rowPriceCents(fix.row, currency, locale);
    const now = cents === null || Number.isNaN(cents) ? 0 : cents;
    return sum + fix.toCents - now;
  }, 0);
  return {
    totalCents: check.total_cents,
    itemsCents,
    differenceCents,
    fixes,
    adjustmentCents: differenceCents - pendingCents,
    hasAdjustment: ofJob.some((row) => row.itemIndex === null),
  };
}

/**
 * The total printed on the receipts, when any was read. A long receipt photographed in parts
 * prints it once; separate receipts each print theirs, and the items of all are summed alike.
 */
export function printedTotal(results: readonly OcrResult[]): number | null {
  const totals = results.flatMap((result) =>
    result.total_cents === null ? [] : [result.total_cents],
  );
  return totals.length === 0 ? null : totals.reduce((sum, cents) => sum + cents, 0);
}

const parseQuantity = (text: string) => Number(text.trim().replace(',', '.'));

/** The row's price in minor units: null when empty, NaN when it is not a price. */
export const rowPriceCents = (row: ReviewRow, currency: string, locale: string) =>
  parseOptionalMoneyInput(row.price, currency, locale);

/** What the ticked rows with a readable price add up to. */
export function selectedTotal(
  rows: readonly ReviewRow[],
  currency: string,
  locale: string,
): number {
  return rows.reduce((sum, row) => {
    const cents = row.included ? rowPriceCents(row, currency, locale) : null;
    return cents === null || Number.isNaN(cents) ? sum : sum + cents;
  }, 0);
}

/** The names on the list, compared as the server's merge compares them (case and spacing aside). */
export const namesOnList = (items: readonly Item[]) =>
  new Set(items.map((item) => itemNameKey(item.name)));

export const isOnList = (row: ReviewRow, names: ReadonlySet<string>) =>
  row.name.trim() !== '' && names.has(itemNameKey(row.name));

/** The same rules as the item contract, in the reader's words. */
export function checkRow(row: ReviewRow, currency: string, locale: string): RowErrors {
  const errors: RowErrors = {};
  const name = row.name.trim();
  if (name === '') errors.name = key('validation.itemNameRequired');
  else if (name.length > ITEM_NAME_MAX_LENGTH) errors.name = key('lists.edit.nameTooLong');
  const quantity = parseQuantity(row.quantity);
  if (!(quantity > 0 && quantity <= ITEM_QUANTITY_MAX)) {
    errors.quantity = key('lists.edit.quantityInvalid');
  }
  const cents = rowPriceCents(row, currency, locale);
  if (cents !== null && (Number.isNaN(cents) || cents > ITEM_PRICE_MAX_CENTS)) {
    errors.price = key('lists.item.priceInvalid');
  }
  return errors;
}

/** The ticked rows as the merge takes them; rows must have passed `checkRow`. */
export function mergeItems(
  rows: readonly ReviewRow[],
  currency: string,
  locale: string,
): MergeItemsBody['items'] {
  return rows
    .filter((row) => row.included)
    .map((row) => {
      const cents = rowPriceCents(row, currency, locale);
      return {
        name: row.name.trim(),
        quantity: parseQuantity(row.quantity),
        ...(row.unit ? { unit: row.unit } : {}),
        ...(cents === null ? {} : { price_cents: cents }),
      };
    });
}
