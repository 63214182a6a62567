import { ITEM_PRICE_MAX_CENTS, ITEM_QUANTITY_MAX } from '@household/contracts';

/** An item as one line of text describes it. */
export interface ItemLine {
  name: string;
  /** Always > 0 and at most ITEM_QUANTITY_MAX; 1 when the line names none. */
  quantity: number;
  /** As written (case kept, a trailing dot dropped); null when the line names none. */
  unit: string | null;
  /** What the whole line costs, in cents (not a unit price); null when the line names none. */
  priceCents: number | null;
}

/**
 * The units a quantity may carry, matched case-insensitively: metric and imperial weights and
 * volumes, pieces and packs, and the spoons of recipes, as written in en, de, nl, fr and es.
 * Short on purpose: every entry is a word that will never start an item's name.
 */
export const ITEM_LINE_UNITS = [
  // weight
  'mg',
  'g',
  'gr',
  'kg',
  'oz',
  'lb',
  'lbs',
  // volume
  'ml',
  'cl',
  'dl',
  'l',
  // pieces and packs: en pc/pcs/pk/pkg, de St./Stk./Stück/Pck., nl st/stuks, fr pce, es ud/uds
  'pc',
  'pcs',
  'pce',
  'pk',
  'pkg',
  'pck',
  'st',
  'stk',
  'stück',
  'stuks',
  'ud',
  'uds',
  // spoons: en tbsp/tsp, de/nl EL/TL, fr c.s./c.c. as cs/cc, es cda/cdta
  'tbsp',
  'tsp',
  'el',
  'tl',
  'cs',
  'cc',
  'cda',
  'cdta',
] as const;

/** Longer units first, so that the alternation prefers "kg" to a "k" that is not there. */
const UNIT = `(${[...ITEM_LINE_UNITS].sort((a, b) => b.length - a.length).join('|')})\\.?`;
/** A quantity: digits with an optional decimal point or comma (1.5 = 1,5, never thousands). */
const NUM = '(\\d+(?:[.,]\\d+)?)';
const TIMES = '[xX×*]';
const CURRENCY = '[€$£]';
const AMOUNT = '(\\d[\\d.,]*)';

const LEADING_TIMES = new RegExp(`^${NUM}\\s*${TIMES}\\s+(.+)$`, 'su');
const LEADING_UNIT = new RegExp(`^${NUM}\\s*${UNIT}\\s+(.+)$`, 'isu');
const LEADING_BARE = new RegExp(`^${NUM}\\s+(.+)$`, 'su');
const TRAILING_TIMES = new RegExp(`^(.+?)\\s+${TIMES}\\s*${NUM}$`, 'su');
const TRAILING_TIMES_AFTER = new RegExp(`^(.+?)\\s+${NUM}\\s*[xX×]$`, 'su');
const TRAILING_UNIT = new RegExp(`^(.+?)\\s+${NUM}\\s*${UNIT}$`, 'isu');
const NOTHING_BUT_A_SIGN = new RegExp(`^(?:${TIMES}|${UNIT})$`, 'iu');
const TRAILING_INTEGER = /^(.+?)\s+(\d+)$/su;

const PRICE_CURRENCY_FIRST = new RegExp(`(?:^|\\s)${CURRENCY}\\s*${AMOUNT}$`, 'u');
const PRICE_CURRENCY_AFTER = new RegExp(`(?:^|\\s)${AMOUNT}\\s*${CURRENCY}$`, 'u');
const PRICE_BARE = new RegExp(`(?:^|\\s)${AMOUNT}$`, 'u');
/** "Milk - 1,99", "Milk: 1,99", "Milk @ 1,99": the separator belongs to neither name nor price. */
const PRICE_SEPARATOR = /\s*[-–—:=@]?\s*$/u;

/**
 * The regular expressions above backtrack quadratically on long runs of spaces; no item name is
 * this long (ITEM_NAME_MAX_LENGTH is 200), so such a line is returned whole, to be refused as too long.
 */
const LINE_PARSE_MAX_LENGTH = 1000;

/**
 * Reads one line of the quick-add field or a plain-text import ("2 x Milk 1,99", "500 g flour");
 * null for a blank line, never throws.
 */
export function parseItemLine(line: string): ItemLine | null {
  const text = line.trim();
  if (text === '') return null;
  const whole: ItemLine = { name: text, quantity: 1, unit: null, priceCents: null };
  if (text.length > LINE_PARSE_MAX_LENGTH) return whole;

  const price = readTrailingPrice(text);
  const rest = price === null ? text : price.rest;
  const { name, quantity, unit } = readQuantity(rest);
  // A line that is nothing but numbers ("42", "1,99 €") is a name, not a quantity of nothing.
  if (name === '') return whole;
  return { name, quantity, unit, priceCents: price === null ? null : price.cents };
}

/**
 * Writes an item as one canonical line ("2 x Milk 1.99", "500 g flour", "Milk") that
 * parseItemLine reads back, as long as its unit is one of ITEM_LINE_UNITS and its name does not
 * end in something that reads as a price.
 */
export function formatItemLine(item: ItemLine): string {
  const price = item.priceCents === null ? '' : ` ${formatPrice(item.priceCents)}`;
  const quantity = formatQuantity(item.quantity);
  if (item.unit !== null) return `${quantity} ${item.unit} ${item.name}${price}`;
  if (item.quantity !== 1) return `${quantity} x ${item.name}${price}`;
  const short = `${item.name}${price}`;
  // "Milk 2" alone would read as two milks: spell out the quantity when the name needs it.
  const reread = parseItemLine(short);
  const isFaithful = reread !== null && reread.name === item.name && reread.quantity === 1;
  return isFaithful ? short : `1 x ${short}`;
}

/**
 * A trailing number is the line's price when it has exactly two decimals ("1,99", "1.99") or
 * carries a currency sign ("€1.99", "1,99 €", "2€"); "Bread 3" is three breads, not 3.00.
 */
function readTrailingPrice(text: string): { cents: number; rest: string } | null {
  for (const [pattern, hasCurrency] of [
    [PRICE_CURRENCY_FIRST, true],
    [PRICE_CURRENCY_AFTER, true],
    [PRICE_BARE, false],
  ] as const) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const cents = parseAmountCents(match[1] ?? '', hasCurrency);
    if (cents === null) continue;
    return { cents, rest: text.slice(0, match.index).replace(PRICE_SEPARATOR, '') };
  }
  return null;
}

/**
 * An amount in either decimal convention: "1.99" and "1,99"; with thousands "1,234.56" and
 * "1.234,56". Without a currency sign it must have exactly two decimals. With one, it may have
 * none or one ("2 €", "1,5 €"), and a single separator before three digits groups thousands
 * ("€1,299" and "1.299 €" are both 1299.00), as it does in all five languages.
 */
function parseAmountCents(amount: string, hasCurrency: boolean): number | null {
  const parts = amount.split(/[.,]/);
  const separators = amount.match(/[.,]/g) ?? [];
  const last = parts.at(-1) ?? '';
  const hasDecimals =
    separators.length > 0 && (last.length === 2 || (hasCurrency && last.length === 1));
  if (!hasDecimals && !hasCurrency) return null;
  const groups = hasDecimals ? parts.slice(0, -1) : parts;
  const groupSeparators = hasDecimals ? separators.slice(0, -1) : separators;
  const [head = '', ...tail] = groups;
  const isGrouped =
    groupSeparators.every((separator) => separator === groupSeparators[0]) &&
    (!hasDecimals || groupSeparators[0] !== separators.at(-1)) &&
    (tail.length === 0 || (head.length <= 3 && tail.every((group) => group.length === 3)));
  if (head === '' || !isGrouped) return null;
  const fraction = hasDecimals ? last.padEnd(2, '0') : '00';
  const cents = Number(groups.join('') + fraction);
  return Number.isSafeInteger(cents) && cents <= ITEM_PRICE_MAX_CENTS ? cents : null;
}

/** Finds the quantity (and unit) at the start or the end of the line; the rest is the name. */
function readQuantity(text: string): { name: string; quantity: number; unit: string | null } {
  const attempts: [RegExp, 'leading' | 'trailing', boolean][] = [
    [LEADING_TIMES, 'leading', false],
    [LEADING_UNIT, 'leading', true],
    [LEADING_BARE, 'leading', false],
    [TRAILING_TIMES, 'trailing', false],
    [TRAILING_TIMES_AFTER, 'trailing', false],
    [TRAILING_UNIT, 'trailing', true],
    [TRAILING_INTEGER, 'trailing', false],
  ];
  for (const [pattern, side, hasUnit] of attempts) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const [, first = '', second = '', third = ''] = match;
    const number = side === 'leading' ? first : second;
    const quantity = Number(number.replace(',', '.'));
    // "0 x Milk" is not zero milks: a quantity that cannot be one stays in the name.
    if (!(quantity > 0 && quantity <= ITEM_QUANTITY_MAX)) continue;
    const unit = hasUnit ? (side === 'leading' ? second : third) : null;
    const name = (side === 'leading' ? (hasUnit ? third : second) : first).trim();
    // "2 x" and "2 kg" are unfinished lines, not two items called "x" or "kg".
    if (pattern === LEADING_BARE && NOTHING_BUT_A_SIGN.test(name)) continue;
    return { name, quantity, unit };
  }
  return { name: text, quantity: 1, unit: null };
}

/** Plain decimal with a point, never an exponent, so that NUM reads it back. */
function formatQuantity(quantity: number): string {
  const plain = String(quantity);
  return plain.includes('e') ? quantity.toFixed(20).replace(/\.?0+$/, '') : plain;
}

/** Cents as "1.99": two decimals mark it as the price. */
function formatPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * What makes two item names the same item on a list: case, Unicode form and spacing aside
 * ("Milk", " milk ", "MILK" are one; "Milk 1L" is another).
 */
export function itemNameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}
