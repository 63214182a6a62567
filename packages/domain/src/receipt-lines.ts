import { ITEM_PRICE_MAX_CENTS } from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { parseItemLine } from './item-line';
import { realignDriftedPrices } from './receipt-drift';
import {
  COUNT_LOST_LINE,
  MEASURE_LINE,
  PRICE_SEPARATOR,
  SPACED_PRICE,
  TRAILING_AMOUNT,
  TRAILING_MEASURE,
  TRAILING_PRICE,
  TRAILING_TIMES,
  WHOLE_PRICE,
  amountCents,
  isQuantity,
} from './receipt-amounts';
import { decidePaperKind, endsLikePrice, isRightAligned } from './receipt-kind';
import type { PaperEvidence, RecognisedLine, RecognisedWord } from './receipt-kind';
import {
  cleanName,
  countLetters,
  cutName,
  fixLookalikeDigits,
  isCleanName,
  isFragmentRun,
  isPlausibleName,
  LOW_CONFIDENCE,
  LOW_CONFIDENCE_MIN_LETTERS,
  normaliseLine,
  stripListMarks,
} from './receipt-names';
import {
  foldWords,
  hasReceiptWord,
  isCardPayment,
  isDepositLine,
  isDiscountLine,
  isGrandTotal,
  isNotItemLine,
  mendTotalLabel,
  namesGrandTotal,
} from './receipt-vocabulary';

export type { RecognisedLine, RecognisedWord } from './receipt-kind';

/** An item read from a photo of a receipt or a shopping list. */
export interface ReceiptItem {
  name: string;
  /** Always > 0 and at most ITEM_QUANTITY_MAX; 1 when the line names none. */
  quantity: number;
  unit: string | null;
  /** What the line cost, in cents; null on a shopping list. */
  priceCents: number | null;
  /**
   * 0–100, an integer: how sure recognition was of the price, its least sure word with a digit
   * outside the name (the line's confidence when the words are not known); null without a price.
   * The total check trusts it to tell which of two prices was misread.
   */
  priceConfidence: number | null;
  /** 0–100, an integer: of the line the item was read from (the lower one, when two made it). */
  confidence: number;
  /** The line that named the item, trimmed. */
  line: string;
  /** The index of that line in the lines read. */
  lineIndex: number;
  /**
   * Offered rather than taken: a line read with low confidence, or a receipt line that looks
   * like a product but whose price could not be read. Not counted against the total.
   */
  suggestion: boolean;
  /** Words of `name`, as they appear in it, that recognition read with low confidence. */
  doubtfulWords: string[];
}

/** What a photo's lines say: the items, the printed total, and which kind of paper it was. */
export interface ReceiptReading {
  items: ReceiptItem[];
  totalCents: number | null;
  /**
   * What the discounts (negative) and bottle deposits printed among the items add to the total:
   * checkReceiptTotal takes it so as not to mistake them for a misread price.
   */
  discountsAndDepositsCents: number;
  kind: 'receipt' | 'list';
}

/*
 * Lines that are neither items nor keywords: dates and times, addresses, VAT ids.
 */
const DATE_OR_TIME =
  /(?:^|\D)(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2})(?!\d)/u;
const POSTCODE_AND_CITY = /^(?:[A-Z]{1,2}-)?\d{4,5}(?: ?[A-Z]{2})?,? \p{Lu}\p{L}+(?:[ -]\p{L}+)?$/u;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/u;
/** The Spanish words a street's name starts with: "C/", "Calle", "Avda.". */
const SPANISH_STREET = String.raw`calle|c\/|avda\.?|avenida|plaza|paseo`;
const STREET = new RegExp(
  String.raw`(?:\p{L}(?:str\.|straße|strasse|straat|laan|plein|platz|allee|gracht)|^(?:rue|avenue|av\.|bd|boulevard|${SPANISH_STREET})) ?\d`,
  'iu',
);
/** A Spanish street with its name before the number: "C/ Alcalá 140", "Avda. de América 12". */
const NAMED_STREET = new RegExp(
  String.raw`^(?:${SPANISH_STREET}) ?\p{L}[\p{L} .'-]* \d{1,4}$`,
  'iu',
);
const VAT_ID = /\b(?:DE|NL|FR|ES|GB|BE|AT|LU)[A-Z]?\d{8,12}(?:B\d{2})?\b/u;
/** A list's numbering, "1 bread", "2 milk": groups 1 the number. */
const LEADING_NUMBER = /^(\d{1,3})[.)]? +(?=\p{L})/u;

/** No receipt or list line is this long (a name is at most 200): no time is spent on one. */
const LINE_MAX_LENGTH = 500;
/** A quantity line's product and the item's price may differ by a rounding. */
const ROUNDING_CENTS = 1;

/** Where a draft comes from. */
interface LineSource {
  /** The line as recognised, trimmed. */
  line: string;
  confidence: number;
  lineIndex: number;
  words: readonly RecognisedWord[];
}

interface Draft extends LineSource {
  name: string;
  /** The name with its measure ("Roggenbrot 500 g"), for when a measure line replaces it. */
  printedName: string;
  quantity: number;
  unit: string | null;
  priceCents: number | null;
  hasMeasureLine: boolean;
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
  /** A quantity line whose count was not read: its item's price over the unit price says it. */
  | { kind: 'count-lost'; unitPriceCents: number; confidence: number }
  /** The grand total. */
  | { kind: 'total'; totalCents: number }
  /**
   * A grand total whose separator was lost or read as a digit ("SUMME 25757" for 25,57): what
   * it may have been, taken only where it is what the items add up to (see damagedTotalCents).
   */
  | { kind: 'damaged-total'; candidatesCents: number[] }
  /** Says the paper is a receipt: tax, a payment, a discount, a subtotal. */
  | {
      kind: 'receipt-mark';
      /** What a discount (negative) or a bottle deposit adds to the total, in cents. */
      extraCents?: number;
      /** What a card paid: the total, where the total's own line was not read. */
      paidCents?: number;
    }
  /** Neither: a date, an address, a greeting, a price without a name, a garbled line. */
  | { kind: 'other' };

interface ReadLine {
  entry: Entry;
  source: LineSource;
  /** The line normalised, as it was read. */
  text: string;
}

/**
 * Reads the items, and the printed total, from the lines recognised on a photo of a receipt or
 * a shopping list. Pure; never throws.
 *
 * The keywords of all five languages apply whatever the photo's language: a receipt is often
 * in another language than its reader's locale (the language is what recognition was set to).
 */
export function readReceiptLines(
  recognisedLines: readonly RecognisedLine[],
  _language: OcrLanguage,
): ReceiptReading {
  const lines = realignDriftedPrices(recognisedLines);
  const numbered = listNumbering(lines);
  const read: ReadLine[] = [];
  let totalCents: number | null = null;
  let lastTotal = -1;
  const damagedTotals: number[] = [];
  for (const [lineIndex, recognised] of lines.entries()) {
    const line = recognised.text.trim();
    if (line === '') continue;
    const source: LineSource = {
      line,
      confidence: clampConfidence(recognised.confidence),
      lineIndex,
      words: recognised.words ?? [],
    };
    const text = numbered.has(lineIndex) ? line.replace(LEADING_NUMBER, '') : line;
    const reading = readLine(text, source, false);
    // Bars and specks between an item and its quantity line do not part them.
    if (reading === null) continue;
    if (reading.entry.kind === 'total') {
      totalCents = reading.entry.totalCents;
      lastTotal = read.length;
    }
    if (reading.entry.kind === 'damaged-total') {
      damagedTotals.push(...reading.entry.candidatesCents);
      if (totalCents === null) lastTotal = read.length;
    }
    read.push(reading);
  }

  const kind = decidePaperKind(paperEvidence(lines, read));
  if (kind === 'list') {
    // A written list: every plausible line is an item, with its price when one was written.
    const items = read.flatMap(({ entry }) => (entry.kind === 'item' ? [entry.draft] : []));
    return {
      items: withoutFragmentRuns(items.map((draft) => toItem(draft, false))),
      totalCents,
      discountsAndDepositsCents: 0,
      kind,
    };
  }

  // A receipt: items are read up to the last total (what follows it is coupons and adverts)
  // unless nothing was bought before it.
  const beforeTotal = read.slice(0, Math.max(lastTotal, 0));
  const hasItemsBeforeTotal = beforeTotal.some(
    ({ entry }) => entry.kind === 'item' || entry.kind === 'measure',
  );
  const region = hasItemsBeforeTotal ? beforeTotal : read;
  // From the first line ending in a price, however damaged, to the total, a line without one
  // is an item whose price recognition damaged: read it again, taking "2 25" and "225" for prices.
  const firstPriced = region.findIndex(
    ({ entry, text }) =>
      entry.kind === 'item' && (entry.draft.priceCents !== null || endsLikePrice(text)),
  );
  const entries = region.map((reading, index) => {
    const { entry, source, text } = reading;
    if (firstPriced < 0 || index < firstPriced) return entry;
    if (entry.kind === 'item' && entry.draft.priceCents !== null) return entry;
    if (entry.kind !== 'item' && entry.kind !== 'other') return entry;
    return readAgain(text, source) ?? entry;
  });
  const amidItems = new Set(
    firstPriced < 0 ? [] : region.slice(firstPriced).map(({ source }) => source.lineIndex),
  );
  const result = readReceiptItems(entries).flatMap((draft) => {
    if (draft.priceCents !== null) return [toItem(draft, false)];
    // A line amid the items that looks like a product but has no price is offered, no more.
    return amidItems.has(draft.lineIndex) &&
      draft.confidence >= LOW_CONFIDENCE &&
      isCleanName(draft.name)
      ? [toItem(draft, true)]
      : [];
  });
  const discountsAndDepositsCents = entries.reduce(
    (sum, entry) => sum + (entry.kind === 'receipt-mark' ? (entry.extraCents ?? 0) : 0),
    0,
  );
  const total =
    totalCents ??
    damagedTotalCents(damagedTotals, result, discountsAndDepositsCents) ??
    paidByCard(read);
  return {
    items: withoutFragmentRuns(withoutTotalReadAsItem(result, total, discountsAndDepositsCents)),
    totalCents: total,
    discountsAndDepositsCents,
    kind,
  };
}

/**
 * The items without the doubtful ones named by a run of word fragments (`ED Mo`, `e PEA EZ`): a
 * crease or a patch of grain read as letters. Left out only now, so that such a line still marks
 * where a receipt's items begin (a clearly read line after it, whose price was lost, is offered).
 */
function withoutFragmentRuns(items: ReceiptItem[]): ReceiptItem[] {
  return items.filter((item) => item.confidence >= LOW_CONFIDENCE || !isFragmentRun(item.name));
}

/**
 * The items without those that cost the receipt's whole total while others have prices too: the
 * total's line read twice on a crumpled paper, under the name beside it ("De AT 28,21" above
 * "TOTAAL 28,21"). With nothing taken off the total, no product costs all a receipt of several
 * does.
 */
function withoutTotalReadAsItem(
  items: ReceiptItem[],
  totalCents: number | null,
  discountsAndDepositsCents: number,
): ReceiptItem[] {
  if (totalCents === null || totalCents <= 0 || discountsAndDepositsCents < 0) return items;
  const isTotal = (item: ReceiptItem) => item.priceCents === totalCents;
  const othersPriced = items.some(
    (item) => item.priceCents !== null && item.priceCents > 0 && !isTotal(item),
  );
  return othersPriced ? items.filter((item) => !isTotal(item)) : items;
}

/**
 * A line amid a receipt's items that gave no priced item, read again: as a price recognition
 * damaged ("2 25" and "225" taken for prices), or without the specks at its end that recognition
 * doubted where the price was ("Eieren TE TJ": Eieren, offered without a price, which the total
 * check may then give it). Null when neither reading gives an item.
 */
function readAgain(text: string, source: LineSource): Entry | null {
  if (SPACED_PRICE.test(text) || WHOLE_PRICE.test(text)) {
    const damaged = readLine(text, source, true)?.entry;
    if (damaged?.kind === 'item' && damaged.draft.priceCents !== null) return damaged;
  }
  const kept = withoutDoubtfulEnd(source);
  if (kept === null) return null;
  const again = readLine(kept.text, kept.source, false)?.entry;
  return again?.kind === 'item' ? again : null;
}

/**
 * The line's words up to the last one recognition was sure of, and how sure it was of them; null
 * when it doubted none at the end, or every word.
 */
function withoutDoubtfulEnd(source: LineSource): { text: string; source: LineSource } | null {
  const { words } = source;
  let end = words.length;
  while (end > 0 && words[end - 1]!.confidence < LOW_CONFIDENCE) end -= 1;
  if (end === words.length || end === 0) return null;
  const kept = words.slice(0, end);
  return {
    text: normaliseLine(kept.map((word) => word.text).join(' ')),
    source: {
      ...source,
      confidence: leastSure(kept, source.confidence),
      words: kept,
    },
  };
}

/**
 * The prices a receipt's total is checked against (checkReceiptTotal): those of the items that
 * are not suggestions, with each item's index.
 */
export function countedPrices(items: readonly ReceiptItem[]): CountedPrice[] {
  return items.flatMap((item, itemIndex) =>
    !item.suggestion && item.priceCents !== null
      ? [{ itemIndex, cents: item.priceCents, confidence: item.priceConfidence ?? item.confidence }]
      : [],
  );
}

export interface CountedPrice {
  itemIndex: number;
  cents: number;
  /** How sure recognition was of the price (ReceiptItem.priceConfidence). */
  confidence: number;
}

/**
 * How sure recognition was of the amount at the end of a line: the words that printed it
 * (amountWords), or, where they are not found, the least sure of the line's words with a digit.
 */
function amountConfidence(words: readonly RecognisedWord[], cents: number, otherwise: number) {
  const printed = amountWords(words, cents);
  return leastSure(printed.length > 0 ? printed : words.filter(hasDigit), otherwise);
}

/**
 * The words that printed an amount at the end of a line: from its end, past a tax class and
 * specks, the run of words whose digits are the amount's (`1:99`, `1 299,00`). A speck read as a
 * digit beside the paper's edge (`3 VISA DEBIT 22.81`, `id Milk 1.16 8`) printed nothing of it,
 * and recognition's doubt about it is no doubt about the amount. Empty when no word shows it.
 */
function amountWords(words: readonly RecognisedWord[], cents: number): RecognisedWord[] {
  const amountDigits = String(Math.abs(cents)).padStart(3, '0');
  const printed: RecognisedWord[] = [];
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const digits = words[index]!.text.replace(/\D/gu, '');
    const isPart = digits !== '' && amountDigits.includes(digits);
    if (isPart) printed.push(words[index]!);
    else if (printed.length > 0) break;
  }
  return printed;
}

const hasDigit = (word: RecognisedWord) => /\d/u.test(word.text);

/** The confidence of the least sure of the words; `otherwise` when there are none. */
function leastSure(words: readonly RecognisedWord[], otherwise: number): number {
  if (words.length === 0) return otherwise;
  return Math.min(...words.map((word) => clampConfidence(word.confidence)));
}

/**
 * What the card payments say was paid, where the total's line was lost or damaged beyond
 * reading ("TOTAL 22.8." above "VISA DEBIT 22.81"): the total, when they agree on one amount.
 */
function paidByCard(read: readonly ReadLine[]): number | null {
  const paid = new Set(
    read.flatMap(({ entry }) =>
      entry.kind === 'receipt-mark' && entry.paidCents !== undefined ? [entry.paidCents] : [],
    ),
  );
  return paid.size === 1 ? [...paid][0]! : null;
}

/**
 * Of the amounts a damaged total may have been, the one the items (with the discounts and
 * deposits printed among them) add up to; null when none does. A guess the items do not confirm
 * would turn a misread total into a false mismatch.
 */
function damagedTotalCents(
  candidatesCents: readonly number[],
  items: readonly ReceiptItem[],
  discountsAndDepositsCents: number,
): number | null {
  const sum = countedPrices(items).reduce(
    (cents, counted) => cents + counted.cents,
    discountsAndDepositsCents,
  );
  return candidatesCents.find((candidate) => candidate === sum) ?? null;
}

function paperEvidence(lines: readonly RecognisedLine[], read: readonly ReadLine[]): PaperEvidence {
  const evidence: PaperEvidence = {
    hasTotal: false,
    receiptMarks: 0,
    namedLines: 0,
    pricedLines: 0,
    boxedLines: 0,
    rightAlignedLines: 0,
  };
  for (const { entry, text } of read) {
    if (entry.kind === 'total' || entry.kind === 'damaged-total') evidence.hasTotal = true;
    if (entry.kind === 'receipt-mark') evidence.receiptMarks += 1;
    if (entry.kind === 'item' || (entry.kind === 'other' && /\p{L}/u.test(text))) {
      evidence.namedLines += 1;
      if (endsLikePrice(text)) evidence.pricedLines += 1;
    }
  }
  for (const line of lines) {
    if (line.box === null || line.box === undefined || line.text.trim() === '') continue;
    evidence.boxedLines += 1;
    if (isRightAligned(line.box)) evidence.rightAlignedLines += 1;
  }
  return evidence;
}

/**
 * The lines whose leading number is a list's numbering rather than a quantity: three or more
 * numbered lines, numbered 1, 2, 3… in order, none ending in a price (a receipt's quantities
 * may well run 1, 2, 3).
 */
function listNumbering(lines: readonly RecognisedLine[]): Set<number> {
  const numbered: number[] = [];
  for (const [index, line] of lines.entries()) {
    const text = line.text.trim();
    const match = LEADING_NUMBER.exec(text);
    if (match === null) continue;
    if (text.length > LINE_MAX_LENGTH || endsLikePrice(normaliseLine(text))) return new Set();
    if (Number(match[1]) !== numbered.length + 1) return new Set();
    numbered.push(index);
  }
  return new Set(numbered.length >= 3 ? numbered : []);
}

/**
 * Attaches each quantity line to its item: the neighbour (before, then after) whose price is
 * the quantity times the unit price, exactly or within a rounding; failing that, a neighbouring
 * name line without a price (before, then after), which the quantity line then prices; failing
 * that, the item before, then the one after. A quantity line whose count was lost takes it from
 * its item first (countFromItem). A quantity line is never an item itself. Returns every item
 * line's draft, priced or not.
 */
function readReceiptItems(read: readonly Entry[]): Draft[] {
  const draftIn =
    (list: readonly Entry[]) =>
    (index: number): Draft | null => {
      const entry = list[index];
      return entry?.kind === 'item' && !entry.draft.hasMeasureLine ? entry.draft : null;
    };
  const entries = read.map((entry, index) =>
    entry.kind === 'count-lost'
      ? countFromItem(entry, [index - 1, index + 1].map(draftIn(read)))
      : entry,
  );
  const draftAt = draftIn(entries);
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
      // Else the item whose price is missing: the quantity line says what it cost.
      [before, after].find((draft) => draft?.priceCents === null) ??
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
  return entries.flatMap((entry) => (entry.kind === 'item' ? [entry.draft] : []));
}

/**
 * A quantity line whose count was lost, as the measure it was: the count is the first
 * neighbouring item's price over the unit price, where that is a whole count of at least 2
 * (3,87 over 1,29: 3). Otherwise nothing: never an item named by a letter.
 */
function countFromItem(
  entry: Extract<Entry, { kind: 'count-lost' }>,
  neighbours: readonly (Draft | null)[],
): Entry {
  for (const draft of neighbours) {
    if (draft?.priceCents == null || draft.priceCents % entry.unitPriceCents !== 0) continue;
    const quantity = draft.priceCents / entry.unitPriceCents;
    if (quantity < 2 || !isQuantity(quantity)) continue;
    const { unitPriceCents, confidence } = entry;
    return { kind: 'measure', quantity, unit: null, unitPriceCents, totalCents: null, confidence };
  }
  return { kind: 'other' };
}

/**
 * Classifies one trimmed, non-empty line; null for a bar or a speck that stands for nothing.
 * With `damagedPrices`, a line ending in "2 25" or "225" is read as priced (see SPACED_PRICE).
 */
function readLine(line: string, source: LineSource, damagedPrices: boolean): ReadLine | null {
  if (line.length > LINE_MAX_LENGTH) return { entry: { kind: 'other' }, source, text: line };
  const text = normaliseLine(line);
  const entry = readText(text, source, damagedPrices);
  return entry === null ? null : { entry, source, text };
}

function readText(text: string, source: LineSource, damagedPrices: boolean): Entry | null {
  const { confidence } = source;
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  // Amid a receipt's items, "BREAD 2:58" is a price whose separator was misread, not a time.
  const isTime = DATE_OR_TIME.test(text) && !(damagedPrices && SPACED_PRICE.test(text));
  if (isTime || VAT_ID.test(text)) return { kind: 'other' };

  const words = mendTotalLabel(foldWords(text));
  if (isNotItemLine(words)) {
    const price = TRAILING_PRICE.exec(text);
    const cents = price === null ? null : amountCents(price[2] ?? '');
    if (price === null || cents === null) {
      const damaged = namesGrandTotal(words) ? readDamagedTotal(text) : null;
      if (damaged !== null) return damaged;
      // A total or a payment whose amount was lost still says the paper is a receipt.
      return { kind: hasReceiptWord(words) ? 'receipt-mark' : 'other' };
    }
    if (!isGrandTotal(words, text)) {
      const isNegative = price[1] !== undefined || price[3] !== undefined;
      // A saving may be printed without its minus; a deposit paid is added, one returned taken off.
      if (isDiscountLine(words)) return { kind: 'receipt-mark', extraCents: -cents };
      if (isDepositLine(words)) {
        return { kind: 'receipt-mark', extraCents: isNegative ? -cents : cents };
      }
      // An amount recognition doubted ("Karte 9,58" at 2 %, for 25,57) says nothing.
      return isCardPayment(words) &&
        !isNegative &&
        amountConfidence(source.words, cents, source.confidence) >= LOW_CONFIDENCE
        ? { kind: 'receipt-mark', paidCents: cents }
        : { kind: 'receipt-mark' };
    }
    // A refund's total is printed negative, and stays so.
    const isNegative = price[1] !== undefined || price[3] !== undefined;
    return { kind: 'total', totalCents: isNegative ? -cents : cents };
  }

  const measure = readMeasure(MEASURE_LINE.exec(text), null, confidence);
  if (measure !== undefined) return measure;
  const countLost = COUNT_LOST_LINE.exec(text);
  const unitPriceCents = countLost === null ? null : amountCents(countLost[1] ?? '');
  if (unitPriceCents !== null && unitPriceCents > 0) {
    return { kind: 'count-lost', unitPriceCents, confidence };
  }

  const price = TRAILING_PRICE.exec(text);
  const cents = price === null ? null : amountCents(price[2] ?? '');
  if (price === null || cents === null) {
    if (
      POSTCODE_AND_CITY.test(text) ||
      UK_POSTCODE.test(text) ||
      STREET.test(text) ||
      NAMED_STREET.test(text)
    ) {
      return { kind: 'other' };
    }
    if (damagedPrices) {
      const damaged = readDamagedPrice(text, source);
      if (damaged !== null) return { kind: 'item', draft: damaged };
    }
    // "Milch 2 €" on a list: the quick-add field's looser prices (no decimals) hold here too.
    const draft = readDraft(text, { price: 'as written', ...source });
    return draft === null ? { kind: 'other' } : { kind: 'item', draft };
  }
  // A discount, or the deposit of returned bottles: part of the total, not something bought.
  if (price[1] !== undefined || price[3] !== undefined) {
    return { kind: 'receipt-mark', extraCents: -cents };
  }
  if (cents > ITEM_PRICE_MAX_CENTS) return { kind: 'other' };

  const rest = text.slice(0, price.index).replace(PRICE_SEPARATOR, '');
  const measureWithTotal = readMeasure(MEASURE_LINE.exec(rest), cents, confidence);
  if (measureWithTotal !== undefined) return measureWithTotal;
  const draft = readPricedDraft(rest, cents, source);
  // A price with no name is no sign of a receipt: handwriting is often misread as digits.
  return draft === null ? { kind: 'other' } : { kind: 'item', draft };
}

/**
 * A grand total's amount whose separator recognition lost: "TOTAAL 28 21" is 28,21, as an item's
 * "2 25" is 2,25. Digits alone ("SUMME 25757", "TOTAL 2821") may have lost the separator (2821
 * is 28,21) or had it read as a digit (25757 is 25,57, the 7 a misread comma): both are kept, and
 * the one the items add up to is taken (damagedTotalCents).
 */
function readDamagedTotal(text: string): Entry | null {
  const spaced = SPACED_PRICE.exec(text);
  if (spaced !== null)
    return { kind: 'total', totalCents: Number(spaced[1]) * 100 + Number(spaced[2]) };
  const digits = WHOLE_PRICE.exec(text)?.[1];
  if (digits === undefined) return null;
  const separatorReadAsDigit =
    digits.length > 3 ? [Number(digits.slice(0, -3) + digits.slice(-2))] : [];
  return { kind: 'damaged-total', candidatesCents: [Number(digits), ...separatorReadAsDigit] };
}

/** "BANANEN 2 25" as 2,25; "BANANEN 225" as 225.00, for the total check to correct. */
function readDamagedPrice(text: string, source: LineSource): Draft | null {
  const spaced = SPACED_PRICE.exec(text);
  const whole = spaced === null ? WHOLE_PRICE.exec(text) : null;
  const match = spaced ?? whole;
  if (match === null) return null;
  const cents = Number(match[1]) * 100 + Number(match[2] ?? 0);
  if (cents > ITEM_PRICE_MAX_CENTS) return null;
  return readPricedDraft(text.slice(0, match.index).replace(PRICE_SEPARATOR, ''), cents, source);
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
function readPricedDraft(rest: string, cents: number, source: LineSource): Draft | null {
  const inline = TRAILING_MEASURE.exec(rest);
  if (inline !== null && (inline[4] !== undefined || inline[6] !== undefined)) {
    // "BANANEN 2 x 0,49 0,98": the last amount is the line's, the measure gives the quantity.
    const [, name = '', quantityText = '', unit] = inline;
    const quantity = Number(quantityText.replace(',', '.'));
    if (!isQuantity(quantity)) return readDraft(rest, { price: cents, ...source });
    return readDraft(name, {
      price: cents,
      measure: { quantity, unit: unit ?? null },
      ...source,
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
        ...source,
      });
    }
  }
  const unitPrice = TRAILING_AMOUNT.exec(rest);
  if (unitPrice !== null) {
    // "2 PAN DE MOLDE 1,15 2,30": a unit price before the line's; when no quantity is written,
    // the ratio of the two is it.
    const [, name = '', amount = ''] = unitPrice;
    const draft = readDraft(name, { price: cents, ...source });
    const unitCents = amountCents(amount);
    if (draft === null || unitCents === null || unitCents === 0) return draft;
    const ratio = cents / unitCents;
    if (draft.quantity === 1 && draft.unit === null && Number.isInteger(ratio) && ratio > 1) {
      if (isQuantity(ratio)) draft.quantity = ratio;
    }
    return draft;
  }
  return readDraft(rest, { price: cents, ...source });
}

interface DraftReading extends LineSource {
  /** The line's price in cents, or 'as written' to take one from the name (a list's "Milch 2 €"). */
  price: number | 'as written';
  /** A quantity printed apart from the name ("2 x 0,49"), which wins over one in the name. */
  measure?: { quantity: number; unit: string | null };
}

/** The item a name (with its written quantity, if any) describes; null when it names nothing. */
function readDraft(text: string, { price, measure, ...marked }: DraftReading): Draft | null {
  const unmarked = stripListMarks(text);
  const source = withoutMarkWords(text, unmarked, marked);
  const printed = fixLookalikeDigits(unmarked);
  const parsed = parseItemLine(printed);
  if (parsed === null) return null;
  const name = withoutSpecksAtEnd(cleanName(parsed.name), source.words);
  const printedName = cleanName(printed);
  if (!isPlausibleName(name)) return null;
  // A doubtful line is offered only when it reads as a name, not as specks and creases.
  if (
    source.confidence < LOW_CONFIDENCE &&
    (!isCleanName(name) || countLetters(name) < LOW_CONFIDENCE_MIN_LETTERS)
  ) {
    return null;
  }
  const draft: Draft = {
    name,
    printedName: isPlausibleName(printedName) ? printedName : name,
    quantity: parsed.quantity,
    unit: parsed.unit,
    priceCents: price === 'as written' ? parsed.priceCents : price,
    hasMeasureLine: false,
    ...source,
  };
  if (measure !== undefined) applyMeasure(draft, measure.quantity, measure.unit);
  return draft;
}

/**
 * The line as far as its item goes: a list's bullet, read as a stray mark (`*`, `«`, an `e`), is
 * no part of the item, and recognition's doubt about it made clearly read items suggestions ("*
 * Milk": the mark 11, "Milk" 96, the line 53; a third of a careful typed list's items). The line's
 * confidence is then that of the words left, their mean as recognition takes a line's.
 */
function withoutMarkWords(text: string, unmarked: string, source: LineSource): LineSource {
  const tokens = text.trim().split(/\s+/u);
  const { words } = source;
  // Marks the line's tidying dropped before the text got here (`. Zx uien`: the `.`), each a
  // whole word of marks, then those the list's marks took: the words left must be the text's.
  const tidied = words.length - tokens.length;
  if (tidied < 0 || !words.slice(0, tidied).every((word) => !/[\p{L}\p{N}]/u.test(word.text))) {
    return source;
  }
  const marks = tidied + tokens.length - (unmarked === '' ? 0 : unmarked.split(/\s+/u).length);
  if (marks <= 0 || marks >= words.length) return source;
  const kept = words.slice(marks);
  const mean = kept.reduce((sum, word) => sum + clampConfidence(word.confidence), 0) / kept.length;
  return { ...source, confidence: Math.round(mean), words: kept };
}

/**
 * The name without the specks recognition read between it and the price: words at its end it
 * doubted that are no word, with fewer than three letters or a mark among them, after a word it
 * was sure of ("Hagelslag | Ee) 2,49", "Koffie ib 1,29"). A short word it was sure of ("Eier M")
 * stays, as does a doubted word of letters ("Rijst HES") or the end of a doubted word recognition
 * broke in two ("Spülmait el"): they may be the name's.
 */
function withoutSpecksAtEnd(name: string, words: readonly RecognisedWord[]): string {
  const doubted = new Set(
    words.filter((word) => word.confidence < LOW_CONFIDENCE).map((word) => wordKey(word.text)),
  );
  if (doubted.size === 0) return name;
  const kept = name.split(' ');
  const isSpeck = (word: string) =>
    doubted.has(wordKey(word)) && (countLetters(word) < 3 || !/^\p{L}+$/u.test(word));
  while (kept.length > 1 && isSpeck(kept[kept.length - 1]!)) kept.pop();
  // After a word recognition doubted too, a short word may be the rest of it ("Spülmait el").
  if (kept.length === name.split(' ').length || doubted.has(wordKey(kept[kept.length - 1]!))) {
    return name;
  }
  return cleanName(kept.join(' '));
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

function toItem(draft: Draft, isOffered: boolean): ReceiptItem {
  const name = cutName(draft.name);
  return {
    name,
    quantity: draft.quantity,
    unit: draft.unit,
    priceCents: draft.priceCents,
    priceConfidence: priceConfidence(draft, name),
    confidence: draft.confidence,
    line: draft.line,
    lineIndex: draft.lineIndex,
    suggestion: isOffered || draft.confidence < LOW_CONFIDENCE,
    doubtfulWords: doubtfulWords(name, draft.words),
  };
}

/** The words of a name that recognition read with low confidence, as the name writes them. */
function doubtfulWords(name: string, words: readonly RecognisedWord[]): string[] {
  const doubtful = new Set(
    words.filter((word) => word.confidence < LOW_CONFIDENCE).map((word) => wordKey(word.text)),
  );
  if (doubtful.size === 0) return [];
  const found = name.split(' ').filter((word) => doubtful.has(wordKey(word)));
  return [...new Set(found)];
}

/**
 * The least sure of the words that printed the price (amountWords); where the line's words do not
 * show it (a price its quantity line gave), those with a digit outside the name.
 */
function priceConfidence(draft: Draft, name: string): number | null {
  if (draft.priceCents === null) return null;
  const printed = amountWords(draft.words, draft.priceCents);
  if (printed.length > 0) return leastSure(printed, draft.confidence);
  const nameWords = new Set(name.split(' ').map(wordKey));
  const priceWords = draft.words.filter(
    (word) => hasDigit(word) && !nameWords.has(wordKey(word.text)),
  );
  return leastSure(priceWords, draft.confidence);
}

/** A word as compared: its look-alike digits read as letters, no marks at its ends, any case. */
function wordKey(word: string): string {
  return fixLookalikeDigits(cleanName(word)).toLowerCase();
}

function clampConfidence(confidence: number): number {
  return Number.isFinite(confidence) ? Math.min(100, Math.max(0, Math.round(confidence))) : 0;
}
