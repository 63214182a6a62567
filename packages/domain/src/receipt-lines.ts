import {
  ITEM_NAME_MAX_LENGTH,
  ITEM_PRICE_MAX_CENTS,
  ITEM_QUANTITY_MAX,
} from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { ITEM_LINE_UNITS, parseItemLine } from './item-line';

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
 * Vocabulary of the lines that are not items, in en, de, nl, fr and es. Words are compared
 * folded: lower case, accents and umlauts dropped, ß as ss ("Rückgeld" is "ruckgeld").
 */

/** Words no product name contains: a line holding one anywhere is not an item. */
const NOT_ITEM_ANYWHERE = new Set(
  [
    // totals
    'summe zwischensumme gesamtsumme gesamtbetrag endsumme subtotal subtotaal totaal',
    // tax and tax ids
    'mwst ust btw tva iva vat igic mehrwertsteuer steuer netto brutto nettobetrag bruttobetrag',
    'imponible ttc ht incl inkl excl exkl ustid idnr steuernummer siret siren nif cif',
    // payments and change
    'girocard mastercard maestro visa vpay amex kartenzahlung kreditkarte bancaire bancaria',
    'contant pinnen pinbetaling betaalkaart especes efectivo tarjeta contactless kontaktlos emv',
    'ruckgeld wechselgeld wisselgeld rendu cambio',
    // loyalty, discounts and savings (a discount line may carry a positive "you saved" amount)
    'payback deutschlandcard bonuskaart clubcard nectar airmiles koopzegels spaarzegels fidelite',
    'treuepunkte punkte puntos points punten cagnotte bonus rabatt korting remise descuento',
    'discount coupon preisvorteil ersparnis gespart bespaard bespaart voordeel economise',
    'economies ahorro ahorrado savings saving',
    // bottle deposits: part of the total, never something to put on a list
    'pfand leergut statiegeld consigne envase deposit',
    // greetings
    'danke dank bedankt gracias thank thanks bienvenue welkom willkommen bienvenido bienvenida',
    'revoir bientot wiedersehen ziens visite',
    // the receipt itself, the till, the shop, how to reach it
    'kassenbon kassabon quittung beleg belegnr bonnr rechnung factura facture tiquet receipt',
    'kopie duplicata kassierer kassiererin kassier cajero cajera caissier caissiere bediener',
    'bedienerin operador vendedor cashier operator filiale terminal transaktion transaction',
    'trace tse signatur seriennummer telefon telephone telefono tel telf tfno phone fax www',
    'http https email offnungszeiten openingstijden horaires horario gmbh ltd plc sarl',
    // counts of articles, and the titles of shopping lists
    'artikel artikelen articles articulos items einkaufsliste einkaufszettel boodschappenlijst',
    'boodschappenlijstje',
  ].flatMap((group) => group.split(' ')),
);

/** Two words that together mark a line that is not an item. */
const NOT_ITEM_PAIRS = new Set([
  'sub total',
  'sous total',
  'te betalen',
  'zu zahlen',
  'a payer',
  'a pagar',
  'amount due',
  'balance due',
  'montant du',
  'to pay',
  'ec karte',
  'ec cash',
  'b v',
  'n v',
  's a',
  's l',
]);

/**
 * Words that start a line that is not an item but may well appear inside a product's name
 * ("FAGE TOTAL", "MARS BAR"): they count only as the line's first word. Not here: words that
 * start products in one of the languages, such as "te" (es té) and "caja" (es a box).
 */
const NOT_ITEM_FIRST = new Set(
  [
    'total gesamt importe montant betrag bedrag amount balance saldo tax cuota geg gegeben',
    'bezahlt betaald paid pagado entregado zuruck bar cash karte pin cb change debit credit kasse',
    'kassa caisse till bon ticket nr datum date fecha uhrzeit hora heure tijd liste lista list',
    'shopping grocery groceries boodschappen courses compra',
  ].flatMap((group) => group.split(' ')),
);

/**
 * Words that mark a line that is not an item only when nothing else is on it but other such
 * words, amounts and fillers: "CARTE 12,34" is a payment, "CARTE D'OR 3,49" is ice cream.
 */
const NOT_ITEM_ALONE = new Set(['carte', 'merci', 'card', 'bleue', 'credito', 'debito', 'ec']);

/** Words that say nothing either way. */
const FILLER = new Set(
  [
    'eur euro euros gbp usd a b c d e f h i x y u de du des la le les el los las en et und and of',
    'the to for pour por para voor fur mit met con avec with von van over sur sobre auf im in au',
    'aux al del het een der die das dem den ihr ihre ihren your uw votre su sus vous sie you due',
    'pay payer pagar betalen zahlen venta sale sales no num numero sans contact nfc chip',
  ].flatMap((group) => group.split(' ')),
);

/** The grand total: a line with one of these, and none of NOT_GRAND_TOTAL. */
const TOTAL_WORDS = new Set([
  'total',
  'totaal',
  'summe',
  'gesamt',
  'gesamtsumme',
  'gesamtbetrag',
  'endsumme',
  'importe',
  'balance',
]);
const TOTAL_PAIRS = new Set([
  'te betalen',
  'zu zahlen',
  'a payer',
  'a pagar',
  'amount due',
  'to pay',
  'montant du',
]);
/** Subtotals, tax table rows ("TOTAL HT", "TOTAL IVA"), what was paid, given back or saved. */
const NOT_GRAND_TOTAL = new Set(
  [
    'zwischensumme subtotal subtotaal sub sous mwst ust btw tva iva vat igic tax steuer netto',
    'brutto ht imponible base cuota incl inkl excl exkl bar cash card karte carte cb pin pinnen',
    'girocard visa mastercard maestro vpay amex tarjeta efectivo especes contant bancaire geg',
    'gegeben entregado bezahlt betaald paid debit credit kartenzahlung ruckgeld wechselgeld',
    'wisselgeld rendu cambio change zuruck payback punkte points puntos punten bonus rabatt',
    'korting remise descuento discount coupon preisvorteil ersparnis voordeel ahorro savings',
    'saving economies',
  ].flatMap((group) => group.split(' ')),
);

/** Units and currencies: a "name" made of nothing else ("2 Stk", "kg", "EUR") names nothing. */
const NOT_A_NAME = new Set([...ITEM_LINE_UNITS, 'x', 'eur', 'euro', 'euros']);

/*
 * Amounts. Prices have exactly two decimals, in either convention, with thousands grouped by
 * the other separator ("1.299,00", "1,299.00"); an O read for a 0 is taken as one.
 */
const DIGIT = '[0-9Oo]';
const AMOUNT =
  `${DIGIT}{1,3}(?:\\.${DIGIT}{3})+,${DIGIT}{2}|${DIGIT}{1,3}(?:,${DIGIT}{3})+\\.${DIGIT}{2}` +
  `|${DIGIT}{1,9}[.,]${DIGIT}{2}`;
const CURRENCY = '(?:[€£$]|EUR|Eur|eur)';
/** The tax class after a price: "1,99 A", "1,99 B*", "1,99 *", "1,99 1". */
const TAX_CLASS = '(?: ?(?:[A-F]\\*?|\\*{1,2})| [1-9])';
/** Groups: 1 a leading minus, 2 the amount, 3 a trailing minus ("0,50-"). */
const TRAILING_PRICE = new RegExp(
  `(?:^| )(?:${CURRENCY} ?)?(-)?(?:${CURRENCY} ?)?(${AMOUNT})(-)?(?: ?${CURRENCY})?${TAX_CLASS}?$`,
  'u',
);
/** "6, 65": recognition often reads a space after the decimal separator. */
const SPACED_DECIMALS = new RegExp(`(\\d[.,]) (\\d{2}-?(?: ?${CURRENCY})?${TAX_CLASS}?)$`, 'u');
const AMOUNT_TOKEN = new RegExp(`^[-€£$]*(?:${AMOUNT})-?(?:[€£$]|EUR)?[A-F]?\\*?$`, 'iu');

/*
 * Measures: "2 x 0,49", "2 Stk x 0,49 EUR", "0,746 kg x 1,65 EUR/kg", "1,064 kg 1,79 €/kg": a
 * quantity at a unit price. Groups: 1 quantity, 2 unit, 3 the times sign, 4 unit price, 5 "/kg".
 */
const UNITS = [...ITEM_LINE_UNITS].sort((a, b) => b.length - a.length).join('|');
const QUANTITY = '(\\d{1,6}(?:[.,]\\d{1,3})?)';
const TIMES = '[x×*@]';
const MEASURE =
  `${QUANTITY} ?(?:(${UNITS})\\.? ?)?(${TIMES} ?)?` +
  `(?:${CURRENCY} ?)?(${AMOUNT})(?: ?${CURRENCY})?( ?\\/ ?(?:${UNITS})\\.?)?`;
const MEASURE_LINE = new RegExp(`^${MEASURE}$`, 'iu');
const TRAILING_MEASURE = new RegExp(`^(.+?) ${MEASURE}$`, 'iu');
/** "BANANEN 2 x" before the price: the price is each one's. */
const TRAILING_TIMES = new RegExp(`^(.+?) ${QUANTITY} ?(?:(${UNITS})\\.? ?)?${TIMES}$`, 'iu');
/** "2 PAN DE MOLDE 1,15" before the price 2,30: the first amount is the unit price. */
const TRAILING_AMOUNT = new RegExp(`^(.+?) (?:${CURRENCY} ?)?(${AMOUNT})(?: ?${CURRENCY})?$`, 'iu');
/** "Milk - 1.99", "Milk: 1.99". */
const PRICE_SEPARATOR = / ?[-–—:=@]$/u;

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
/** The bullets and checkboxes of a written list, as parseTextList knows them and OCR reads them. */
const BULLET = /^(?:[-*+>o°–—](?: +|$)|[•·▪►◦](?: *)|\d{1,3}[.)](?: +|(?=\p{L})))/u;
const CHECKBOX = /^(?:\[[ xX✓✔]?\]|[☐☑☒□■✓✔])(?: +|$)/u;
/** A name worth keeping from a line recognition was unsure of: letters and ordinary marks only. */
const CLEAN_NAME = /^[\p{L}\p{N} .,'’&%()/+-]+$/u;

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

/** Whitespace collapsed, junk off the edges, "6, 65" as "6,65". */
function normaliseLine(line: string): string {
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
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
const JUNK_EDGE_CHARS = new Set([...'|_~¦`^\\.,;:\'"!?']);

function stripListMarks(text: string): string {
  let rest = text.trim();
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(BULLET, '').replace(CHECKBOX, '').trim();
  }
  return rest;
}

function cleanName(name: string): string {
  let text = name.replace(/\s+/gu, ' ').trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(NAME_LEADING_JUNK, '').replace(NAME_TRAILING_JUNK, '').trim();
  }
  return text;
}

/** At least two letters, no more digits than letters, and more than a unit or a currency. */
function isPlausibleName(name: string): boolean {
  const letters = countLetters(name);
  const digits = name.match(/\p{N}/gu)?.length ?? 0;
  if (letters < 2 || digits > letters) return false;
  // No unit or currency is longer than five letters: a longer word is a name.
  return LONG_WORD.test(name) || !foldWords(name).every((word) => NOT_A_NAME.has(word));
}
const LONG_WORD = /\p{L}{6}/u;

function isCleanName(name: string): boolean {
  return CLEAN_NAME.test(name) && countLetters(name) * 2 >= name.replace(/ /g, '').length;
}

function countLetters(text: string): number {
  if (!PRINTABLE_ASCII.test(text)) return text.match(/\p{L}/gu)?.length ?? 0;
  let letters = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index) | 0x20;
    if (code >= 0x61 && code <= 0x7a) letters += 1;
  }
  return letters;
}

/** ITEM_NAME_MAX_LENGTH in UTF-16 units, as the list's validation counts, never half a pair. */
function cutName(name: string): string {
  if (name.length <= ITEM_NAME_MAX_LENGTH) return name;
  let cut = name.slice(0, ITEM_NAME_MAX_LENGTH);
  if (/[\uD800-\uDBFF]$/u.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

function isNotItemLine(words: readonly string[]): boolean {
  const first = words.find((word) => word.length > 1);
  if (first !== undefined && NOT_ITEM_FIRST.has(first)) return true;
  let hasKeyword = false;
  let isAllKeywords = true;
  for (const [index, word] of words.entries()) {
    if (NOT_ITEM_ANYWHERE.has(word)) return true;
    if (NOT_ITEM_PAIRS.has(`${word} ${words[index + 1] ?? ''}`)) return true;
    if (NOT_ITEM_FIRST.has(word) || NOT_ITEM_ALONE.has(word)) hasKeyword = true;
    else if (!FILLER.has(word)) isAllKeywords = false;
  }
  return hasKeyword && isAllKeywords;
}

/** A total line holding exactly one amount: "TOTAL 9,54 0,50" is a row of the tax table. */
function isGrandTotal(words: readonly string[], text: string): boolean {
  const isTotal = words.some(
    (word, index) => TOTAL_WORDS.has(word) || TOTAL_PAIRS.has(`${word} ${words[index + 1] ?? ''}`),
  );
  if (!isTotal || words.some((word) => NOT_GRAND_TOTAL.has(word))) return false;
  return text.split(' ').filter((token) => AMOUNT_TOKEN.test(token)).length === 1;
}

/** Lower case, no accents, ß as ss, split into runs of letters. */
function foldWords(text: string): string[] {
  const lower = text.toLowerCase();
  // Most receipt lines are ASCII, and decomposing them is most of the time this takes.
  const folded = PRINTABLE_ASCII.test(lower)
    ? lower
    : lower
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replaceAll('ß', 'ss');
  return folded.split(/[^\p{L}]+/u).filter((word) => word !== '');
}

/** An amount as AMOUNT matched it, in cents; null when it holds no digit at all ("O,OO"). */
function amountCents(amount: string): number | null {
  if (!/\d/.test(amount)) return null;
  const digits = amount.replace(/[Oo]/g, '0').replace(/[^\d]/g, '');
  const cents = Number(digits);
  return Number.isSafeInteger(cents) ? cents : null;
}

function isQuantity(quantity: number): boolean {
  return quantity > 0 && quantity <= ITEM_QUANTITY_MAX;
}

function clampConfidence(confidence: number): number {
  return Number.isFinite(confidence) ? Math.min(100, Math.max(0, Math.round(confidence))) : 0;
}
