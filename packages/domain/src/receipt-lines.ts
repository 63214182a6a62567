import { ITEM_PRICE_MAX_CENTS } from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { parseItemLine } from './item-line';
import {
  MEASURE_LINE,
  PRICE_SEPARATOR,
  TRAILING_AMOUNT,
  TRAILING_MEASURE,
  TRAILING_PRICE,
  TRAILING_TIMES,
  amountCents,
  isQuantity,
} from './receipt-amounts';
import {
  cleanName,
  cutName,
  isCleanName,
  isPlausibleName,
  normaliseLine,
  stripListMarks,
} from './receipt-names';
import { foldWords, isGrandTotal, isNotItemLine } from './receipt-vocabulary';

/** One line as text recognition read it, top to bottom. */
export interface RecognisedLine {
  text: string;
  /** 0–100: how sure recognition was of the line. */
  confidence: number;
}

/** An item read from a photo of a receipt or a shopping list. */
export interface ReceiptItem {
  name: string;
  /** Always > 0 and at most ITEM_QUANTITY_MAX; 1 when the line names none. */
  quantity: number;
  unit: string | null;
  /** What the line cost, in cents; null on a shopping list. */
  priceCents: number | null;
  /** 0–100, an integer: of the line the item was read from (the lower one, when two made it). */
  confidence: number;
  /** The line that named the item, trimmed. */
  line: string;
}

/** What a photo's lines say: the items, the printed total, and which kind of paper it was. */
export interface ReceiptReading {
  items: ReceiptItem[];
  totalCents: number | null;
  kind: 'receipt' | 'list';
}

/*
 * Lines that are neither items nor keywords: dates and times, addresses, VAT ids.
 */
const DATE_OR_TIME =
  /(?:^|\D)(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2})(?!\d)/u;
const POSTCODE_AND_CITY = /^(?:[A-Z]{1,2}-)?\d{4,5}(?: ?[A-Z]{2})?,? \p{Lu}\p{L}+(?:[ -]\p{L}+)?$/u;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/u;
const STREET =
  /(?:\p{L}(?:str\.|straße|strasse|straat|laan|plein|platz|allee|gracht)|^(?:rue|avenue|av\.|bd|boulevard|calle|c\/|avda\.?|avenida|plaza|paseo)) ?\d/iu;
const VAT_ID = /\b(?:DE|NL|FR|ES|GB|BE|AT|LU)[A-Z]?\d{8,12}(?:B\d{2})?\b/u;

/** Below this confidence, a line whose name does not read cleanly is taken for noise. */
const LOW_CONFIDENCE = 30;
/** No receipt or list line is this long (a name is at most 200): no time is spent on one. */
const LINE_MAX_LENGTH = 500;
/** A quantity line's product and the item's price may differ by a rounding. */
const ROUNDING_CENTS = 1;

interface Draft {
  name: string;
  /** The name with its measure ("Roggenbrot 500 g"), for when a measure line replaces it. */
  printedName: string;
  quantity: number;
  unit: string | null;
  priceCents: number | null;
  hasMeasureLine: boolean;
  confidence: number;
  line: string;
}

type Entry =
  | { kind: 'item'; draft: Draft }
  | {
      kind: 'measure';
      quantity: number;
      unit: string | null;
      unitPriceCents: number;
      totalCents: number | null;
      confidence: number;
    }
  /** The grand total. */
  | { kind: 'total'; totalCents: number }
  /** Says the paper is a receipt: tax, a payment, a discount, a subtotal. */
  | { kind: 'receipt-mark' }
  /** Neither: a date, an address, a greeting, a price without a name, a garbled line. */
  | { kind: 'other' };

/**
 * Reads the items, and the printed total, from the lines recognised on a photo of a receipt or
 * a shopping list. Pure; never throws.
 *
 * The keywords of all five languages apply whatever the photo's language: a receipt is often
 * in another language than its reader's locale (the language is what recognition was set to).
 */
export function readReceiptLines(
  lines: readonly RecognisedLine[],
  _language: OcrLanguage,
): ReceiptReading {
  const entries: Entry[] = [];
  let totalCents: number | null = null;
  let lastTotalEntry = -1;
  for (const recognised of lines) {
    const line = recognised.text.trim();
    if (line === '') continue;
    const confidence = clampConfidence(recognised.confidence);
    const entry = readLine(line, confidence);
    // Bars and specks between an item and its quantity line do not part them.
    if (entry === null) continue;
    if (entry.kind === 'total') {
      totalCents = entry.totalCents;
      lastTotalEntry = entries.length;
    }
    entries.push(entry);
  }

  const drafts = entries.flatMap((entry) => (entry.kind === 'item' ? [entry.draft] : []));
  const priced = drafts.filter((draft) => draft.priceCents !== null).length;
  const isReceipt =
    entries.some((entry) => entry.kind !== 'item' && entry.kind !== 'other') ||
    priced > drafts.length - priced;

  // A written list: every plausible line is an item, with its price when one was written.
  // A receipt: only priced lines are, up to the last total (what follows it is coupons and
  // adverts) unless nothing was bought before it.
  const beforeTotal = entries.slice(0, Math.max(lastTotalEntry, 0));
  const hasItemsBeforeTotal = beforeTotal.some(
    (entry) => entry.kind === 'item' || entry.kind === 'measure',
  );
  const items = isReceipt ? readReceiptItems(hasItemsBeforeTotal ? beforeTotal : entries) : drafts;
  const result = items.map(toItem);
  return {
    items: result,
    totalCents,
    kind: result.some((item) => item.priceCents !== null) ? 'receipt' : 'list',
  };
}

/**
 * Attaches each quantity line to its item: the neighbour (before, then after) whose price is
 * the quantity times the unit price, exactly or within a rounding; failing that, a name line
 * without a price just before it (or just after, when nothing is before it), which the quantity
 * line then prices; failing that, the item before, then the one after.
 */
function readReceiptItems(entries: readonly Entry[]): Draft[] {
  const draftAt = (index: number): Draft | null => {
    const entry = entries[index];
    return entry?.kind === 'item' && !entry.draft.hasMeasureLine ? entry.draft : null;
  };
  entries.forEach((entry, index) => {
    if (entry.kind !== 'measure') return;
    const before = draftAt(index - 1);
    const after = draftAt(index + 1);
    const product = Math.round(entry.quantity * entry.unitPriceCents);
    const isItsItem = (tolerance: number) => (draft: Draft | null) =>
      draft !== null &&
      draft.priceCents !== null &&
      (Math.abs(draft.priceCents - product) <= tolerance || draft.priceCents === entry.totalCents);
    const target =
      [before, after].find(isItsItem(0)) ??
      [before, after].find(isItsItem(ROUNDING_CENTS)) ??
      (before?.priceCents === null ? before : null) ??
      (before === null && after?.priceCents === null ? after : null) ??
      before ??
      after;
    if (target === null) return;
    if (target.priceCents === null) {
      const priceCents = entry.totalCents ?? product;
      if (priceCents > ITEM_PRICE_MAX_CENTS) return;
      target.priceCents = priceCents;
    }
    applyMeasure(target, entry.quantity, entry.unit);
    target.hasMeasureLine = true;
    target.confidence = Math.min(target.confidence, entry.confidence);
  });
  return entries.flatMap((entry) =>
    entry.kind === 'item' && entry.draft.priceCents !== null ? [entry.draft] : [],
  );
}

/** Classifies one trimmed, non-empty line; null for a bar or a speck that stands for nothing. */
function readLine(line: string, confidence: number): Entry | null {
  if (line.length > LINE_MAX_LENGTH) return { kind: 'other' };
  const text = normaliseLine(line);
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  if (DATE_OR_TIME.test(text) || VAT_ID.test(text)) return { kind: 'other' };

  const words = foldWords(text);
  if (isNotItemLine(words)) {
    const price = TRAILING_PRICE.exec(text);
    const cents = price === null ? null : amountCents(price[2] ?? '');
    if (price === null || cents === null) return { kind: 'other' };
    if (!isGrandTotal(words, text)) return { kind: 'receipt-mark' };
    // A refund's total is printed negative, and stays so.
    const isNegative = price[1] !== undefined || price[3] !== undefined;
    return { kind: 'total', totalCents: isNegative ? -cents : cents };
  }

  const measure = readMeasure(MEASURE_LINE.exec(text), null, confidence);
  if (measure !== undefined) return measure;

  const price = TRAILING_PRICE.exec(text);
  const cents = price === null ? null : amountCents(price[2] ?? '');
  if (price === null || cents === null) {
    if (POSTCODE_AND_CITY.test(text) || UK_POSTCODE.test(text) || STREET.test(text)) {
      return { kind: 'other' };
    }
    // "Milch 2 €" on a list: the quick-add field's looser prices (no decimals) hold here too.
    const draft = readDraft(text, { price: 'as written', line, confidence });
    return draft === null ? { kind: 'other' } : { kind: 'item', draft };
  }
  // A discount, or the deposit of returned bottles: part of the total, not something bought.
  if (price[1] !== undefined || price[3] !== undefined) return { kind: 'receipt-mark' };
  if (cents > ITEM_PRICE_MAX_CENTS) return { kind: 'other' };

  const rest = text.slice(0, price.index).replace(PRICE_SEPARATOR, '');
  const measureWithTotal = readMeasure(MEASURE_LINE.exec(rest), cents, confidence);
  if (measureWithTotal !== undefined) return measureWithTotal;
  const draft = readPricedDraft(rest, cents, line, confidence);
  // A price with no name is no sign of a receipt: handwriting is often misread as digits.
  return draft === null ? { kind: 'other' } : { kind: 'item', draft };
}

/** A measure line, or undefined when the match is not one (a bare "2 0,49" is not). */
function readMeasure(
  match: RegExpExecArray | null,
  totalCents: number | null,
  confidence: number,
): Entry | undefined {
  if (match === null) return undefined;
  const [, quantityText = '', unit, times, amount = '', perUnit] = match;
  if (times === undefined && perUnit === undefined) return undefined;
  const quantity = Number(quantityText.replace(',', '.'));
  const unitPriceCents = amountCents(amount);
  if (unitPriceCents === null || !isQuantity(quantity)) return { kind: 'other' };
  return { kind: 'measure', quantity, unit: unit ?? null, unitPriceCents, totalCents, confidence };
}

/** The item of a line whose price has been read off its end; `rest` is what came before it. */
function readPricedDraft(
  rest: string,
  cents: number,
  line: string,
  confidence: number,
): Draft | null {
  const inline = TRAILING_MEASURE.exec(rest);
  if (inline !== null && (inline[4] !== undefined || inline[6] !== undefined)) {
    // "BANANEN 2 x 0,49 0,98": the last amount is the line's, the measure gives the quantity.
    const [, name = '', quantityText = '', unit] = inline;
    const quantity = Number(quantityText.replace(',', '.'));
    if (!isQuantity(quantity)) return readDraft(rest, { price: cents, line, confidence });
    return readDraft(name, {
      price: cents,
      measure: { quantity, unit: unit ?? null },
      line,
      confidence,
    });
  }
  const each = TRAILING_TIMES.exec(rest);
  if (each !== null) {
    // On a receipt "2 x 0,49" is two at 0,49 each, wherever it stands.
    const [, name = '', quantityText = '', unit] = each;
    const quantity = Number(quantityText.replace(',', '.'));
    const priceCents = Math.round(quantity * cents);
    if (isQuantity(quantity) && priceCents <= ITEM_PRICE_MAX_CENTS) {
      return readDraft(name, {
        price: priceCents,
        measure: { quantity, unit: unit ?? null },
        line,
        confidence,
      });
    }
  }
  const unitPrice = TRAILING_AMOUNT.exec(rest);
  if (unitPrice !== null) {
    // "2 PAN DE MOLDE 1,15 2,30": a unit price before the line's; when no quantity is written,
    // the ratio of the two is it.
    const [, name = '', amount = ''] = unitPrice;
    const draft = readDraft(name, { price: cents, line, confidence });
    const unitCents = amountCents(amount);
    if (draft === null || unitCents === null || unitCents === 0) return draft;
    const ratio = cents / unitCents;
    if (draft.quantity === 1 && draft.unit === null && Number.isInteger(ratio) && ratio > 1) {
      if (isQuantity(ratio)) draft.quantity = ratio;
    }
    return draft;
  }
  return readDraft(rest, { price: cents, line, confidence });
}

interface DraftReading {
  /** The line's price in cents, or 'as written' to take one from the name (a list's "Milch 2 €"). */
  price: number | 'as written';
  /** A quantity printed apart from the name ("2 x 0,49"), which wins over one in the name. */
  measure?: { quantity: number; unit: string | null };
  /** The line as recognised, kept with the draft. */
  line: string;
  confidence: number;
}

/** The item a name (with its written quantity, if any) describes; null when it names nothing. */
function readDraft(text: string, { price, measure, line, confidence }: DraftReading): Draft | null {
  const printed = stripListMarks(text);
  const parsed = parseItemLine(printed);
  if (parsed === null) return null;
  const name = cleanName(parsed.name);
  const printedName = cleanName(printed);
  if (!isPlausibleName(name)) return null;
  if (confidence < LOW_CONFIDENCE && !isCleanName(name)) return null;
  const draft: Draft = {
    name,
    printedName: isPlausibleName(printedName) ? printedName : name,
    quantity: parsed.quantity,
    unit: parsed.unit,
    priceCents: price === 'as written' ? parsed.priceCents : price,
    hasMeasureLine: false,
    confidence,
    line,
  };
  if (measure !== undefined) applyMeasure(draft, measure.quantity, measure.unit);
  return draft;
}

/**
 * A measure printed apart from the name wins over one read from the name, but "ROGGENBROT
 * 500 G" keeps its 500 g in the name rather than lose it to "2 x".
 */
function applyMeasure(draft: Draft, quantity: number, unit: string | null): void {
  if (draft.unit !== null) draft.name = draft.printedName;
  draft.quantity = quantity;
  draft.unit = unit;
}

function toItem(draft: Draft): ReceiptItem {
  return {
    name: cutName(draft.name),
    quantity: draft.quantity,
    unit: draft.unit,
    priceCents: draft.priceCents,
    confidence: draft.confidence,
    line: draft.line,
  };
}

function clampConfidence(confidence: number): number {
  return Number.isFinite(confidence) ? Math.min(100, Math.max(0, Math.round(confidence))) : 0;
}
