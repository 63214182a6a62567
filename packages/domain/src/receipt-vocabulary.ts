import { ITEM_LINE_UNITS } from './item-line';
import { AMOUNT_TOKEN } from './receipt-amounts';

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
    'shopping grocery groceries boodschappen courses compra einkauf lijstje',
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
export const NOT_A_NAME = new Set([...ITEM_LINE_UNITS, 'x', 'eur', 'euro', 'euros']);

export function isNotItemLine(words: readonly string[]): boolean {
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

/**
 * The labels of a grand total that recognition misreads by a letter on a crumpled or faded paper
 * ("TOTA", "TOTAAI"). Words no product begins with: "balance" and "gesamt" are left out, for a
 * word one letter from them may be a name.
 */
const MISREAD_TOTAL_LABELS = ['total', 'totaal', 'summe', 'importe'];

/** Whether `a` becomes `b` by changing, adding or removing at most one letter. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const rest = (x: string, skip: number) => x.slice(i + skip);
  return (
    rest(a, 1) === rest(b, 1) || // one letter changed (or none)
    rest(a, 1) === rest(b, 0) || // one letter too many in a
    rest(a, 0) === rest(b, 1) // one letter missing from a
  );
}

/**
 * The line's words with a first word misread from a total's label mended ("tota 1 331,09" as
 * "total 1 331,09"): a word of four letters or more, one letter from the label. Any other line's
 * words as they were.
 */
export function mendTotalLabel(words: readonly string[]): readonly string[] {
  const first = words[0];
  if (first === undefined || first.length < 4 || !/^\p{L}+$/u.test(first)) return words;
  if (TOTAL_WORDS.has(first)) return words;
  const label = MISREAD_TOTAL_LABELS.find((candidate) => withinOneEdit(first, candidate));
  return label === undefined ? words : [label, ...words.slice(1)];
}

/** Whether the words name the grand total ("TOTAL", "SUMME"), not a subtotal, tax or payment. */
export function namesGrandTotal(words: readonly string[]): boolean {
  const isTotal = words.some(
    (word, index) => TOTAL_WORDS.has(word) || TOTAL_PAIRS.has(`${word} ${words[index + 1] ?? ''}`),
  );
  return isTotal && !words.some((word) => NOT_GRAND_TOTAL.has(word));
}

/** A total line holding exactly one amount: "TOTAL 9,54 0,50" is a row of the tax table. */
export function isGrandTotal(words: readonly string[], text: string): boolean {
  if (!namesGrandTotal(words)) return false;
  return text.split(' ').filter((token) => AMOUNT_TOKEN.test(token)).length === 1;
}

/** Lower case, no accents, ß as ss, split into runs of letters. */
export function foldWords(text: string): string[] {
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

export const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * Words only a receipt prints (totals, tax, payment, change, the till): a line of the vocabulary
 * above holding one is evidence of a receipt even when its amount was lost. Not the greetings
 * and list titles, which a written list has too.
 */
const RECEIPT_WORDS = new Set([
  ...TOTAL_WORDS,
  ...NOT_GRAND_TOTAL,
  ...[
    'gesamtsumme endsumme totaal kassenbon kassabon quittung beleg belegnr bonnr rechnung factura',
    'facture tiquet receipt kassierer kassiererin kassier cajero cajera caissier caissiere',
    'cashier terminal transaktion transaction tse ttc kasse kassa caisse till bon ticket',
    'contactless kontaktlos emv',
  ].flatMap((group) => group.split(' ')),
]);

export function hasReceiptWord(words: readonly string[]): boolean {
  return words.some(
    (word, index) =>
      RECEIPT_WORDS.has(word) || TOTAL_PAIRS.has(`${word} ${words[index + 1] ?? ''}`),
  );
}

/** Lines that take money off the total: discounts, savings, coupons, loyalty prices. */
const DISCOUNT_WORDS = new Set(
  [
    'rabatt korting remise descuento discount coupon preisvorteil ersparnis gespart bespaard',
    'bespaart voordeel economise economies ahorro ahorrado savings saving bonus clubcard',
  ].flatMap((group) => group.split(' ')),
);
/** Bottle deposits, paid or returned. */
const DEPOSIT_WORDS = new Set(['pfand', 'leergut', 'statiegeld', 'consigne', 'envase', 'deposit']);

export function isDiscountLine(words: readonly string[]): boolean {
  return words.some((word) => DISCOUNT_WORDS.has(word));
}

export function isDepositLine(words: readonly string[]): boolean {
  return words.some((word) => DEPOSIT_WORDS.has(word));
}

/**
 * A card payment: its amount is the total paid, where a payment in cash ("BAR 50,00") is what
 * was handed over, change to come. Not "change" or "cambio" (given back), nor "credit" alone.
 */
const CARD_WORDS = new Set(
  [
    'karte card carte cb pin pinnen girocard visa mastercard maestro vpay amex tarjeta debit',
    'bancaire kartenzahlung contactless kontaktlos',
  ].flatMap((group) => group.split(' ')),
);
const CASH_WORDS = new Set(
  ['bar cash efectivo especes contant gegeben entregado'].flatMap((group) => group.split(' ')),
);

export function isCardPayment(words: readonly string[]): boolean {
  return (
    words.some((word) => CARD_WORDS.has(word)) &&
    !words.some((word) => CASH_WORDS.has(word) || DISCOUNT_WORDS.has(word))
  );
}
