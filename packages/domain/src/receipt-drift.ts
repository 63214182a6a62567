import { TRAILING_PRICE } from './receipt-amounts';
import type { LineBox, RecognisedLine, RecognisedWord } from './receipt-kind';
import { countLetters, LOW_CONFIDENCE, LOW_CONFIDENCE_MIN_LETTERS } from './receipt-names';

/*
 * Prices that drifted a line. On crumpled paper a receipt's rows bend, and recognition, building
 * its lines straight across, can join each price to the name of the row above: "Elien 2,79" (the
 * rule under the header, read as a word), "Pindakaas 5,49", "Olijfolie 1,39", ... and the last name
 * of the run with no price at all. Every price is then a row off, though every one was read right
 * (two of the hard photo set's poor receipts, bench/README.md "Prices a line off").
 *
 * The words' boxes show it: each such price sits nearer the middle of the next row's name than of
 * its own line's. A run is moved down a row only when the whole of it says so: it starts at a
 * price beside specks recognition doubted (a rule, a crease), ends at a clearly read name without
 * a price, and each of its prices is nearer the name it goes to than the one it leaves. A straight
 * receipt never shows that pattern, however its names were read.
 */

/** A word recognition was at least this sure of counts towards where a name is. */
const SURE_WORD = 50;
/** A price is at most an amount with a minus, a currency, a tax class and specks: four words. */
const PRICE_WORDS_MAX = 4;

interface Row {
  line: RecognisedLine;
  words: readonly BoxedWord[];
  /** How many of the line's last words are its price: 0 without one. */
  priceWords: number;
}

type BoxedWord = RecognisedWord & { box: LineBox };

/**
 * The lines with every run of prices that drifted a row up put back beside their names. Lines
 * without word boxes (a reading that gave none) are left as they are.
 */
export function realignDriftedPrices(lines: readonly RecognisedLine[]): RecognisedLine[] {
  const rows = lines.map(rowOf);
  const result = [...lines];
  for (let start = 0; start < rows.length; start += 1) {
    const end = driftedRunEnd(rows, start);
    if (end === null) continue;
    // Each row from `start` to the one before `end` gives its price to the row below.
    for (let index = start; index <= end; index += 1) {
      const row = rows[index]!;
      const received = index === start ? [] : takenPrice(rows[index - 1]!);
      result[index] = lineOf(row.line, [...nameWords(row), ...received]);
    }
    start = end;
  }
  return result;
}

/** Where a run of drifted prices starting at `start` ends (its unpriced name's row), or null. */
function driftedRunEnd(rows: readonly (Row | null)[], start: number): number | null {
  const first = rows[start];
  if (!first || first.priceWords === 0 || isClearName(nameWords(first))) return null;
  for (let index = start + 1; index < rows.length; index += 1) {
    const row = rows[index];
    const above = rows[index - 1]!;
    if (!row || !isNearerBelow(above, row)) return null;
    if (row.priceWords === 0) return isClearName(nameWords(row)) ? index : null;
  }
  return null;
}

/** The row's price is nearer the middle of the next row's name than of its own line's name. */
function isNearerBelow(row: Row, below: Row): boolean {
  const price = middle(takenPrice(row).filter((word) => /\p{N}/u.test(word.text)));
  const own = nameMiddle(nameWords(row));
  const next = nameMiddle(nameWords(below));
  // A price alone on its line has nothing to be nearer than: such a line starts no run.
  if (price === null || own === null || next === null) return false;
  return Math.abs(price - next) < Math.abs(price - own);
}

function rowOf(line: RecognisedLine): Row | null {
  const words = line.words;
  if (!words || words.length === 0 || !words.every(hasBox)) return null;
  return { line, words, priceWords: priceWordCount(words) };
}

const hasBox = (word: RecognisedWord): word is BoxedWord => word.box != null;

/** The most of the line's last words that read as a whole price ("1 299,00 B": three). */
function priceWordCount(words: readonly RecognisedWord[]): number {
  for (let count = Math.min(PRICE_WORDS_MAX, words.length); count > 0; count -= 1) {
    const match = TRAILING_PRICE.exec(
      words
        .slice(-count)
        .map((word) => word.text)
        .join(' '),
    );
    if (match?.index === 0) return count;
  }
  return 0;
}

const nameWords = (row: Row) => row.words.slice(0, row.words.length - row.priceWords);
const takenPrice = (row: Row) => row.words.slice(row.words.length - row.priceWords);

/** A word of the name read as surely as an item must be, with as many letters: not specks. */
function isClearName(words: readonly RecognisedWord[]): boolean {
  return words.some(
    (word) =>
      word.confidence >= LOW_CONFIDENCE && countLetters(word.text) >= LOW_CONFIDENCE_MIN_LETTERS,
  );
}

/** Where a name is: the middle of its sure words, or of all its words when none is sure. */
function nameMiddle(words: readonly BoxedWord[]): number | null {
  const written = words.filter((word) => /[\p{L}\p{N}]/u.test(word.text));
  const sure = written.filter((word) => word.confidence >= SURE_WORD);
  return middle(sure.length > 0 ? sure : written);
}

function middle(words: readonly BoxedWord[]): number | null {
  if (words.length === 0) return null;
  return words.reduce((sum, word) => sum + word.box.y + word.box.height / 2, 0) / words.length;
}

/** The line made of these words: its text, and the box around them. */
function lineOf(line: RecognisedLine, words: readonly BoxedWord[]): RecognisedLine {
  if (words.length === 0) return { ...line, text: '', words: [] };
  const left = Math.min(...words.map((word) => word.box.x));
  const top = Math.min(...words.map((word) => word.box.y));
  const right = Math.max(...words.map((word) => word.box.x + word.box.width));
  const bottom = Math.max(...words.map((word) => word.box.y + word.box.height));
  return {
    ...line,
    text: words.map((word) => word.text).join(' '),
    box: { x: left, y: top, width: right - left, height: bottom - top },
    words,
  };
}
