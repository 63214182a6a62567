import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ITEM_NAME_MAX_LENGTH,
  ITEM_PRICE_MAX_CENTS,
  ITEM_QUANTITY_MAX,
  OCR_LANGUAGES,
  isCleanLine,
} from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { readReceiptLines } from './receipt-lines';
import type { ReceiptReading, RecognisedLine } from './receipt-lines';

type Expected = [name: string, quantity: number, unit: string | null, priceCents: number | null];

/** The lines of a photo, one per line of the text, as sure as recognition usually is of print. */
const recognised = (text: string, confidence = 91): RecognisedLine[] =>
  text.split('\n').map((line) => ({ text: line, confidence }));

const read = (text: string, language: OcrLanguage, confidence?: number): ReceiptReading =>
  readReceiptLines(recognised(text, confidence), language);

/** A line with its words, each as sure as recognition was of it. */
const lineOfWords = (
  text: string,
  confidence: number,
  words: [string, number][],
): RecognisedLine => ({
  text,
  confidence,
  words: words.map(([word, wordConfidence]) => ({ text: word, confidence: wordConfidence })),
});

const summary = (reading: ReceiptReading) => ({
  kind: reading.kind,
  totalCents: reading.totalCents,
  items: reading.items.map((item): Expected => [
    item.name,
    item.quantity,
    item.unit,
    item.priceCents,
  ]),
});

/** Invented receipts laid out as the big chains of each language print theirs. */
const receipts: [
  description: string,
  language: OcrLanguage,
  text: string,
  items: Expected[],
  totalCents: number,
][] = [
  [
    'a Tesco-like receipt (en): £ prices, a weighed item, a Clubcard saving',
    'eng',
    `TESCO
Superstore
Hatfield AL10 9EL
Tel: 0345 677 9000
VAT No: GB 220 4302 31
TESCO SEMI SKIMMED MILK 4PT     £1.45
HOVIS SOFT WHITE 800G           £1.40
BANANAS LOOSE                   £0.62
  0.820 kg @ £0.76/kg
FREE RANGE EGGS 6PK             £1.70
CLUBCARD PRICE SAVING          -£0.30
--------------------------------------
TOTAL                           £4.87
VISA DEBIT                      £4.87
CHANGE DUE                      £0.00
Clubcard points this visit 4
12/03/2026 18:42  STORE 2034  TILL 12
THANK YOU FOR SHOPPING AT TESCO`,
    [
      ['TESCO SEMI SKIMMED MILK 4PT', 1, null, 145],
      ['HOVIS SOFT WHITE', 800, 'G', 140],
      ['BANANAS LOOSE', 0.82, 'kg', 62],
      ['FREE RANGE EGGS', 6, 'PK', 170],
    ],
    487,
  ],
  [
    'a REWE-like receipt (de): tax classes, a quantity line after its item, deposit returned',
    'deu',
    `REWE Markt GmbH
Hauptstr. 12, 10115 Berlin
UID Nr.: DE123456789
                           EUR
VOLLMILCH 3,5% 1L          1,19 B
BANANE                     0,98 B
   2 Stk x    0,49
ROGGENBROT 500 G           2,49 B
BUTTER                     1,99 B
PFAND 0,25                 0,25 A
LEERGUT                   -0,25 A
----------------------------------
SUMME EUR                  6, 65
Geg. EC-Karte              6,65
Steuer  %     Netto  Steuer  Brutto
B=    7,0%    6,21    0,44    6,65
Datum: 12.03.2026  Uhrzeit: 18:42
Bon-Nr.: 1234  Kasse 3
PAYBACK Punkte: 3
Vielen Dank für Ihren Einkauf!`,
    [
      ['VOLLMILCH 3,5%', 1, 'L', 119],
      ['BANANE', 2, 'Stk', 98],
      ['ROGGENBROT', 500, 'G', 249],
      ['BUTTER', 1, null, 199],
    ],
    665,
  ],
  [
    'an ALDI-like receipt (de): a quantity line before its item, a weighed item, cash',
    'deu',
    `ALDI SÜD
Milsani Frische Vollmilch    1,09 A
     2 x     0,79
Bio Eier 6er                 1,58 A
Bananen                      1,23 A
  0,746 kg x 1,65 EUR/kg
Summe                        3,90
Bar                          5,00
Rückgeld                     1,10
Es bediente Sie: Frau Schmidt`,
    [
      ['Milsani Frische Vollmilch', 1, null, 109],
      ['Bio Eier 6er', 2, null, 158],
      ['Bananen', 0.746, 'kg', 123],
    ],
    390,
  ],
  [
    'an Albert Heijn-like receipt (nl): quantity and unit price in columns, a bonus discount',
    'nld',
    `Albert Heijn
Damrak 1, 1012 LG Amsterdam
AANTAL  OMSCHRIJVING        PRIJS  BEDRAG
  1     AH HALFVOLLE MELK           1,15
  2     AH BANANEN           0,49   0,98
  1     KAAS JONG BELEGEN           4,29
        BONUS AH BANANEN           -0,20
        SUBTOTAAL                   6,42
        UW VOORDEEL                 0,20
        TOTAAL                      6,22
        PINNEN                      6,22
BTW   OVER    EUR BTW
9%    5,71    0,51
Bedankt en tot ziens`,
    [
      ['AH HALFVOLLE MELK', 1, null, 115],
      ['AH BANANEN', 2, null, 98],
      ['KAAS JONG BELEGEN', 1, null, 429],
    ],
    622,
  ],
  [
    'a Jumbo-like receipt (nl): a quantity line under its item, cash and change',
    'nld',
    `Jumbo Utrecht
Jumbo Volle Yoghurt 1L        1,39
Komkommer                     0,98
  2 x 0,49
Hagelslag Puur                2,19
-------------------------------
Totaal                        4,56
Contant                      10,00
Wisselgeld                    5,44
Koopzegels 4`,
    [
      ['Jumbo Volle Yoghurt', 1, 'L', 139],
      ['Komkommer', 2, null, 98],
      ['Hagelslag Puur', 1, null, 219],
    ],
    456,
  ],
  [
    'a Carrefour-like receipt (fr): € after prices, a quantity line, a discount, Carte d’Or',
    'fra',
    `CARREFOUR MARKET
12 RUE DE LA PAIX 75002 PARIS
TEL 01 23 45 67 89
LAIT DEMI-ECREME 1L          0,95 €
BAGUETTE TRADITION           1,10 €
BANANES                      0,98 €
  2 x 0,49 €
CARTE D'OR VANILLE           3,49 €
REMISE IMMEDIATE            -0,50 €
Nombre d'articles : 5
TOTAL TTC                    6,02 €
CB EMV                       6,02 €
TVA 5,50%    5,71    0,31
MERCI DE VOTRE VISITE
12/03/2026 18:42 CAISSE 004`,
    [
      ['LAIT DEMI-ECREME', 1, 'L', 95],
      ['BAGUETTE TRADITION', 1, null, 110],
      ['BANANES', 2, null, 98],
      ["CARTE D'OR VANILLE", 1, null, 349],
    ],
    602,
  ],
  [
    'a Mercadona-like receipt (es): quantity first, unit and line prices, a weighed item',
    'spa',
    `MERCADONA, S.A. A-46103834
C/ MAYOR 10, 28013 MADRID
TELEFONO: 912 345 678
12/03/2026 18:42 OP: 123456
FACTURA SIMPLIFICADA: 2345-012-678901
Descripción        P. Unit  Importe
1 LECHE ENTERA                0,89
2 PAN DE MOLDE       1,15     2,30
1 PLATANO
1,064 kg   1,79 €/kg          1,90
1 TÉ VERDE                    1,20
TOTAL (€)                     6,29
TARJETA BANCARIA              6,29
IVA   BASE IMPONIBLE (€)  CUOTA (€)
4%          3,11           0,12
10%         2,89           0,29
TOTAL       6,00           0,41`,
    [
      ['LECHE ENTERA', 1, null, 89],
      ['PAN DE MOLDE', 2, null, 230],
      ['PLATANO', 1.064, 'kg', 190],
      ['TÉ VERDE', 1, null, 120],
    ],
    629,
  ],
];

/** Shopping lists as recognition reads them off paper: bullets, boxes, numbers, some noise. */
const lists: [description: string, language: OcrLanguage, text: string, items: Expected[]][] = [
  [
    'a typed list (en) with bullets, boxes and numbers',
    'eng',
    `Shopping list
- Milk
- 2 loaves bread
* Eggs x12
• Bananas
[ ] 500g flour
1. Butter
2) Cheddar`,
    [
      ['Milk', 1, null, null],
      ['loaves bread', 2, null, null],
      ['Eggs', 12, null, null],
      ['Bananas', 1, null, null],
      ['flour', 500, 'g', null],
      ['Butter', 1, null, null],
      ['Cheddar', 1, null, null],
    ],
  ],
  [
    'a handwritten list (de) with OCR junk at the edges',
    'deu',
    `Einkaufsliste
2 Milch
Eier x6
500g Mehl
- Äpfel
☐ Butter
Käse |
_Brot
~ ,.
Milch 1L`,
    [
      ['Milch', 2, null, null],
      ['Eier', 6, null, null],
      ['Mehl', 500, 'g', null],
      ['Äpfel', 1, null, null],
      ['Butter', 1, null, null],
      ['Käse', 1, null, null],
      ['Brot', 1, null, null],
      ['Milch', 1, 'L', null],
    ],
  ],
  [
    'a numbered list (nl)',
    'nld',
    `Boodschappen
1. Melk
2. Brood
3. 6 eieren
- kaas
* appels 1 kg
☐ Hagelslag`,
    [
      ['Melk', 1, null, null],
      ['Brood', 1, null, null],
      ['eieren', 6, null, null],
      ['kaas', 1, null, null],
      ['appels', 1, 'kg', null],
      ['Hagelslag', 1, null, null],
    ],
  ],
  [
    'a list (de) titled with one word, as the hard photo set writes them',
    'deu',
    `Einkauf
- Milch
- Brot`,
    [
      ['Milch', 1, null, null],
      ['Brot', 1, null, null],
    ],
  ],
  [
    'a list (nl) titled with one word',
    'nld',
    `Lijstje
Melk
Kaas`,
    [
      ['Melk', 1, null, null],
      ['Kaas', 1, null, null],
    ],
  ],
  [
    'a handwritten list (fr)',
    'fra',
    `Liste de courses
- lait
- 2 baguettes
- 6 oeufs
- beurre doux
- pommes 1kg
Merci !`,
    [
      ['lait', 1, null, null],
      ['baguettes', 2, null, null],
      ['oeufs', 6, null, null],
      ['beurre doux', 1, null, null],
      ['pommes', 1, 'kg', null],
    ],
  ],
  [
    'a handwritten list (es)',
    'spa',
    `Lista de la compra
- leche
- pan
- 12 huevos
- tomates 1kg
- aceite de oliva
- té verde`,
    [
      ['leche', 1, null, null],
      ['pan', 1, null, null],
      ['huevos', 12, null, null],
      ['tomates', 1, 'kg', null],
      ['aceite de oliva', 1, null, null],
      ['té verde', 1, null, null],
    ],
  ],
];

describe('readReceiptLines: receipts', () => {
  it.each(receipts)('reads %s', (_description, language, text, items, totalCents) => {
    expect(summary(read(text, language))).toEqual({ kind: 'receipt', totalCents, items });
  });

  it('reads a receipt the same whatever language recognition was set to', () => {
    for (const [, , text] of receipts) {
      const readings = OCR_LANGUAGES.map((language) => read(text, language));
      for (const reading of readings) expect(reading).toEqual(readings[0]);
    }
  });

  it('keeps each item’s line as recognised (trimmed) and its confidence as an integer', () => {
    const reading = readReceiptLines(
      [
        { text: '  BUTTER      1,99 B  ', confidence: 87.6 },
        { text: 'BANANE 0,98 B', confidence: 93 },
        { text: '  2 Stk x 0,49', confidence: 61 },
        { text: 'SUMME 2,97', confidence: 95 },
      ],
      'deu',
    );
    expect(reading.items).toEqual([
      {
        name: 'BUTTER',
        quantity: 1,
        unit: null,
        priceCents: 199,
        priceConfidence: 88,
        confidence: 88,
        line: 'BUTTER      1,99 B',
        lineIndex: 0,
        suggestion: false,
        doubtfulWords: [],
      },
      // Its quantity came from a line recognition was less sure of.
      {
        name: 'BANANE',
        quantity: 2,
        unit: 'Stk',
        priceCents: 98,
        priceConfidence: 61,
        confidence: 61,
        line: 'BANANE 0,98 B',
        lineIndex: 1,
        suggestion: false,
        doubtfulWords: [],
      },
    ]);
  });

  it('takes a price’s confidence from its own words, not from the name’s', () => {
    const words = (pairs: [string, number][]) =>
      pairs.map(([text, confidence]) => ({ text, confidence }));
    const reading = readReceiptLines(
      [
        {
          text: 'Olive 0il 4.49',
          confidence: 83,
          words: words([
            ['Olive', 72],
            ['0il', 87],
            ['4.49', 88],
          ]),
        },
        {
          text: 'Milk 145',
          confidence: 65,
          words: words([
            ['Milk', 95],
            ['145', 35],
          ]),
        },
        {
          text: 'Bio Eier 2,19 A',
          confidence: 67,
          words: words([
            ['Bio', 96],
            ['Eier', 96],
            ['2,19', 26],
            ['A', 49],
          ]),
        },
        { text: 'TOTAL 22.81', confidence: 96 },
      ],
      'eng',
    );
    expect(reading.items.map((item) => [item.name, item.priceConfidence])).toEqual([
      ['Olive Oil', 88],
      ['Milk', 35],
      ['Bio Eier', 26],
    ]);
  });

  it('takes a price’s confidence from the words that printed it, not from specks read as digits', () => {
    // As the block reading of the English poor receipt gave them: specks along the paper's edges
    // (`1:99` amid the items is a price whose separator was misread).
    const reading = readReceiptLines(
      [
        lineOfWords('id Milk 1.16 8', 38, [
          ['id', 13],
          ['Milk', 83],
          ['1.16', 75],
          ['8', 0],
        ]),
        lineOfWords('4 Basmati Rice 1:99 B', 44, [
          ['4', 10],
          ['Basmati', 88],
          ['Rice', 96],
          ['1:99', 63],
          ['B', 0],
        ]),
        lineOfWords('Pan 1 299,00 B', 90, [
          ['Pan', 96],
          ['1', 91],
          ['299,00', 94],
          ['B', 95],
        ]),
        { text: 'TOTAL 1 302,15', confidence: 96 },
      ],
      'eng',
    );
    expect(reading.items.map((item) => [item.priceCents, item.priceConfidence])).toEqual([
      [116, 75],
      [199, 63],
      [129_900, 91],
    ]);
  });

  it.each([
    ['1,99', 199],
    ['1.99', 199],
    ['0,05', 5],
    ['12,99 A', 1299],
    ['1.99 B', 199],
    ['2,49 A*', 249],
    ['2,49 €', 249],
    ['2,49€', 249],
    ['€2.49', 249],
    ['€ 2,49', 249],
    ['£1.45', 145],
    ['$3.50', 350],
    ['EUR 2,49', 249],
    ['2,49 EUR', 249],
    ['1.299,00', 129900],
    ['1,299.00', 129900],
    ['123.456,78', 12345678],
    ['123,456.78', 12345678],
    ['6, 65', 665],
    ['6, 65 A', 665],
    ['1,O9', 109],
    ['O,99', 99],
    ['10,0O €', 1000],
  ])('reads the price "%s" as %i cents', (price, cents) => {
    expect(summary(read(`Vollmilch ${price}`, 'deu')).items).toEqual([
      ['Vollmilch', 1, null, cents],
    ]);
  });

  it('leaves discounts and deposits, paid or returned, out of the items, but not out of the total', () => {
    const text = `Cola 1,5L 0,99 A
Pfand 0,25 A
Leergut -0,25 A
Rabatt 10% 0,10-
Coupon - 0,20
SUMME 0,69`;
    expect(summary(read(text, 'deu'))).toEqual({
      kind: 'receipt',
      totalCents: 69,
      items: [['Cola', 1.5, 'L', 99]],
    });
  });

  it('gives a quantity line to the neighbour whose price it multiplies out to', () => {
    const after = `Milch 1,09\nBananen 0,98\n2 x 0,49\nButter 1,99`;
    const before = `Milch 1,09\n2 x 0,49\nBananen 0,98\nButter 1,99`;
    const expected: Expected[] = [
      ['Milch', 1, null, 109],
      ['Bananen', 2, null, 98],
      ['Butter', 1, null, 199],
    ];
    expect(summary(read(after, 'deu')).items).toEqual(expected);
    expect(summary(read(before, 'deu')).items).toEqual(expected);
  });

  it('gives a quantity line that multiplies out to neither neighbour to the item above it', () => {
    // Recognition misread one of the two; the layout of most chains puts the quantity below.
    expect(summary(read(`Bananen 0,99\n2 x 0,49\nButter 1,99`, 'deu')).items).toEqual([
      ['Bananen', 2, null, 99],
      ['Butter', 1, null, 199],
    ]);
  });

  it('prices a name line from the measure line under it', () => {
    expect(summary(read(`Milch 1,09\nPLATANO\n1,064 kg 1,79 €/kg 1,90`, 'spa')).items).toEqual([
      ['Milch', 1, null, 109],
      ['PLATANO', 1.064, 'kg', 190],
    ]);
    expect(summary(read(`Milch 1,09\nTomaten\n0,5 kg x 2,98 EUR/kg`, 'deu')).items).toEqual([
      ['Milch', 1, null, 109],
      ['Tomaten', 0.5, 'kg', 149],
    ]);
  });

  it('keeps a measure written in the name when a quantity line replaces it', () => {
    expect(summary(read(`Roggenbrot 500 g 4,98\n2 x 2,49`, 'deu')).items).toEqual([
      ['Roggenbrot 500 g', 2, null, 498],
    ]);
  });

  it('reads a quantity and unit price printed on the item’s own line', () => {
    const text = `BANANEN 2 x 0,49 0,98
TOMATEN 0,5 kg x 2,98 EUR/kg 1,49
KIWI 3 x 0,30
SUMME 2,37`;
    expect(summary(read(text, 'deu')).items).toEqual([
      ['BANANEN', 2, null, 98],
      ['TOMATEN', 0.5, 'kg', 149],
      // "3 x 0,30" is three at 0,30 each: a receipt always prints the unit price so.
      ['KIWI', 3, null, 90],
    ]);
  });

  it('reads the quantity forms of a line', () => {
    const text = `2 x Bananen 0,98
2 St Zitronen 0,98
2 Stk Gurken 1,20
500 g Roggenbrot 2,49
Milch 1L 1,19
Kiwi x3 0,90`;
    expect(summary(read(text, 'deu')).items).toEqual([
      ['Bananen', 2, null, 98],
      ['Zitronen', 2, 'St', 98],
      ['Gurken', 2, 'Stk', 120],
      ['Roggenbrot', 500, 'g', 249],
      ['Milch', 1, 'L', 119],
      ['Kiwi', 3, null, 90],
    ]);
  });

  it('takes the last grand total printed, not a subtotal, a tax line or a payment', () => {
    const text = `Milch 1,19
Brot 2,49
ZWISCHENSUMME 3,68
Rabatt -0,50
SUMME 3,18
Karte 3,18
MwSt 7% 0,21
Gesamt Netto 2,97
Betrag EUR 3,18`;
    expect(read(text, 'deu').totalCents).toBe(318);
    expect(read(`Lait 0,95\nSOUS-TOTAL 0,95\nTOTAL HT 0,90\nTVA 0,05`, 'fra').totalCents).toBe(
      null,
    );
  });

  it('reads a tax table row starting with TOTAL as no total', () => {
    expect(read(`LECHE 0,89\nTOTAL 0,89\nTOTAL 0,81 0,08`, 'spa').totalCents).toBe(89);
  });

  it('reads a refund’s negative total as printed', () => {
    // A printed total makes it a receipt, items or not (issue 28: the kind is the paper's).
    expect(summary(read(`Leergut -3,00\nSUMME -3,00`, 'deu'))).toEqual({
      kind: 'receipt',
      totalCents: -300,
      items: [],
    });
  });

  it('reads nothing after the total as an item: coupons and adverts print prices too', () => {
    const text = `Milch 1,19\nSUMME 1,19\nNächster Einkauf: Kaffee 500 g nur 4,99\nBrot 2,49`;
    expect(summary(read(text, 'deu')).items).toEqual([['Milch', 1, null, 119]]);
  });

  it('reads items printed under a total that nothing was bought before', () => {
    // Recognition sometimes returns a receipt's blocks out of order.
    const text = `TOTAL 3,68\nMilch 1,19\nBrot 2,49`;
    expect(summary(read(text, 'deu'))).toEqual({
      kind: 'receipt',
      totalCents: 368,
      items: [
        ['Milch', 1, null, 119],
        ['Brot', 1, null, 249],
      ],
    });
  });

  it('reads keywords only as whole words, and ambiguous ones only at the start or alone', () => {
    const text = `FAGE TOTAL 0% 2,49
MARS BAR 0,89
CARTE D'OR VANILLE 3,49
Barilla Spaghetti 1,29
Pindakaas 2,19
Cashewkerne 3,99
CARTE 10,66
TOTAL 10,66`;
    expect(summary(read(text, 'eng')).items.map(([name]) => name)).toEqual([
      'FAGE TOTAL 0%',
      'MARS BAR',
      "CARTE D'OR VANILLE",
      'Barilla Spaghetti',
      'Pindakaas',
      'Cashewkerne',
    ]);
  });

  it('leaves out the lines that are not items, in every language', () => {
    const text = `Tesco Stores Ltd
Supermercado Mercadona S.A.
Albert Heijn B.V.
Filiale 1234
Kasse 3 Bon 5678
Ticket n° 0042
Receipt No. 1234
USt-IdNr. DE123456789
BTW-nr NL123456789B01
N° TVA FR12345678901
NIF A46103834
DE123456789
Hauptstraße 5
1012 LG Amsterdam
SW1A 1AA
Tel. 030 1234567
www.rewe.de
Öffnungszeiten Mo-Sa 7-22 Uhr
12.03.2026
18:42:07
2026-03-12
Thank you for shopping with us
Vielen Dank für Ihren Einkauf
Bedankt en tot ziens
Merci et à bientôt
Gracias por su visita
PAYBACK Punkte 12
Bonuskaart xxxx1234
Points fidélité 14
Puntos acumulados 20
======================
----------------------
************`;
    expect(summary(read(text, 'deu')).items).toEqual([]);
  });

  it('reads a price on a line with no name as part of a receipt, not as an item', () => {
    expect(summary(read(`Milch 1,19\n2,49\nSUMME 3,68`, 'deu')).items).toEqual([
      ['Milch', 1, null, 119],
    ]);
  });

  it('leaves out a price beyond what a list accepts', () => {
    expect(summary(read(`Milch 1,19\nYacht 1.000.000,01`, 'deu')).items).toEqual([
      ['Milch', 1, null, 119],
    ]);
  });
});

describe('readReceiptLines: shopping lists', () => {
  it.each(lists)('reads %s', (_description, language, text, items) => {
    expect(summary(read(text, language, 64))).toEqual({ kind: 'list', totalCents: null, items });
  });

  it('keeps a price written on a list, which stays a list', () => {
    // Issue 28: the kind is decided from the paper, not from whether a price could be read.
    expect(summary(read(`Milch\nBrot 1,99\nEier\nKäse 2 €`, 'deu'))).toEqual({
      kind: 'list',
      totalCents: null,
      items: [
        ['Milch', 1, null, null],
        ['Brot', 1, null, 199],
        ['Eier', 1, null, null],
        ['Käse', 1, null, 200],
      ],
    });
  });

  it('does not doubt an item for the bullet before it, read as a stray mark', () => {
    const reading = readReceiptLines(
      [
        lineOfWords('* Milk', 53, [
          ['*', 11],
          ['Milk', 96],
        ]),
        lineOfWords('e 6x lait', 65, [
          ['e', 5],
          ['6x', 94],
          ['lait', 94],
        ]),
        // The item's own word doubted: still offered, not ticked.
        lineOfWords('- Bread', 40, [
          ['-', 30],
          ['Bread', 45],
        ]),
        // A doubted line without words (an older job) keeps the line's confidence.
        { text: '* Rice', confidence: 50 },
      ],
      'eng',
    );
    expect(
      reading.items.map(({ name, confidence, suggestion, doubtfulWords }) => ({
        name,
        confidence,
        suggestion,
        doubtfulWords,
      })),
    ).toEqual([
      { name: 'Milk', confidence: 96, suggestion: false, doubtfulWords: [] },
      { name: 'lait', confidence: 94, suggestion: false, doubtfulWords: [] },
      { name: 'Bread', confidence: 45, suggestion: true, doubtfulWords: ['Bread'] },
      { name: 'Rice', confidence: 50, suggestion: true, doubtfulWords: [] },
    ]);
  });

  it('does not doubt an item for a bullet read as a speck the line was tidied of', () => {
    // As a crumpled handwritten list was read: the bullet a `.` recognition doubted, which the
    // line loses before its marks are looked for.
    const reading = readReceiptLines(
      [
        lineOfWords('. Zx uien', 59, [
          ['.', 21],
          ['Zx', 79],
          ['uien', 76],
        ]),
        lineOfWords('. boter', 50, [
          ['.', 7],
          ['boter', 93],
        ]),
        // Letters are no speck: the line keeps its doubt.
        lineOfWords('ab boter', 50, [
          ['ab', 7],
          ['boter', 93],
        ]),
      ],
      'nld',
    );
    expect(
      reading.items.map(({ name, quantity, confidence, suggestion }) => ({
        name,
        quantity,
        confidence,
        suggestion,
      })),
    ).toEqual([
      { name: 'uien', quantity: 2, confidence: 78, suggestion: false },
      { name: 'boter', quantity: 1, confidence: 93, suggestion: false },
      { name: 'ab boter', quantity: 1, confidence: 50, suggestion: true },
    ]);
  });

  it('reads a list with a line misread as a price as a list all the same', () => {
    expect(summary(read(`Milch\n6,00\nBrot\n|1.5O`, 'deu', 40))).toEqual({
      kind: 'list',
      totalCents: null,
      items: [
        ['Milch', 1, null, null],
        ['Brot', 1, null, null],
      ],
    });
  });

  it('drops a line recognition was unsure of when it does not read cleanly', () => {
    const reading = readReceiptLines(
      [
        { text: 'Milch', confidence: 25 },
        { text: 'Iq}#| ~Bn', confidence: 18 },
        { text: 'Iq}#| ~Bn', confidence: 60 },
        { text: 'Brot', confidence: 12 },
      ],
      'deu',
    );
    expect(reading.items.map((item) => [item.name, item.confidence])).toEqual([
      ['Milch', 25],
      ['Iq}#| ~Bn', 60],
      ['Brot', 12],
    ]);
  });

  it('needs two letters in a name and more letters than digits', () => {
    const text = `A\n42\n2 Stk\nkg\n12345 678\n7up\nVitamin B12\nEi`;
    expect(summary(read(text, 'deu')).items.map(([name]) => name)).toEqual([
      '7up',
      'Vitamin B12',
      'Ei',
    ]);
  });

  it('strips junk from the ends of a name, collapses its spaces and keeps its case', () => {
    const text = `| Greek   yoghurt |\n_Milk_\n, BREAD .\n~Eggs~\n"Jam"`;
    expect(summary(read(text, 'eng')).items.map(([name]) => name)).toEqual([
      'Greek yoghurt',
      'Milk',
      'BREAD',
      'Eggs',
      'Jam',
    ]);
  });

  it('cuts a name to the longest a list accepts', () => {
    const [item] = read(`${'Käse'.repeat(100)} 1,99`, 'deu').items;
    expect(item?.name).toBe('Käse'.repeat(50));
    expect(item?.priceCents).toBe(199);
  });

  it('reads no lines, or only blank ones, as an empty list', () => {
    const empty = { items: [], totalCents: null, discountsAndDepositsCents: 0, kind: 'list' };
    expect(readReceiptLines([], 'eng')).toEqual(empty);
    expect(read('\n  \n\t', 'eng')).toEqual(empty);
  });
});

/** A price as a receipt prints it: either convention, thousands grouped or not, noise. */
const priceText = (cents: number, style: PriceStyle): string => {
  const [decimal, group] = style.convention === 'comma' ? [',', '.'] : ['.', ','];
  const units = String(Math.floor(cents / 100));
  const grouped = style.isGrouped ? units.replace(/\B(?=(\d{3})+$)/g, group) : units;
  const fraction = String(cents % 100).padStart(2, '0');
  const amount = `${grouped}${decimal}${style.hasSpaceAfterSeparator ? ' ' : ''}${fraction}`;
  return `${style.before}${amount}${style.after}`;
};
interface PriceStyle {
  convention: 'comma' | 'point';
  isGrouped: boolean;
  hasSpaceAfterSeparator: boolean;
  before: string;
  after: string;
}
const priceStyle: fc.Arbitrary<PriceStyle> = fc.record({
  convention: fc.constantFrom('comma', 'point'),
  isGrouped: fc.boolean(),
  hasSpaceAfterSeparator: fc.boolean(),
  before: fc.constantFrom('', '', '€', '€ ', '£', '$', 'EUR '),
  after: fc.constantFrom('', '', ' €', '€', ' EUR', ' A', ' B', 'A', ' A*', ' *', ' 1'),
});
const cents = fc.integer({ min: 0, max: ITEM_PRICE_MAX_CENTS });
const language = fc.constantFrom(...OCR_LANGUAGES);
const productName = fc.constantFrom(
  'Vollmilch',
  'Bananen',
  'Roggenbrot',
  'Semi skimmed milk',
  'Halfvolle melk',
  'Jonge kaas',
  'Beurre doux',
  'Pan de molde',
  'Aceite de oliva',
  'Té verde',
);

/** What receipts print on the lines that are not items, in the five languages. */
const notItemWords = fc.constantFrom(
  // en
  'TOTAL',
  'SUBTOTAL',
  'Sub-total',
  'BALANCE DUE',
  'Amount due',
  'VAT 20%',
  'TAX',
  'CHANGE',
  'CHANGE DUE',
  'CASH',
  'CARD',
  'VISA',
  'MASTERCARD',
  'VISA DEBIT',
  'Contactless',
  'Clubcard points',
  'Total savings',
  // de
  'SUMME',
  'Summe EUR',
  'ZWISCHENSUMME',
  'GESAMT',
  'Gesamtbetrag',
  'zu zahlen',
  'MwSt 19%',
  'USt 7%',
  'inkl. MwSt',
  'Netto',
  'Brutto',
  'RÜCKGELD',
  'Wechselgeld',
  'BAR',
  'Geg. BAR',
  'Gegeben',
  'EC-KARTE',
  'KARTE',
  'Kartenzahlung',
  'GIROCARD',
  'PAYBACK Punkte',
  'Bonus',
  // nl
  'TOTAAL',
  'SUBTOTAAL',
  'TE BETALEN',
  'BTW 9%',
  'incl. BTW',
  'WISSELGELD',
  'PIN',
  'PINNEN',
  'CONTANT',
  'Bonuskaart',
  'Betaald',
  'UW VOORDEEL',
  // fr
  'TOTAL TTC',
  'SOUS-TOTAL',
  'TOTAL A PAYER',
  'NET À PAYER',
  'TVA 5,5%',
  'RENDU',
  'Rendu monnaie',
  'CB',
  'CARTE',
  'Carte bancaire',
  'ESPÈCES',
  'Points fidélité',
  'REMISE',
  // es
  'TOTAL A PAGAR',
  'TOTAL COMPRA',
  'IMPORTE',
  'IVA 21%',
  'CAMBIO',
  'EFECTIVO',
  'TARJETA',
  'Entregado',
  'Puntos',
  'Descuento',
);
const casing = fc.constantFrom(
  (text: string) => text,
  (text: string) => text.toUpperCase(),
  (text: string) => text.toLowerCase(),
  (text: string) => text.normalize('NFD').replace(/\p{M}/gu, ''),
);

describe('readReceiptLines: invariants', () => {
  it('reads any price, in either convention and with any mark, as its cents', () => {
    fc.assert(
      fc.property(productName, cents, priceStyle, language, (name, amount, style, lang) => {
        const reading = readReceiptLines(
          [{ text: `${name} ${priceText(amount, style)}`, confidence: 90 }],
          lang,
        );
        expect(summary(reading).items).toEqual([[name, 1, null, amount]]);
      }),
    );
  });

  it('reads no total, tax, payment, change or loyalty line as an item, in any language', () => {
    fc.assert(
      fc.property(
        notItemWords,
        casing,
        fc.constantFrom('', '* ', '** ', '- '),
        fc.constantFrom(' ', ': ', ' ... ', '\t'),
        fc.integer({ min: 1, max: ITEM_PRICE_MAX_CENTS }),
        priceStyle,
        fc.boolean(),
        fc.boolean(),
        language,
        (words, recase, before, between, amount, style, isNegative, isFirst, lang) => {
          const price = `${isNegative ? '-' : ''}${priceText(amount, style)}`;
          const line = `${before}${recase(words)}${between}${price}`;
          expect(readReceiptLines([{ text: line, confidence: 90 }], lang).items).toEqual([]);
          const items = 'Vollmilch 1,19 B\nBananen 0,98 B';
          const receipt = recognised(isFirst ? `${line}\n${items}` : `${items}\n${line}`);
          expect(summary(readReceiptLines(receipt, lang)).items.map(([name]) => name)).toEqual([
            'Vollmilch',
            'Bananen',
          ]);
        },
      ),
    );
  });

  it('gives an item its quantity from a quantity line above or below it', () => {
    fc.assert(
      fc.property(
        productName,
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.boolean(),
        (name, quantity, unitCents, isBelow) => {
          const style: PriceStyle = {
            convention: 'comma',
            isGrouped: false,
            hasSpaceAfterSeparator: false,
            before: '',
            after: '',
          };
          const itemLine = `${name} ${priceText(quantity * unitCents, style)} B`;
          const quantityLine = `  ${quantity} x ${priceText(unitCents, style)}`;
          const pair = isBelow ? [itemLine, quantityLine] : [quantityLine, itemLine];
          // Prices no quantity line here multiplies out to, to leave no doubt which is its item.
          const text = ['Milch 1,09 B', ...pair, 'Butter 1,99 B', 'SUMME 9,99'].join('\n');
          expect(summary(read(text, 'deu')).items).toEqual([
            ['Milch', 1, null, 109],
            [name, quantity, null, quantity * unitCents],
            ['Butter', 1, null, 199],
          ]);
        },
      ),
    );
  });

  const linePart = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      ' ',
      '  ',
      '2',
      '0',
      '1,5',
      '1.99',
      '1,99',
      '0,49',
      '-0,50',
      '1.299,00',
      '100000',
      '999999999,99',
      'x',
      '×',
      '@',
      '€',
      'EUR',
      'A',
      'kg',
      'Stk',
      '/kg',
      '-',
      '|',
      '•',
      '[ ]',
      'Milch',
      'TOTAL',
      'Summe',
      'CB',
      '\uD800',
      '\u0000',
      '\t',
      '\u0085',
    ),
  );
  const anyLine = fc.record({
    text: fc.oneof(
      fc.array(linePart, { maxLength: 10 }).map((parts) => parts.join('')),
      fc.string(),
      fc.string({ unit: 'binary' }),
    ),
    confidence: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double()),
  });

  it('never throws, and every item it reads has a name, a quantity and a price a list accepts', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 20 }), language, (lines, lang) => {
        const reading = readReceiptLines(lines, lang);
        const texts = new Set(lines.map((line) => line.text.trim()));
        for (const item of reading.items) {
          expect(item.name).toBe(item.name.trim());
          expect(isCleanLine(item.name)).toBe(true);
          expect(item.name.match(/\p{L}/gu)?.length ?? 0).toBeGreaterThanOrEqual(2);
          expect(item.name.length).toBeLessThanOrEqual(ITEM_NAME_MAX_LENGTH);
          expect(item.quantity).toBeGreaterThan(0);
          expect(item.quantity).toBeLessThanOrEqual(ITEM_QUANTITY_MAX);
          if (item.priceCents !== null) {
            expect(Number.isSafeInteger(item.priceCents)).toBe(true);
            expect(item.priceCents).toBeGreaterThanOrEqual(0);
            expect(item.priceCents).toBeLessThanOrEqual(ITEM_PRICE_MAX_CENTS);
          }
          expect(Number.isInteger(item.confidence)).toBe(true);
          expect(item.confidence).toBeGreaterThanOrEqual(0);
          expect(item.confidence).toBeLessThanOrEqual(100);
          expect(texts.has(item.line)).toBe(true);
          expect(lines[item.lineIndex]?.text.trim()).toBe(item.line);
          if (item.confidence < 60) expect(item.suggestion).toBe(true);
          // Issue 28: the kind is the paper's, and on a receipt a line without a price is at
          // most a suggestion (it used to be: a receipt exactly when some item had a price).
          if (reading.kind === 'receipt' && item.priceCents === null) {
            expect(item.suggestion).toBe(true);
          }
        }
        if (reading.totalCents !== null) {
          expect(Number.isSafeInteger(reading.totalCents)).toBe(true);
        }
        expect(readReceiptLines(lines, lang)).toEqual(reading);
      }),
    );
  });

  // A pattern that backtracks on long input would hang here (the test's timeout catches it).
  it('reads a very long line, and leaves it out', () => {
    const reading = read(`Milch${' '.repeat(50_000)}x 1,99\n${'1,'.repeat(20_000)}`, 'deu');
    expect(reading.items).toEqual([]);
  });
});
