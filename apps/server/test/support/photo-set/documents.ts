/**
 * The papers of the hard photo set: receipts and shopping lists in the five languages, written
 * with what trips a reader. Amounts with a tax letter after them (`1,99 A`), a quantity on a line
 * of its own (`2 x 1,15`), French thousands with a space (`1 960,06`), names with letters that
 * look like digits (`Olive Oil`, `Milk`), list bullets before counts (`• 3x melk`, `- 2 Milch`),
 * and a printed total that is the sum of the items. Shops, addresses and prices are invented.
 */
import type { OcrLanguage } from '@household/contracts';
import type { SampleDocument, SampleItem } from '../sample-photos';
import { integerBetween, pick, type Random } from './random';

/** How the photo was taken; reported apart (see camera.ts). */
export type PhotoGroup = 'careful' | 'ordinary' | 'poor';
export const PHOTO_GROUPS: readonly PhotoGroup[] = ['careful', 'ordinary', 'poor'];

/** How the paper was written: a till's printer, a list typed and printed, or one by hand. */
export type Hand = 'printed' | 'typed' | 'handwritten';

export interface HardDocument extends SampleDocument {
  group: PhotoGroup;
  hand: Hand;
}

interface Product {
  name: string;
  cents: number;
  /** The tax class a till prints after the amount, where the language's tills do. */
  tax?: 'A' | 'B';
}

interface ReceiptLanguage {
  decimal: ',' | '.';
  /** French tills group thousands with a space. */
  thousands: '' | ' ';
  tagged: boolean;
  /** Where a till prints "2 x 1,15" for a product bought more than once. */
  quantityLine: 'above' | 'below';
  columns: number;
  shops: { name: string; address: string[] }[];
  dateRow: (random: Random) => [string, string];
  totalLabel: string;
  paidLabel: string;
  countLine: (count: number) => string;
  thanks: string;
  products: Product[];
  /** Bought now and then: over a thousand, for the thousands separator. */
  bigTicket?: Product[];
}

const two = (n: number) => String(n).padStart(2, '0');
const day = (random: Random) => [integerBetween(random, 1, 28), integerBetween(random, 1, 12)];
const time = (random: Random) =>
  `${two(integerBetween(random, 8, 20))}:${two(integerBetween(random, 0, 59))}`;

const RECEIPTS: Record<OcrLanguage, ReceiptLanguage> = {
  eng: {
    decimal: '.',
    thousands: '',
    tagged: false,
    quantityLine: 'below',
    columns: 36,
    shops: [
      { name: 'FRESHWAY STORES', address: ['14 Mill Road', 'Leeds LS6 2BW'] },
      { name: 'OAKLEY MARKET', address: ['3 Station Parade', 'Bath BA1 1JL'] },
    ],
    dateRow: (random) => {
      const [d, m] = day(random);
      return [`${two(d!)}/${two(m!)}/2025`, time(random)];
    },
    totalLabel: 'TOTAL',
    paidLabel: 'VISA DEBIT',
    countLine: (count) => `Items: ${count}`,
    thanks: 'Thank you for shopping',
    products: [
      { name: 'Milk', cents: 115 },
      { name: 'Olive Oil', cents: 449 },
      { name: 'Oat Milk', cents: 165 },
      { name: 'Wholemeal Bread', cents: 110 },
      { name: 'Free Range Eggs', cents: 229 },
      { name: 'Cheddar', cents: 325 },
      { name: 'Lollipops', cents: 100 },
      { name: 'Coffee Beans', cents: 549 },
      { name: 'Basmati Rice', cents: 199 },
      { name: 'Salted Butter', cents: 189 },
      { name: 'Tomato Soup', cents: 95 },
      { name: 'Toilet Roll', cents: 350 },
      { name: 'Bananas', cents: 89 },
      { name: 'Orange Juice', cents: 180 },
    ],
  },
  deu: {
    decimal: ',',
    thousands: '',
    tagged: true,
    quantityLine: 'below',
    columns: 38,
    shops: [
      { name: 'MARKTKAUF NORD', address: ['Bahnhofstraße 21', '30159 Hannover'] },
      { name: 'FRISCHEMARKT LEHMANN', address: ['Lindenweg 7', '04109 Leipzig'] },
    ],
    dateRow: (random) => {
      const [d, m] = day(random);
      return [`${two(d!)}.${two(m!)}.2025`, time(random)];
    },
    totalLabel: 'SUMME',
    paidLabel: 'Karte',
    countLine: (count) => `Anzahl Artikel: ${count}`,
    thanks: 'Vielen Dank für Ihren Einkauf',
    products: [
      { name: 'Vollmilch', cents: 109, tax: 'A' },
      { name: 'Olivenöl', cents: 499, tax: 'A' },
      { name: 'Bio Eier', cents: 279, tax: 'A' },
      { name: 'Roggenbrot', cents: 189, tax: 'A' },
      { name: 'Gouda', cents: 229, tax: 'A' },
      { name: 'Butter', cents: 239, tax: 'A' },
      { name: 'Spaghetti', cents: 99, tax: 'A' },
      { name: 'Kaffee', cents: 649, tax: 'A' },
      { name: 'Äpfel', cents: 199, tax: 'A' },
      { name: 'Joghurt', cents: 49, tax: 'A' },
      { name: 'Mineralwasser', cents: 29, tax: 'B' },
      { name: 'Zahnpasta', cents: 115, tax: 'B' },
      { name: 'Lollis', cents: 100, tax: 'A' },
      { name: 'Spülmittel', cents: 135, tax: 'B' },
    ],
  },
  nld: {
    decimal: ',',
    thousands: '',
    tagged: false,
    quantityLine: 'above',
    columns: 36,
    shops: [
      { name: 'BUURTSUPER JANSEN', address: ['Kerkstraat 12', '3511 LK Utrecht'] },
      { name: 'VERSMARKT OOST', address: ['Linnaeusstraat 88', '1093 EK Amsterdam'] },
    ],
    dateRow: (random) => {
      const [d, m] = day(random);
      return [`${two(d!)}-${two(m!)}-2025`, time(random)];
    },
    totalLabel: 'TOTAAL',
    paidLabel: 'PIN',
    countLine: (count) => `Aantal artikelen: ${count}`,
    thanks: 'Bedankt en tot ziens',
    products: [
      { name: 'Halfvolle Melk', cents: 119 },
      { name: 'Olijfolie', cents: 549 },
      { name: 'Volkoren Brood', cents: 229 },
      { name: 'Jonge Kaas', cents: 449 },
      { name: 'Eieren', cents: 259 },
      { name: 'Appels', cents: 199 },
      { name: 'Koffie', cents: 729 },
      { name: 'Yoghurt', cents: 129 },
      { name: 'Pindakaas', cents: 279 },
      { name: 'Roomboter', cents: 219 },
      { name: 'Hagelslag', cents: 249 },
      { name: 'Rijst', cents: 139 },
      { name: 'Uien', cents: 99 },
      { name: 'Zeep', cents: 115 },
    ],
  },
  fra: {
    decimal: ',',
    thousands: ' ',
    tagged: true,
    quantityLine: 'below',
    columns: 38,
    shops: [
      { name: 'HYPER CENTRE', address: ['Avenue de la Gare', '69003 Lyon'] },
      { name: 'MARCHE DU PORT', address: ['12 quai des Pêcheurs', '13002 Marseille'] },
    ],
    dateRow: (random) => {
      const [d, m] = day(random);
      return [`${two(d!)}/${two(m!)}/2025`, time(random)];
    },
    totalLabel: 'TOTAL',
    paidLabel: 'CB',
    countLine: (count) => `Nombre d'articles : ${count}`,
    thanks: 'Merci de votre visite',
    products: [
      { name: 'Lait Demi-Ecreme', cents: 105, tax: 'A' },
      { name: "Huile d'Olive", cents: 695, tax: 'A' },
      { name: 'Baguette', cents: 110, tax: 'A' },
      { name: 'Oeufs Bio', cents: 320, tax: 'A' },
      { name: 'Beurre Doux', cents: 245, tax: 'A' },
      { name: 'Comté', cents: 490, tax: 'A' },
      { name: 'Café Moulu', cents: 399, tax: 'A' },
      { name: 'Pommes Golden', cents: 249, tax: 'A' },
      { name: 'Yaourt Nature', cents: 115, tax: 'A' },
      { name: 'Riz Long', cents: 169, tax: 'A' },
      { name: 'Eau Minérale', cents: 55, tax: 'A' },
      { name: 'Savon', cents: 199, tax: 'B' },
      { name: 'Lessive', cents: 1195, tax: 'B' },
    ],
    bigTicket: [
      { name: 'Téléviseur LED', cents: 114900, tax: 'B' },
      { name: 'Réfrigérateur', cents: 129900, tax: 'B' },
      { name: 'Lave-Linge', cents: 104999, tax: 'B' },
    ],
  },
  spa: {
    decimal: ',',
    thousands: '',
    tagged: false,
    quantityLine: 'above',
    columns: 36,
    shops: [
      { name: 'SUPERMERCADO SOL', address: ['C/ Alcalá 140', '28009 Madrid'] },
      { name: 'ALIMENTACIÓN LUNA', address: ['Avda. del Puerto 9', '46023 Valencia'] },
    ],
    dateRow: (random) => {
      const [d, m] = day(random);
      return [`${two(d!)}/${two(m!)}/2025`, time(random)];
    },
    totalLabel: 'TOTAL',
    paidLabel: 'TARJETA',
    countLine: (count) => `Artículos: ${count}`,
    thanks: 'Gracias por su compra',
    products: [
      { name: 'Leche Entera', cents: 89 },
      { name: 'Aceite de Oliva', cents: 849 },
      { name: 'Pan de Molde', cents: 135 },
      { name: 'Huevos', cents: 239 },
      { name: 'Queso Manchego', cents: 475 },
      { name: 'Café Molido', cents: 319 },
      { name: 'Arroz', cents: 125 },
      { name: 'Tomates', cents: 199 },
      { name: 'Yogur Natural', cents: 45 },
      { name: 'Galletas', cents: 135 },
      { name: 'Jamón Serrano', cents: 395 },
      { name: 'Lentejas', cents: 111 },
      { name: 'Detergente', cents: 399 },
      { name: 'Olivas', cents: 150 },
    ],
  },
};

export function formatMoney(cents: number, decimal: ',' | '.', thousands: '' | ' '): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${whole}${decimal}${String(cents % 100).padStart(2, '0')}`;
}

/** A till's receipt: items chosen and counted by `random`, the total their sum. */
export function drawReceipt(
  id: string,
  language: OcrLanguage,
  group: PhotoGroup,
  variant: number,
  random: Random,
): HardDocument {
  const style = RECEIPTS[language];
  const money = (cents: number) => formatMoney(cents, style.decimal, style.thousands);
  const lines: string[] = [];
  const row = (left: string, right: string) =>
    lines.push(left + ' '.repeat(Math.max(1, style.columns - left.length - right.length)) + right);
  const center = (text: string) =>
    lines.push(' '.repeat(Math.max(0, Math.floor((style.columns - text.length) / 2))) + text);
  const shop = style.shops[variant % style.shops.length]!;
  center(shop.name);
  shop.address.forEach(center);
  lines.push('');
  row(...style.dateRow(random));
  lines.push('-'.repeat(style.columns));

  const products = pick(random, style.products, integerBetween(random, 6, 9));
  if (style.bigTicket && variant === 1) products.splice(2, 0, pick(random, style.bigTicket, 1)[0]!);
  const items: SampleItem[] = [];
  for (const product of products) {
    const quantity = random() < 0.3 ? integerBetween(random, 2, 4) : 1;
    const priceCents = product.cents * quantity;
    const amount =
      style.tagged && product.tax ? `${money(priceCents)} ${product.tax}` : money(priceCents);
    const quantityLine = `  ${quantity} x ${money(product.cents)}`;
    if (quantity > 1 && style.quantityLine === 'above') lines.push(quantityLine);
    row(product.name, amount);
    if (quantity > 1 && style.quantityLine === 'below') lines.push(quantityLine);
    items.push({ name: product.name, quantity, priceCents });
  }
  const totalCents = items.reduce((sum, item) => sum + item.priceCents!, 0);
  lines.push('-'.repeat(style.columns));
  row(style.totalLabel, money(totalCents));
  row(style.paidLabel, money(totalCents));
  lines.push('');
  lines.push(style.countLine(items.reduce((sum, item) => sum + item.quantity, 0)));
  center(style.thanks);
  return { id, language, kind: 'receipt', group, hand: 'printed', lines, items, totalCents };
}

const LISTS: Record<OcrLanguage, { titles: string[]; names: string[] }> = {
  eng: {
    titles: ['Shopping', 'To buy'],
    names: [
      'Milk',
      'Olive Oil',
      'Bread',
      'Eggs',
      'Apples',
      'Toilet Roll',
      'Coffee',
      'Lemons',
      'Rice',
      'Butter',
      'Soap',
      'Biscuits',
      'Onions',
    ],
  },
  deu: {
    titles: ['Einkauf', 'Einkaufsliste'],
    names: [
      'Milch',
      'Brot',
      'Eier',
      'Butter',
      'Äpfel',
      'Käse',
      'Olivenöl',
      'Kaffee',
      'Nudeln',
      'Zwiebeln',
      'Joghurt',
      'Seife',
      'Mehl',
    ],
  },
  nld: {
    titles: ['Boodschappen', 'Lijstje'],
    names: [
      'melk',
      'brood',
      'eieren',
      'kaas',
      'appels',
      'boter',
      'olijfolie',
      'koffie',
      'rijst',
      'uien',
      'yoghurt',
      'zeep',
      'hagelslag',
    ],
  },
  fra: {
    titles: ['Courses', 'Liste de courses'],
    names: [
      'pain',
      'lait',
      'oeufs',
      'beurre',
      'fromage',
      'pommes',
      "huile d'olive",
      'café',
      'riz',
      'oignons',
      'yaourts',
      'savon',
      'farine',
    ],
  },
  spa: {
    titles: ['Compra', 'Lista de la compra'],
    names: [
      'leche',
      'pan',
      'huevos',
      'aceite de oliva',
      'queso',
      'tomates',
      'café',
      'arroz',
      'cebollas',
      'yogures',
      'jabón',
      'harina',
      'manzanas',
    ],
  },
};

/** Bullets as people write them: a dot (often read as "e"), a dash, or none. */
const BULLETS = ['• ', '- ', ''] as const;

/** A shopping list: some entries counted ("3x melk", "2 Milch"), most not. */
export function drawList(
  id: string,
  language: OcrLanguage,
  group: PhotoGroup,
  hand: 'typed' | 'handwritten',
  random: Random,
): HardDocument {
  const { titles, names } = LISTS[language];
  const bullet = BULLETS[integerBetween(random, 0, BULLETS.length - 1)]!;
  const lines = [titles[integerBetween(random, 0, titles.length - 1)]!];
  const items: SampleItem[] = [];
  for (const name of pick(random, names, integerBetween(random, 6, 9))) {
    const counted = random() < 0.35;
    const quantity = counted ? integerBetween(random, 2, 6) : 1;
    const count = counted ? (random() < 0.5 ? `${quantity}x ` : `${quantity} `) : '';
    lines.push(`${bullet}${count}${name}`);
    items.push({ name, quantity, priceCents: null });
  }
  return { id, language, kind: 'list', group, hand, lines, items, totalCents: null };
}
