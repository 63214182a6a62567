import { ITEM_NAME_MAX_LENGTH } from '@household/contracts';
import { ITEM_LINE_UNITS } from './item-line';
import { SPACED_DECIMALS } from './receipt-amounts';
import { NOT_A_NAME, PRINTABLE_ASCII, foldWords } from './receipt-vocabulary';

/*
 * The edges of a line and of a name: recognition adds bars, underscores and tildes from the
 * paper's edge and creases, and lone dots and commas from specks.
 */
const EDGE_JUNK = '[|_~¦`^\\\\]';
const LEADING_JUNK = new RegExp(`^(?:${EDGE_JUNK}+|[.,;:'"!?](?= |$)) ?`, 'u');
const TRAILING_JUNK = new RegExp(
  `(?:${EDGE_JUNK}+|(?:^| )[.,;:'"!?]|[,;:'"!]|(?<=[\\d€])\\.)$`,
  'u',
);
const NAME_LEADING_JUNK = new RegExp(`^(?:${EDGE_JUNK}|[\\p{P}\\p{S}](?= )|[.,;:!?'"‘’“”«»])`, 'u');
const NAME_TRAILING_JUNK = new RegExp(
  `(?:${EDGE_JUNK}|(?<= )[\\p{P}\\p{S}]|[,;:!?'"‘’“”«»])$`,
  'u',
);
/**
 * The bullets and checkboxes of a written list, as parseTextList knows them and OCR reads them:
 * a bullet is often read as an o or an e.
 */
const BULLET = /^(?:[-*+>oe°–—](?: +|$)|[•·▪►◦](?: *)|\d{1,3}[.)](?: +|(?=\p{L})))/u;
const CHECKBOX = /^(?:\[[ xX✓✔]?\]|[☐☑☒□■✓✔])(?: +|$)/u;
/**
 * A bullet read as one or two other marks before the line's first word or count: "« 4x Coffee",
 * "«6x Zwiebeln", "—* leche", "„2 Käse" (read so from the hard photo set's poor lists).
 */
const MISREAD_BULLET = /^[\p{P}\p{S}]{1,2} *(?=[\p{L}\p{N}])/u;
/**
 * A count whose digit was read as the letter it looks like, before a name: "Zx uien" (2x),
 * "Gx lait" (6x), "Ax pain" (4x), "Sx sel" (5x), "Bx" (8x).
 */
const LOOKALIKE_COUNT = /^([ZGASB])x(?= \p{L})/u;
const COUNT_DIGITS: Record<string, string> = { Z: '2', G: '6', A: '4', S: '5', B: '8' };
/** A name worth keeping from a line recognition was unsure of: letters and ordinary marks only. */
const CLEAN_NAME = /^[\p{L}\p{N} .,'’&%()/+-]+$/u;

/** Whitespace collapsed, junk off the edges, "6, 65" as "6,65". */
export function normaliseLine(line: string): string {
  // A name must pass zLine when the items are saved: no control characters, no lone surrogates.
  const collapsed = line
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/\p{Cs}/gu, '')
    .trim();
  let text = PRINTABLE_ASCII.test(collapsed) ? collapsed : collapsed.normalize('NFC');
  // The patterns scan the whole line; most lines have no junk at either edge to look for.
  while (JUNK_EDGE_CHARS.has(text[0] ?? '') || JUNK_EDGE_CHARS.has(text.at(-1) ?? '')) {
    const stripped = text.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '').trim();
    if (stripped === text) break;
    text = stripped;
  }
  return text.includes(', ') || text.includes('. ') ? text.replace(SPACED_DECIMALS, '$1$2') : text;
}
const JUNK_EDGE_CHARS = new Set([...'|_~¦`^\\.,;:\'"!?']);

export function stripListMarks(text: string): string {
  let rest = text.trim();
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(BULLET, '').replace(CHECKBOX, '').replace(MISREAD_BULLET, '').trim();
  }
  return rest.replace(LOOKALIKE_COUNT, (_count, letter: string) => `${COUNT_DIGITS[letter]}x`);
}

export function cleanName(name: string): string {
  let text = name.replace(/\s+/gu, ' ').trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(NAME_LEADING_JUNK, '').replace(NAME_TRAILING_JUNK, '').trim();
  }
  return text;
}

/**
 * Below this confidence a line is only offered (77 of 100 false items measured on photos were
 * below it, against 13 of 265 true ones), and dropped unless its name reads cleanly.
 */
export const LOW_CONFIDENCE = 60;
/** A doubtful line needs this many letters in its name to be offered: specks make one or two. */
export const LOW_CONFIDENCE_MIN_LETTERS = 3;

/**
 * A doubtful name of several words needs one of at least this many letters: creases and grain
 * read as runs of fragments (`ED Mo`, `e PEA EZ`, `En Is`), where a product's name of several words
 * has a longer one (`Oat Milk`, `Pan de Molde`).
 */
const FRAGMENT_RUN_LONGEST_WORD = 4;

/** Whether a name is several words of letters, each shorter than a product's name has one. */
export function isFragmentRun(name: string): boolean {
  const words = name.split(' ').filter((word) => countLetters(word) > 0);
  return words.length >= 2 && words.every((word) => countLetters(word) < FRAGMENT_RUN_LONGEST_WORD);
}

/** At least two letters, no more digits than letters, and more than a unit or a currency. */
export function isPlausibleName(name: string): boolean {
  const letters = countLetters(name);
  const digits = name.match(/\p{N}/gu)?.length ?? 0;
  if (letters < 2 || digits > letters) return false;
  // No unit or currency is longer than five letters: a longer word is a name.
  return LONG_WORD.test(name) || !foldWords(name).every((word) => NOT_A_NAME.has(word));
}
const LONG_WORD = /\p{L}{6}/u;

export function isCleanName(name: string): boolean {
  return CLEAN_NAME.test(name) && countLetters(name) * 2 >= name.replace(/ /g, '').length;
}

export function countLetters(text: string): number {
  if (!PRINTABLE_ASCII.test(text)) return text.match(/\p{L}/gu)?.length ?? 0;
  let letters = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index) | 0x20;
    if (code >= 0x61 && code <= 0x7a) letters += 1;
  }
  return letters;
}

/** ITEM_NAME_MAX_LENGTH in UTF-16 units, as the list's validation counts, never half a pair. */
export function cutName(name: string): string {
  if (name.length <= ITEM_NAME_MAX_LENGTH) return name;
  let cut = name.slice(0, ITEM_NAME_MAX_LENGTH);
  if (/[\uD800-\uDBFF]$/u.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/** Digits recognition reads for the letters they look like: upper case, lower case. */
const LOOKALIKE_LETTERS: Readonly<Record<string, readonly [string, string]>> = {
  '0': ['O', 'o'],
  '1': ['I', 'i'],
  '5': ['S', 's'],
  '8': ['B', 'b'],
};
const LETTERS_AND_LOOKALIKES = /^[\p{L}0158]+$/u;
const IS_LETTER = /\p{L}/u;
const IS_UPPER = /\p{Lu}/u;
const UNIT_WORDS = new Set([...ITEM_LINE_UNITS].map((unit) => unit.toLowerCase()));

/**
 * Words with a digit read for a letter, "Olive 0il", "M1lk", "5ugar": a 0, 1, 5 or 8 between two
 * letters, or starting a word of at least two more letters, is the letter it looks like, in the
 * case of its neighbours. Words that mix letters and digits for real are left alone: "7up" and
 * "A4" (no look-alike), "B12" and "500g" (no letter after), "1kg" (a unit), "1,5L" and "3x".
 */
export function fixLookalikeDigits(text: string): string {
  if (!/[0158]/.test(text)) return text;
  return text
    .split(' ')
    .map((word) => {
      if (!LETTERS_AND_LOOKALIKES.test(word)) return word;
      const characters = [...word];
      const isLetter = (index: number) => IS_LETTER.test(characters[index] ?? '');
      const fixed = characters.map((character, index) => {
        const letters = LOOKALIKE_LETTERS[character];
        if (letters === undefined) return character;
        const rest = characters.slice(index + 1).join('');
        const starts =
          index === 0 &&
          rest.length >= 2 &&
          [...rest].every((_, at) => isLetter(at + 1)) &&
          !UNIT_WORDS.has(rest.toLowerCase());
        if (starts) return letters[0];
        if (index === 0 || !isLetter(index - 1) || !isLetter(index + 1)) return character;
        return IS_UPPER.test(characters[index + 1] ?? '') ? letters[0] : letters[1];
      });
      return fixed.join('');
    })
    .join(' ');
}
