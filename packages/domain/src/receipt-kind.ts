import { SPACED_PRICE, TRAILING_PRICE, WHOLE_PRICE } from './receipt-amounts';

/** Where a line is on the picture, as fractions 0–1 of its width and height from the top left. */
export interface LineBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One line as text recognition read it, top to bottom. */
export interface RecognisedLine {
  text: string;
  /** 0–100: how sure recognition was of the line. */
  confidence: number;
  /** Where the line is on the picture, as fractions 0–1 of its size; absent when not known. */
  box?: LineBox | null;
  /** The line's words as recognised, each with its own confidence 0–100. */
  words?: readonly RecognisedWord[];
}

export interface RecognisedWord {
  text: string;
  confidence: number;
  /** Where the word is on the picture; absent when not known. */
  box?: LineBox | null;
}

/** What the lines of a photo show of the paper they are on. */
export interface PaperEvidence {
  /** A grand total was printed. */
  hasTotal: boolean;
  /** Lines with a receipt's words: tax, payment, change, a subtotal, a discount, a deposit. */
  receiptMarks: number;
  /** Lines with letters (a name), and how many of them end in something price-like. */
  namedLines: number;
  pricedLines: number;
  /** Lines with a box, and how many of them run to the right edge as a receipt's columns do. */
  boxedLines: number;
  rightAlignedLines: number;
}

/** A line's end right of this (as a share of the picture's width) is flush right. */
const RIGHT_EDGE = 0.8;
/** A receipt line runs across the paper; a list's short words do not. */
const WIDE_LINE = 0.4;

/**
 * Whether a line ends in a price, even one recognition damaged: "2,25", "2 25", "225 A", "2,2S".
 * `text` is the line normalised (junk off its edges).
 */
export function endsLikePrice(text: string): boolean {
  return TRAILING_PRICE.test(text) || SPACED_PRICE.test(text) || WHOLE_PRICE.test(text);
}

/** A box whose line runs across the paper to its right edge, where a receipt prints prices. */
export function isRightAligned(box: LineBox): boolean {
  return box.x + box.width >= RIGHT_EDGE && box.width >= WIDE_LINE;
}

/**
 * Receipt or list, from the paper rather than from whether prices could be read: recognition
 * often loses a receipt's prices while its words and columns survive, and a list reads as a
 * receipt when a handful of its lines carry a price. A printed total, or two lines of a receipt's
 * vocabulary, settle it; otherwise it needs two of: a receipt word, most named lines ending in
 * something price-like (a third counts once), most boxed lines flush right.
 */
export function decidePaperKind(evidence: PaperEvidence): 'receipt' | 'list' {
  if (evidence.hasTotal || evidence.receiptMarks >= 2) return 'receipt';
  const pricedShare = evidence.namedLines === 0 ? 0 : evidence.pricedLines / evidence.namedLines;
  const alignedShare =
    evidence.boxedLines < 3 ? 0 : evidence.rightAlignedLines / evidence.boxedLines;
  const points =
    evidence.receiptMarks +
    (pricedShare >= 0.5 ? 2 : pricedShare >= 1 / 3 ? 1 : 0) +
    (alignedShare >= 0.5 ? 1 : 0);
  return points >= 2 ? 'receipt' : 'list';
}
