/**
 * Receipts and shopping lists for tests and benchmarks, drawn by code as a phone would photograph
 * them: no binary fixtures in the repository, and the expected items beside the text they came
 * from. The shops, addresses and prices are invented.
 */
import type { OcrLanguage } from '@household/contracts';
import sharp from 'sharp';
import { seeded } from './photo-set/random';

/**
 * A product as printed: `priceCents` is what its line cost (quantity × unit price, or weight ×
 * price per kilogram), before any discount printed under it. Deposit and discount lines are not
 * items; they count in the document's total only. `quantity` is a weight in kilograms for a
 * weighed product.
 */
export interface SampleItem {
  name: string;
  quantity: number;
  priceCents: number | null;
}

export interface SampleDocument {
  id: string;
  language: OcrLanguage;
  kind: 'receipt' | 'list';
  /** The text as printed, top to bottom (receipts in a fixed-width font, aligned with spaces). */
  lines: string[];
  items: SampleItem[];
  totalCents: number | null;
}

export interface PhotoOptions {
  rotateDegrees?: number;
  blurSigma?: number;
  /** 0..1: the standard deviation of the sensor noise, as a share of half the brightness range. */
  noise?: number;
  /** In pixels; the height follows from the document's length. */
  width?: number;
  format?: 'jpeg' | 'png' | 'webp';
  quality?: number;
}

/** A hand-held phone photo: slightly turned, a little out of focus, grainy, compressed. */
export const PHOTO_LIKE: PhotoOptions = {
  rotateDegrees: 2.5,
  blurSigma: 0.7,
  noise: 0.08,
  width: 1100,
  format: 'jpeg',
  quality: 78,
};

// ---------------------------------------------------------------------------------------------
// Receipts are laid out as their printers do: a fixed number of columns, amounts flush right.

type Decimal = ',' | '.';

function formatCents(cents: number, separator: Decimal): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${separator}${String(abs % 100).padStart(2, '0')}`;
}

/**
 * How a shop prints a product bought more than once: the unit price on a line under the product
 * ('below'), on a line above it ('above'), or the quantity first and the unit price in a column
 * of its own ('columns', every product then starts with its quantity).
 */
type QuantityStyle = 'below' | 'above' | 'columns';

interface ReceiptStyle {
  columns: number;
  decimal: Decimal;
  quantity: QuantityStyle;
  /** Printed after a product's amount, e.g. a tax class. */
  tag?: string;
  /** The "2 x 0,49" line, from the quantity and the formatted unit price. */
  quantityLine?: (quantity: number, unitPrice: string) => string;
  /** The "0,754 kg x 1,99 EUR/kg" line of a weighed product. */
  weightLine: (kilograms: string, pricePerKg: string) => string;
}

class Receipt {
  readonly lines: string[] = [];
  readonly items: SampleItem[] = [];
  private sumCents = 0;

  constructor(private readonly style: ReceiptStyle) {}

  get totalCents(): number {
    return this.sumCents;
  }

  money(cents: number): string {
    return formatCents(cents, this.style.decimal);
  }

  text(...lines: string[]): this {
    this.lines.push(...lines);
    return this;
  }

  center(...lines: string[]): this {
    for (const line of lines) {
      const left = Math.max(0, Math.floor((this.style.columns - line.length) / 2));
      this.lines.push(' '.repeat(left) + line);
    }
    return this;
  }

  rule(character = '-'): this {
    this.lines.push(character.repeat(this.style.columns));
    return this;
  }

  row(left: string, right: string): this {
    const gap = Math.max(1, this.style.columns - left.length - right.length);
    this.lines.push(left + ' '.repeat(gap) + right);
    return this;
  }

  /** A product: one line, or two when bought more than once (see QuantityStyle). */
  item(name: string, unitCents: number, quantity = 1): this {
    const lineCents = unitCents * quantity;
    const amount = this.amount(lineCents);
    const quantityLine =
      quantity > 1
        ? `  ${(this.style.quantityLine ?? defaultQuantityLine)(quantity, this.money(unitCents))}`
        : null;
    if (this.style.quantity === 'columns') {
      const unit = quantity > 1 ? this.money(unitCents) : '';
      this.row(`${String(quantity).padStart(2)} ${name}`, `${unit.padStart(6)}  ${amount}`);
    } else {
      if (quantityLine && this.style.quantity === 'above') this.lines.push(quantityLine);
      this.row(name, amount);
      if (quantityLine && this.style.quantity === 'below') this.lines.push(quantityLine);
    }
    this.items.push({ name, quantity, priceCents: lineCents });
    this.sumCents += lineCents;
    return this;
  }

  /** A weighed product: its weight and price per kilogram on the line under it. */
  weighed(name: string, grams: number, perKgCents: number): this {
    const lineCents = Math.round((grams * perKgCents) / 1000);
    const kilograms = (grams / 1000).toFixed(3).replace('.', this.style.decimal);
    const prefix = this.style.quantity === 'columns' ? ' 1 ' : '';
    this.row(`${prefix}${name}`, this.amount(lineCents));
    this.lines.push(`  ${this.style.weightLine(kilograms, this.money(perKgCents))}`);
    this.items.push({ name, quantity: grams / 1000, priceCents: lineCents });
    this.sumCents += lineCents;
    return this;
  }

  /** A deposit, discount or coupon: counts in the total, is no item. */
  adjustment(label: string, cents: number): this {
    this.row(this.style.quantity === 'columns' ? `   ${label}` : `  ${label}`, this.amount(cents));
    this.sumCents += cents;
    return this;
  }

  /** A tax line: the part of the total that is tax at `ratePercent`, rounded to the cent. */
  taxCents(ratePercent: number, grossCents: number): number {
    return Math.round(grossCents - grossCents / (1 + ratePercent / 100));
  }

  private amount(cents: number): string {
    return this.style.tag ? `${this.money(cents)} ${this.style.tag}` : this.money(cents);
  }
}

const defaultQuantityLine = (quantity: number, unitPrice: string) => `${quantity} x ${unitPrice}`;

function receipt(
  id: string,
  language: OcrLanguage,
  style: ReceiptStyle,
  draw: (r: Receipt) => void,
): SampleDocument {
  const r = new Receipt(style);
  draw(r);
  return {
    id,
    language,
    kind: 'receipt',
    lines: r.lines,
    items: r.items,
    totalCents: r.totalCents,
  };
}

/** A tendered amount that gives change: the next round note above the total. */
function cashFor(totalCents: number): number {
  for (const note of [500, 1000, 2000, 5000, 10000]) if (note > totalCents) return note;
  return Math.ceil(totalCents / 10000) * 10000 + 10000;
}

function list(id: string, language: OcrLanguage, title: string, entries: ListEntry[]) {
  return {
    id,
    language,
    kind: 'list' as const,
    lines: [title, ...entries.map((entry) => entry[0])],
    items: entries.map(([, name, quantity]) => ({ name, quantity, priceCents: null })),
    totalCents: null,
  };
}
/** The line as written, the item's name, its quantity. */
type ListEntry = [line: string, name: string, quantity: number];

// ---------------------------------------------------------------------------------------------
// English

const ENG_GROCER = receipt(
  'eng-receipt-grocer',
  'eng',
  { columns: 36, decimal: '.', quantity: 'below', weightLine: (kg, p) => `${kg} kg @ £${p}/kg` },
  (r) => {
    r.center(
      'GREENWAY FOODS',
      'Unit 4, Mill Lane Retail Park',
      'Bristol BS3 2QT',
      'VAT No. 284 5519 02',
    )
      .rule()
      .row('12/03/2025 18:42', 'Till 3  Op 118')
      .rule()
      .item('Semi Skimmed Milk', 125)
      .item('Wholemeal Bread', 110)
      .item('Free Range Eggs', 229)
      .item('Greek Yoghurt', 85, 2)
      .weighed('Loose Bananas', 760, 95)
      .item('Cheddar Cheese', 325)
      .adjustment('Clubcard Price', -50)
      .item('Orange Juice', 180)
      .item('Baked Beans', 49, 4)
      .item('Washing Up Liquid', 115)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('SUBTOTAL', `£${r.money(total)}`)
      .row('TOTAL', `£${r.money(total)}`)
      .row('CASH', `£${r.money(cash)}`)
      .row('CHANGE DUE', `£${r.money(cash - total)}`)
      .rule()
      .row('VAT 20% on £1.15', `£${r.money(r.taxCents(20, 115))}`)
      .text(`Items sold: ${r.items.reduce((n, item) => n + Math.ceil(item.quantity), 0)}`)
      .center('Thank you for shopping with us', 'Please keep your receipt');
  },
);

const ENG_CORNER_SHOP = receipt(
  'eng-receipt-market',
  'eng',
  {
    columns: 34,
    decimal: '.',
    quantity: 'above',
    quantityLine: (quantity, unit) => `${quantity} @ ${unit}`,
    weightLine: (kg, p) => `${kg} kg x ${p} /kg`,
  },
  (r) => {
    r.center("HARLOW'S MARKET", '27 High Street, York YO1 8RD', 'Tel 01904 552 871')
      .text('')
      .row('Date: 04/11/2024', 'Time: 09:15')
      .row('Receipt 0045127', 'Staff: Emma')
      .rule('=')
      .item('Chicken Breast Fillets', 450)
      .item('Basmati Rice', 199)
      .item('Tinned Tomatoes', 65, 3)
      .item('Red Onions', 89)
      .item('Garlic', 45)
      .item('Sparkling Water', 75, 2)
      .adjustment('Bottle deposit', 20)
      .item('Dark Chocolate', 160)
      .item('Kitchen Roll', 230)
      .rule('=');
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('Balance due', r.money(total))
      .row('Total', `£${r.money(total)}`)
      .row('Cash tendered', r.money(cash))
      .row('Change', r.money(cash - total))
      .text('')
      .row('VAT @ 20%', r.money(r.taxCents(20, 230)))
      .row('VAT @ 0%', '0.00')
      .center('Thank you, see you soon!');
  },
);

const ENG_LIST = list('eng-list', 'eng', 'Shopping list', [
  ['Milk', 'Milk', 1],
  ['Bread', 'Bread', 1],
  ['6 Eggs', 'Eggs', 6],
  ['Butter', 'Butter', 1],
  ['2 Apples', 'Apples', 2],
  ['Coffee', 'Coffee', 1],
  ['Pasta', 'Pasta', 1],
  ['3 Tomatoes', 'Tomatoes', 3],
  ['Toothpaste', 'Toothpaste', 1],
]);

// ---------------------------------------------------------------------------------------------
// German

const DEU_DISCOUNTER = receipt(
  'deu-receipt-discounter',
  'deu',
  {
    columns: 36,
    decimal: ',',
    quantity: 'below',
    tag: 'A',
    weightLine: (kg, p) => `${kg} kg x ${p} EUR/kg`,
  },
  (r) => {
    r.center('SPARMARKT', 'Hauptstraße 112', '45127 Essen')
      .text('')
      .text('                               EUR')
      .item('Vollmilch', 109)
      .item('Bio Bananen', 169)
      .item('Roggenbrot', 189)
      .item('Joghurt Natur', 49, 2)
      .item('Mineralwasser', 29, 6)
      .adjustment('Pfand', 150)
      .item('Gouda jung', 229)
      .weighed('Tomaten', 612, 299)
      .item('Butter', 239)
      .item('Spaghetti', 99)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('zu zahlen', r.money(total))
      .row('Bar', r.money(cash))
      .row('Rückgeld', r.money(cash - total))
      .text('')
      .text('MWST%     MWST   + Netto  = Brutto')
      .text(
        `A  7 %  ${r.money(r.taxCents(7, total)).padStart(6)}  ${r.money(total - r.taxCents(7, total)).padStart(7)}  ${r.money(total).padStart(7)}`,
      )
      .text('')
      .row('12.03.2025 18:42', 'Kasse 2')
      .row('Bon-Nr. 4711', 'Filiale 0815')
      .text('')
      .center('Vielen Dank für Ihren Einkauf!');
  },
);

const DEU_SUPERMARKT = receipt(
  'deu-receipt-supermarkt',
  'deu',
  {
    columns: 38,
    decimal: ',',
    quantity: 'below',
    tag: 'B',
    quantityLine: (quantity, unit) => `${quantity} Stk x ${unit}`,
    weightLine: (kg, p) => `${kg} kg x ${p} EUR/kg`,
  },
  (r) => {
    r.center('Frischecenter Vogt', 'Lindenallee 8', '79098 Freiburg', 'Tel.: 0761 4455120')
      .text('UID Nr.: DE281773019')
      .text('                                  EUR')
      .item('Kartoffeln festkochend', 249)
      .item('Hähnchenbrust', 599)
      .item('Paprika rot', 79, 3)
      .item('Frischkäse', 135)
      .item('Apfelsaft', 149)
      .item('Brötchen', 35, 4)
      .item('Kaffee Crema', 649)
      .adjustment('Rabatt 10%', -65)
      .item('Toilettenpapier', 349)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('SUMME', `EUR ${r.money(total)}`)
      .rule('=')
      .row('Geg. Bar', `EUR ${r.money(cash)}`)
      .row('Rückgeld BAR', `EUR ${r.money(cash - total)}`)
      .text('')
      .text('Steuer  %    Netto   Steuer   Brutto')
      .text(
        `B=  7,0%  ${r.money(total - r.taxCents(7, total)).padStart(7)}  ${r.money(r.taxCents(7, total)).padStart(6)}  ${r.money(total).padStart(7)}`,
      )
      .text(
        `Gesamtbetrag ${r.money(total - r.taxCents(7, total)).padStart(7)}  ${r.money(r.taxCents(7, total)).padStart(6)}  ${r.money(total).padStart(7)}`,
      )
      .text('')
      .row('TSE-Start: 2025-03-08', '10:27:51')
      .row('08.03.2025  10:28', 'Bon 3307')
      .center('Danke für Ihren Einkauf', 'Wir freuen uns auf Ihren', 'nächsten Besuch');
  },
);

const DEU_LIST = list('deu-list', 'deu', 'Einkaufsliste', [
  ['Milch', 'Milch', 1],
  ['Brot', 'Brot', 1],
  ['6 Eier', 'Eier', 6],
  ['2x Butter', 'Butter', 2],
  ['Äpfel', 'Äpfel', 1],
  ['Käse', 'Käse', 1],
  ['3 Joghurt', 'Joghurt', 3],
  ['Kaffee', 'Kaffee', 1],
  ['Nudeln', 'Nudeln', 1],
  ['Zahnpasta', 'Zahnpasta', 1],
]);

// ---------------------------------------------------------------------------------------------
// Dutch

const NLD_SUPERMARKT = receipt(
  'nld-receipt-supermarkt',
  'nld',
  {
    columns: 38,
    decimal: ',',
    quantity: 'columns',
    weightLine: (kg, p) => `${kg} kg x ${p} per kg`,
  },
  (r) => {
    r.center('BUURTSUPER DE VRIES', 'Kerkstraat 41', '3511 LK Utrecht', 'Tel. 030-2314455')
      .text('')
      .row('AANTAL OMSCHRIJVING', 'PRIJS  BEDRAG')
      .item('HALFVOLLE MELK', 119)
      .item('VOLKORENBROOD', 229)
      .item('JONGE KAAS', 449)
      .item('APPELS', 99, 2)
      .item('KOFFIEBONEN', 729)
      .weighed('BANANEN', 845, 199)
      .item('YOGHURT', 129, 2)
      .adjustment('BONUS KORTING', -100)
      .item('PINDAKAAS', 279)
      .item('SINAASAPPELSAP', 219)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('SUBTOTAAL', r.money(total))
      .row('TOTAAL', r.money(total))
      .row('CONTANT', r.money(cash))
      .row('WISSELGELD', r.money(cash - total))
      .text('')
      .text('BTW      OVER       EURO')
      .text(
        `9%   ${r.money(total - r.taxCents(9, total)).padStart(8)}   ${r.money(r.taxCents(9, total)).padStart(8)}`,
      )
      .text('')
      .row('14-03-2025 17:05', 'KASSA 4')
      .center('Bedankt en tot ziens!');
  },
);

const NLD_BAKKER = receipt(
  'nld-receipt-markt',
  'nld',
  {
    columns: 36,
    decimal: ',',
    quantity: 'below',
    weightLine: (kg, p) => `${kg} kg x € ${p}/kg`,
  },
  (r) => {
    r.center('VERSMARKT HOLLAND', 'Marktplein 3, 2011 HB Haarlem', 'KvK 58231907')
      .rule()
      .row('Datum: 21-02-2025', '11:32')
      .row('Bon: 88231', 'Kassa: 2')
      .rule()
      .item('Rundergehakt', 399)
      .item('Aardappelen', 189)
      .item('Komkommer', 79, 2)
      .item('Eieren vrije uitloop', 289)
      .item('Hagelslag', 239)
      .item('Spa rood', 89, 2)
      .adjustment('Statiegeld', 50)
      .item('Stroopwafels', 199)
      .item('Afwasmiddel', 169)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('Totaal', `€ ${r.money(total)}`)
      .row('Contant', `€ ${r.money(cash)}`)
      .row('Terug', `€ ${r.money(cash - total)}`)
      .text('')
      .row('BTW 9%', r.money(r.taxCents(9, total - 169)))
      .row('BTW 21%', r.money(r.taxCents(21, 169)))
      .text('')
      .center('Dank u wel voor uw bezoek', 'Graag tot de volgende keer');
  },
);

const NLD_LIST = list('nld-list', 'nld', 'Boodschappen', [
  ['- Melk', 'Melk', 1],
  ['- Brood', 'Brood', 1],
  ['- 10 Eieren', 'Eieren', 10],
  ['- Kaas', 'Kaas', 1],
  ['- 2 Komkommers', 'Komkommers', 2],
  ['- Hagelslag', 'Hagelslag', 1],
  ['- Koffie', 'Koffie', 1],
  ['- Wasmiddel', 'Wasmiddel', 1],
]);

// ---------------------------------------------------------------------------------------------
// French

const FRA_HYPER = receipt(
  'fra-receipt-hyper',
  'fra',
  {
    columns: 38,
    decimal: ',',
    quantity: 'below',
    tag: '€',
    quantityLine: (quantity, unit) => `${quantity} x ${unit} €`,
    weightLine: (kg, p) => `${kg} kg x ${p} €/kg`,
  },
  (r) => {
    r.center('MARCHÉ DU CENTRE', '14 avenue Jean Jaurès', '69007 Lyon', 'SIRET 512 884 301 00027')
      .rule()
      .item('Lait demi-écrémé', 98)
      .item('Baguette tradition', 115)
      .item('Camembert', 189)
      .item('Yaourts nature', 145, 2)
      .weighed('Pommes Golden', 1120, 249)
      .item('Jambon blanc', 289)
      .adjustment('Remise fidélité', -40)
      .item('Eau minérale', 42, 6)
      .item('Café moulu', 379)
      .item('Liquide vaisselle', 195)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('SOUS-TOTAL', `${r.money(total)} €`)
      .row('TOTAL A PAYER', `${r.money(total)} €`)
      .row('ESPECES', `${r.money(cash)} €`)
      .row('RENDU', `${r.money(cash - total)} €`)
      .text('')
      .text('TVA       HT        TVA       TTC')
      .text(
        `5,5%  ${r.money(total - 195 - r.taxCents(5.5, total - 195)).padStart(7)}  ${r.money(r.taxCents(5.5, total - 195)).padStart(7)}  ${r.money(total - 195).padStart(7)}`,
      )
      .text(
        `20%   ${r.money(195 - r.taxCents(20, 195)).padStart(7)}  ${r.money(r.taxCents(20, 195)).padStart(7)}  ${r.money(195).padStart(7)}`,
      )
      .text('')
      .row('07/03/2025 19:12', 'Caisse 06')
      .center('Merci de votre visite', 'À bientôt !');
  },
);

const FRA_EPICERIE = receipt(
  'fra-receipt-epicerie',
  'fra',
  {
    columns: 36,
    decimal: ',',
    quantity: 'above',
    weightLine: (kg, p) => `${kg} kg à ${p} €/kg`,
  },
  (r) => {
    r.center(
      'ÉPICERIE DES HALLES',
      '3 rue de la République',
      '33000 Bordeaux',
      'Tél. 05 56 42 18 90',
    )
      .rule()
      .row('Le 15/02/2025', 'à 10:47')
      .row('Ticket n° 1043', 'Vendeur : Luc')
      .rule()
      .item('Beurre doux', 245)
      .item('Farine de blé', 109)
      .item('Oeufs plein air', 299)
      .item('Tomates', 65, 4)
      .item('Pâtes complètes', 149)
      .item('Bière blonde', 135, 2)
      .adjustment('Consigne', 20)
      .item('Chocolat noir', 219)
      .item('Papier toilette', 389)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('TOTAL', `${r.money(total)} EUR`)
      .row('Payé espèces', `${r.money(cash)} EUR`)
      .row('Monnaie rendue', `${r.money(cash - total)} EUR`)
      .text('')
      .row('Dont TVA 5,5%', r.money(r.taxCents(5.5, total - 389 - 270)))
      .row('Dont TVA 20%', r.money(r.taxCents(20, 389 + 270)))
      .text('')
      .center('Merci et bonne journée !');
  },
);

const FRA_LIST = list('fra-list', 'fra', 'Liste de courses', [
  ['- Lait', 'Lait', 1],
  ['- Pain', 'Pain', 1],
  ['- 12 Oeufs', 'Oeufs', 12],
  ['- Fromage', 'Fromage', 1],
  ['- 2 Baguettes', 'Baguettes', 2],
  ['- Pommes', 'Pommes', 1],
  ['- Café', 'Café', 1],
  ['- Lessive', 'Lessive', 1],
]);

// ---------------------------------------------------------------------------------------------
// Spanish

const SPA_SUPERMERCADO = receipt(
  'spa-receipt-supermercado',
  'spa',
  {
    columns: 38,
    decimal: ',',
    quantity: 'columns',
    weightLine: (kg, p) => `${kg} kg x ${p} €/kg`,
  },
  (r) => {
    r.center(
      'SUPERMERCADOS LA HUERTA S.A.',
      'C/ Mayor 58, 28013 Madrid',
      'NIF A-28654137',
      'Tel. 914 228 510',
    )
      .row('12/03/2025 20:05', 'OP: 104512')
      .row('FACTURA SIMPLIFICADA:', '2231-017-449912')
      .rule()
      .row('Descripción', 'P. Unit  Importe')
      .item('LECHE ENTERA', 89, 2)
      .item('PAN DE MOLDE', 135)
      .item('HUEVOS FRESCOS', 239)
      .item('ACEITE DE OLIVA', 849)
      .weighed('NARANJAS', 1450, 159)
      .item('QUESO MANCHEGO', 475)
      .item('YOGUR NATURAL', 45, 4)
      .adjustment('DESCUENTO', -75)
      .item('ARROZ REDONDO', 125)
      .item('DETERGENTE', 399)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('TOTAL (€)', r.money(total))
      .row('EFECTIVO', r.money(cash))
      .row('CAMBIO', r.money(cash - total))
      .text('')
      .text('IVA    BASE IMPONIBLE (€)  CUOTA (€)')
      .text(
        `10%  ${r.money(total - 399 - r.taxCents(10, total - 399)).padStart(18)}  ${r.money(r.taxCents(10, total - 399)).padStart(9)}`,
      )
      .text(
        `21%  ${r.money(399 - r.taxCents(21, 399)).padStart(18)}  ${r.money(r.taxCents(21, 399)).padStart(9)}`,
      )
      .text('')
      .center('GRACIAS POR SU COMPRA');
  },
);

const SPA_MERCADO = receipt(
  'spa-receipt-mercado',
  'spa',
  {
    columns: 36,
    decimal: ',',
    quantity: 'below',
    tag: '€',
    weightLine: (kg, p) => `${kg} kg x ${p} €/kg`,
  },
  (r) => {
    r.center('FRUTERÍA Y ALIMENTACIÓN', 'EL RINCÓN', 'Avda. de la Constitución 21', '41001 Sevilla')
      .rule()
      .row('Fecha: 03/03/2025', '12:18')
      .row('Ticket: 000731', 'Caja: 1')
      .rule()
      .item('Tomates de rama', 219)
      .item('Pimientos verdes', 149)
      .item('Jamón serrano', 395)
      .item('Cerveza', 79, 6)
      .adjustment('Envase', 60)
      .item('Patatas', 259)
      .item('Chorizo', 289)
      .item('Galletas', 135, 2)
      .item('Café molido', 319)
      .rule();
    const total = r.totalCents;
    const cash = cashFor(total);
    r.row('SUBTOTAL', `${r.money(total)} €`)
      .row('TOTAL', `${r.money(total)} €`)
      .row('Entregado', `${r.money(cash)} €`)
      .row('Cambio', `${r.money(cash - total)} €`)
      .text('')
      .row('IVA incluido 10%', `${r.money(r.taxCents(10, total))} €`)
      .text('')
      .center('¡Gracias por su visita!', 'Vuelva pronto');
  },
);

const SPA_LIST = list('spa-list', 'spa', 'Lista de la compra', [
  ['Leche', 'Leche', 1],
  ['Pan', 'Pan', 1],
  ['12 Huevos', 'Huevos', 12],
  ['Queso', 'Queso', 1],
  ['2 Tomates', 'Tomates', 2],
  ['Aceite', 'Aceite', 1],
  ['Café', 'Café', 1],
  ['3 Yogures', 'Yogures', 3],
  ['Jabón', 'Jabón', 1],
]);

export const SAMPLE_DOCUMENTS: readonly SampleDocument[] = [
  ENG_GROCER,
  ENG_CORNER_SHOP,
  ENG_LIST,
  DEU_DISCOUNTER,
  DEU_SUPERMARKT,
  DEU_LIST,
  NLD_SUPERMARKT,
  NLD_BAKKER,
  NLD_LIST,
  FRA_HYPER,
  FRA_EPICERIE,
  FRA_LIST,
  SPA_SUPERMERCADO,
  SPA_MERCADO,
  SPA_LIST,
];

// ---------------------------------------------------------------------------------------------
// The photo

/** Layout units: the picture is drawn 1,100 wide and scaled to the width asked for. */
const LAYOUT_WIDTH = 1100;
const TABLE_MARGIN = { x: 120, y: 110 };
const PAPER_PADDING = { x: 44, y: 56 };
/**
 * Receipt text 31 px high at the default width (capitals of about 20 px), as a receipt
 * photographed whole: once prepared (2,400 px tall) its capitals are about 30 px, within the
 * 20–40 px that tesseract reads best.
 */
const FONT = {
  receipt: { family: 'Liberation Mono', size: 31, lineHeight: 1.38 },
  list: { family: 'Liberation Sans', size: 40, lineHeight: 1.6 },
} as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

function documentSvg(doc: SampleDocument, width: number): { svg: string; height: number } {
  const font = FONT[doc.kind];
  const lineStep = font.size * font.lineHeight;
  const columns = Math.max(...doc.lines.map((line) => line.length));
  // A receipt's paper is as wide as its printer's columns (a monospace glyph is 0.6 em); a list
  // is a sheet of notepaper.
  const paperWidth =
    doc.kind === 'receipt'
      ? Math.ceil(columns * font.size * 0.6) + 2 * PAPER_PADDING.x
      : LAYOUT_WIDTH - 2 * TABLE_MARGIN.x;
  const paperHeight = Math.ceil(doc.lines.length * lineStep + 2 * PAPER_PADDING.y);
  const paperX = Math.round((LAYOUT_WIDTH - paperWidth) / 2);
  const paperY = TABLE_MARGIN.y;
  const layoutHeight = paperHeight + 2 * TABLE_MARGIN.y;
  const height = Math.round((layoutHeight * width) / LAYOUT_WIDTH);
  const text = doc.lines
    .map((line, i) => {
      const y = paperY + PAPER_PADDING.y + font.size + i * lineStep;
      return `<text x="${paperX + PAPER_PADDING.x}" y="${y.toFixed(1)}">${escapeXml(line)}</text>`;
    })
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${LAYOUT_WIDTH} ${layoutHeight}">
<defs>
  <linearGradient id="light" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.10"/>
    <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
  </linearGradient>
</defs>
<rect width="${LAYOUT_WIDTH}" height="${layoutHeight}" fill="#5b4a3c"/>
<rect x="${paperX + 10}" y="${paperY + 12}" width="${paperWidth}" height="${paperHeight}" fill="#2e241c" opacity="0.55"/>
<rect x="${paperX}" y="${paperY}" width="${paperWidth}" height="${paperHeight}" fill="#f3efe4"/>
<g font-family="${font.family}" font-size="${font.size}" fill="#2b2b2e" xml:space="preserve">
${text}
</g>
<rect width="${LAYOUT_WIDTH}" height="${layoutHeight}" fill="url(#light)"/>
</svg>`;
  return { svg, height };
}

/**
 * The document as a phone photographs it lying on a table: turned a little, slightly out of focus,
 * with sensor noise and lossy compression; what `options` leaves out is as in PHOTO_LIKE (pass
 * `rotateDegrees: 0, blurSigma: 0, noise: 0` for a clean picture). Deterministic for a document
 * and options.
 */
export async function renderDocumentPhoto(
  doc: SampleDocument,
  options: PhotoOptions = PHOTO_LIKE,
): Promise<Buffer> {
  const settings = { ...PHOTO_LIKE, ...options };
  const width = settings.width ?? LAYOUT_WIDTH;
  const { svg, height } = documentSvg(doc, width);
  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (settings.rotateDegrees) {
    const turned = await image
      .rotate(settings.rotateDegrees, { background: '#4f4034' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Back to the drawn size: the camera frames the scene, not the turned picture's corners.
    image = sharp(turned.data, { raw: turned.info }).extract({
      left: Math.floor((turned.info.width - width) / 2),
      top: Math.floor((turned.info.height - height) / 2),
      width,
      height,
    });
  }
  // sharp refuses a Gaussian blur below 0.3.
  if (settings.blurSigma && settings.blurSigma >= 0.3) image = image.blur(settings.blurSigma);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const noise = Math.min(1, Math.max(0, settings.noise ?? 0));
  if (noise > 0) {
    // Seeded from the document's id, so that a photo is the same bytes on every run.
    const random = seeded(doc.id);
    const spread = noise * 128;
    for (let i = 0; i < data.length; i++) {
      // The sum of three uniforms is close enough to a Gaussian, at a fraction of the cost.
      const gaussian = (random() + random() + random() - 1.5) * 2;
      data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + gaussian * spread)));
    }
  }
  const raw = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  });
  switch (settings.format) {
    case 'png':
      return raw.png().toBuffer();
    case 'webp':
      return raw.webp({ quality: settings.quality ?? 80 }).toBuffer();
    default:
      return raw.jpeg({ quality: settings.quality ?? 78 }).toBuffer();
  }
}
