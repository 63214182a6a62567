import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OCR_LANGUAGES } from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { checkReceiptTotal, confirmedByTotal } from './receipt-total-check';
import { readReceiptLines } from './receipt-lines';
import type { ReceiptReading, RecognisedLine } from './receipt-lines';

/*
 * Photos read badly, as measured on realistic ones (issue 28): prices lost or damaged, junk from
 * shadows and paper edges, digits read for letters, bullets read as letters.
 */

type Expected = [name: string, quantity: number, unit: string | null, priceCents: number | null];

const recognised = (text: string, confidence = 91): RecognisedLine[] =>
  text.split('\n').map((line) => ({ text: line, confidence }));
const read = (text: string, language: OcrLanguage, confidence?: number): ReceiptReading =>
  readReceiptLines(recognised(text, confidence), language);
/** A line as recognised word by word: each word of `text` with its confidence, in order. */
const inWords = (text: string, confidence: number, words: readonly number[]): RecognisedLine => ({
  text,
  confidence,
  words: text.split(' ').map((word, index) => ({ text: word, confidence: words[index]! })),
});
/** The reading's items as the job's result gives them: the doubted ones the total confirms ticked. */
const confirmed = (reading: ReceiptReading) =>
  confirmedByTotal(reading.items, reading.totalCents, reading.discountsAndDepositsCents);
const items = (reading: ReceiptReading): Expected[] =>
  reading.items.map((item) => [item.name, item.quantity, item.unit, item.priceCents]);

describe('readReceiptLines: receipt or list, from the paper', () => {
  /** Receipts whose prices recognition lost, in the five languages. */
  const lostPrices: [OcrLanguage, string][] = [
    [
      'eng',
      'TESCO\nSEMI SKIMMED MILK ~\nHOVIS WHITE\nFREE RANGE EGGS .\nTOTAL\nVISA DEBIT\nCHANGE DUE',
    ],
    ['deu', 'REWE Markt\nVOLLMILCH 3,5%\nBANANE ~\nROGGENBROT\nSUMME\nGeg. BAR\nRückgeld'],
    ['nld', 'Albert Heijn\nHALFVOLLE MELK\nJONGE KAAS\nAPPELS\nTOTAAL\nPINNEN\nBTW 9%'],
    ['fra', 'Carrefour Market\nLAIT DEMI ECREME\nBAGUETTE\nCAMEMBERT\nTOTAL TTC\nCB\nTVA 5,5%'],
    ['spa', 'MERCADONA\nLECHE ENTERA\nPAN DE MOLDE\nHUEVOS\nTOTAL\nTARJETA\nIVA 10%'],
  ];

  it.each(lostPrices)(
    'reads a receipt (%s) whose prices were lost as a receipt, not a list of every line',
    (language, text) => {
      const reading = read(text, language);
      expect(reading.kind).toBe('receipt');
      expect(reading.items).toEqual([]);
    },
  );

  it.each(lostPrices)(
    'reads the same lines (%s) at 40% confidence as a receipt too',
    (language, text) => {
      expect(read(text, language, 40).kind).toBe('receipt');
    },
  );

  it('reads a receipt from its damaged prices alone: "2 25", "225 A", "2,2S"', () => {
    const text = `VOLLMILCH 2 25\nBROT 225 A\nKAESE 2,2S\nEIER 1,99`;
    expect(read(text, 'deu').kind).toBe('receipt');
  });

  it('reads a colon read for the separator as one, and the total check proposes the misread digit', () => {
    const reading = read('MILK 1.20\nBREAD 2:58\nAPPLES 3.10\nTOTAL 6.80', 'eng', 74);
    expect(reading.items.map((item) => [item.name, item.priceCents])).toEqual([
      ['MILK', 120],
      ['BREAD', 258],
      ['APPLES', 310],
    ]);
    expect(checkReceiptTotal(reading.items, reading.totalCents)).toMatchObject({
      differenceCents: -8,
      fixes: [{ itemIndex: 1, reason: 'digit', fromCents: 258, toCents: 250 }],
      adjustmentCents: 0,
    });
  });

  it('reads a receipt from lines flush right across the paper when boxes are given', () => {
    const lines = ['SEMI SKIMMED MILK ~', 'WHOLEMEAL BREAD', 'FREE RANGE EGGS', 'VAT 20%'];
    const boxed = lines.map((text, index) => ({
      text,
      confidence: 90,
      box: { x: 0.05, y: 0.1 + index * 0.05, width: 0.9, height: 0.03 },
    }));
    expect(readReceiptLines(boxed, 'eng').kind).toBe('receipt');
    // The same words written short at the left of a page: a list.
    const left = boxed.map((line) => ({ ...line, box: { ...line.box, width: 0.3 } }));
    expect(readReceiptLines(left, 'eng').kind).toBe('list');
    expect(readReceiptLines(recognised(lines.join('\n')), 'eng').kind).toBe('list');
  });

  it('keeps a written list a list when a few of its lines carry a price, in every language', () => {
    const lists: [OcrLanguage, string][] = [
      ['eng', 'Milk\nBread 1.20\nEggs\nButter\nCoffee'],
      ['deu', 'Milch\nBrot 1,99\nEier\nButter\nKaffee'],
      ['nld', 'Melk\nBrood 2,19\nEieren\nKaas\nKoffie'],
      ['fra', 'Lait\nPain 1,10\nOeufs\nFromage\nCafé'],
      ['spa', 'Leche\nPan 1,35\nHuevos\nQueso\nCafé'],
    ];
    for (const [language, text] of lists) {
      const reading = read(text, language, 70);
      expect(reading.kind).toBe('list');
      expect(reading.items).toHaveLength(5);
      expect(reading.items[1]?.priceCents).not.toBeNull();
    }
  });

  it('offers a receipt line amid the items that lost its price, and nothing of the header', () => {
    const reading = read(
      `REWE Markt\nHauptstr. 1\nMilch 1,19\nRoggenbrot\nKäse 2,49\nSUMME 3,68`,
      'deu',
    );
    expect(reading.items.map((item) => [item.name, item.priceCents, item.suggestion])).toEqual([
      ['Milch', 119, false],
      ['Roggenbrot', null, true],
      ['Käse', 249, false],
    ]);
  });

  it('never makes an item of a receipt line without a price, only a suggestion', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.constantFrom('Vollmilch', 'Jonge kaas', 'Pan de molde', 'Beurre', 'Eggs'),
            price: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: null }),
            confidence: fc.integer({ min: 0, max: 100 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.constantFrom(...OCR_LANGUAGES),
        (rows, language) => {
          const lines: RecognisedLine[] = rows.map(({ name, price, confidence }) => ({
            text: price === null ? name : `${name} ${(price / 100).toFixed(2)}`,
            confidence,
          }));
          lines.push({ text: 'TOTAL 99,99', confidence: 90 });
          const reading = readReceiptLines(lines, language);
          expect(reading.kind).toBe('receipt');
          for (const item of reading.items) {
            if (item.priceCents === null) expect(item.suggestion).toBe(true);
            if (item.confidence < 60) expect(item.suggestion).toBe(true);
          }
        },
      ),
    );
  });
});

describe('readReceiptLines: doubtful lines and junk', () => {
  it('offers lines read with confidence below 60 as suggestions, and drops the junk', () => {
    const reading = readReceiptLines(
      [
        { text: 'Milch', confidence: 92 },
        { text: 'Brot', confidence: 55 },
        { text: '|||', confidence: 30 },
        { text: '~~ _', confidence: 20 },
        { text: 'xq', confidence: 40 },
        { text: 'r.;,e', confidence: 35 },
        { text: 'Käse', confidence: 45 },
      ],
      'deu',
    );
    expect(reading.items.map((item) => [item.name, item.suggestion, item.lineIndex])).toEqual([
      ['Milch', false, 0],
      ['Brot', true, 1],
      ['Käse', true, 6],
    ]);
  });

  it('never makes an item of specks and edges read with low confidence', () => {
    const junk = fc
      .array(fc.constantFrom(...'|_~¦.,;:\'"!?-=*#^ '), { minLength: 1, maxLength: 8 })
      .chain((marks) =>
        fc
          .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzIl'), { maxLength: 2 })
          .map((letters) => [...marks, ...letters].join('')),
      );
    fc.assert(
      fc.property(
        fc.array(fc.record({ text: junk, confidence: fc.integer({ min: 0, max: 59 }) }), {
          maxLength: 10,
        }),
        fc.constantFrom(...OCR_LANGUAGES),
        (lines, language) => {
          expect(readReceiptLines(lines, language).items).toEqual([]);
        },
      ),
    );
  });

  it('drops a doubtful line of word fragments, and offers doubtful names of one or longer words', () => {
    // As a shadowed receipt read as noise gave them: each fragment a crease or a patch of grain.
    const reading = readReceiptLines(
      [
        { text: 'ED Mo', confidence: 31 },
        { text: 'e PEA EZ', confidence: 28 },
        { text: 'Tea', confidence: 50 },
        { text: 'Oat Milk', confidence: 52 },
        { text: 'Pan de Molde', confidence: 48 },
        // Recognition sure of it: taken whatever its words.
        { text: 'Ice Tea', confidence: 90 },
      ],
      'eng',
    );
    expect(reading.items.map((item) => [item.name, item.suggestion])).toEqual([
      ['Tea', true],
      ['Oat Milk', true],
      ['Pan de Molde', true],
      ['Ice Tea', false],
    ]);
  });

  it('still begins a receipt’s items at a priced line of fragments it leaves out', () => {
    // The line of fragments carries the first price: the clearly read line after it, whose price
    // was lost, is amid the items and offered.
    const reading = readReceiptLines(
      [
        { text: 'FRESH MARKET', confidence: 90 },
        { text: 'En 4 Is 4 1.16', confidence: 59 },
        { text: 'Wholemeal Bread', confidence: 83 },
        { text: 'Basmati Rice 1.99', confidence: 88 },
        { text: 'Milk 0.95', confidence: 90 },
        { text: 'TOTAL 4.89', confidence: 91 },
      ],
      'eng',
    );
    expect(reading.items.map((item) => [item.name, item.priceCents, item.suggestion])).toEqual([
      ['Wholemeal Bread', null, true],
      ['Basmati Rice', 199, false],
      ['Milk', 95, false],
    ]);
  });

  it('ticks the doubted priced lines whose prices are exactly what the total leaves', () => {
    const lines = (total: string) => [
      { text: 'Milch 1,00', confidence: 92 },
      inWords('Brot 2,50', 50, [45, 88]),
      { text: `SUMME ${total}`, confidence: 93 },
    ];
    expect(
      confirmed(readReceiptLines(lines('3,50'), 'deu')).map(
        ({ name, priceCents, suggestion, doubtfulWords }) => ({
          name,
          priceCents,
          suggestion,
          doubtfulWords,
        }),
      ),
    ).toEqual([
      { name: 'Milch', priceCents: 100, suggestion: false, doubtfulWords: [] },
      // Ticked, and its doubted word still marked for the review.
      { name: 'Brot', priceCents: 250, suggestion: false, doubtfulWords: ['Brot'] },
    ]);
    // A cent off: the doubt stands, and the total check shows the difference.
    const offered = confirmed(readReceiptLines(lines('3,51'), 'deu'));
    expect(offered.map((item) => item.suggestion)).toEqual([false, true]);
    // The reading itself keeps its doubt: readings are compared as recognition read them.
    expect(readReceiptLines(lines('3,50'), 'deu').items.map((item) => item.suggestion)).toEqual([
      false,
      true,
    ]);
  });

  it('never confirms a doubted line by the total alone, without a ticked price beside it', () => {
    const reading = readReceiptLines(
      [
        { text: 'Milch', confidence: 92 },
        { text: 'Brotkorb 3,50', confidence: 40 },
        { text: 'SUMME 3,50', confidence: 93 },
      ],
      'deu',
    );
    expect(confirmed(reading).every((item) => item.suggestion || item.priceCents === null)).toBe(
      true,
    );
  });

  it('ticks doubted priced lines exactly when the sure and the doubted prices make the total', () => {
    const names = ['Milch', 'Brot', 'Butter', 'Käse', 'Äpfel', 'Kaffee', 'Nudeln', 'Joghurt'];
    const euros = (cents: number) =>
      `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    const line = fc.record({
      name: fc.constantFrom(...names),
      cents: fc.integer({ min: 10, max: 9999 }),
      doubted: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        line.map((sure) => ({ ...sure, doubted: false })),
        // Never less than the sum: a line costing the whole total is no item (withoutTotalReadAsItem).
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 })),
        (others, sure, offBy) => {
          const all = [sure, ...others];
          const sum = all.reduce((total, { cents }) => total + cents, 0);
          const total = sum + offBy;
          const reading = readReceiptLines(
            [
              ...all.map(({ name, cents, doubted }) => ({
                text: `${name} ${euros(cents)}`,
                confidence: doubted ? 50 : 92,
              })),
              { text: `SUMME ${euros(total)}`, confidence: 93 },
            ],
            'deu',
          );
          const result = confirmed(reading);
          expect(result.map((item) => item.priceCents)).toEqual(all.map((l) => l.cents));
          expect(result.map((item) => item.suggestion)).toEqual(
            all.map(({ doubted }) => doubted && offBy !== 0),
          );
        },
      ),
    );
  });

  it('offers every list line read with confidence below 60, and takes the others', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            text: fc.constantFrom('Milch', 'Halfvolle melk', 'Beurre doux', 'Pan', 'Eggs'),
            confidence: fc.integer({ min: 0, max: 100 }),
          }),
          { maxLength: 10 },
        ),
        (lines) => {
          const reading = readReceiptLines(lines, 'deu');
          expect(reading.items.map((item) => item.suggestion)).toEqual(
            lines.map((line) => line.confidence < 60),
          );
        },
      ),
    );
  });

  it('gives each item the index of its line among all the lines, blank ones included', () => {
    const reading = read(`\nMilch 1,19\n\n  \nBANANE 0,98\n2 x 0,49\nSUMME 2,17`, 'deu');
    expect(reading.items.map((item) => [item.name, item.lineIndex])).toEqual([
      ['Milch', 1],
      ['BANANE', 4],
    ]);
  });

  it('names the words of a name read with low confidence, as the name writes them', () => {
    const reading = readReceiptLines(
      [
        inWords('- Olive 0il 3,49', 70, [40, 88, 41, 90]),
        { text: 'Brot 1,99', confidence: 90, words: [{ text: 'Brot', confidence: 95 }] },
      ],
      'eng',
    );
    expect(reading.items.map((item) => [item.name, item.doubtfulWords])).toEqual([
      ['Olive Oil', ['Oil']],
      ['Brot', []],
    ]);
  });
});

describe('readReceiptLines: specks between a name and its price', () => {
  it('leaves out the doubted specks at the end of a name', () => {
    const reading = readReceiptLines(
      [
        inWords('Olijfolie 5,49', 71, [66, 76]),
        inWords('Koffie ib 1,29', 53, [88, 0, 72]),
        inWords('Hagelslag | Ee) 2,49', 56, [96, 36, 0, 96]),
        inWords('TOTAAL 11,27', 90, [90, 90]),
      ],
      'nld',
    );
    expect(items(reading)).toEqual([
      ['Olijfolie', 1, null, 549],
      ['Koffie', 1, null, 129],
      ['Hagelslag', 1, null, 249],
    ]);
    // Still doubtful lines: offered, not taken.
    expect(reading.items.map((item) => item.suggestion)).toEqual([false, true, true]);
  });

  it('keeps short words recognition was sure of, doubted words of letters, and the end of a doubted word', () => {
    const reading = readReceiptLines(
      [
        inWords('Eier M 2,19', 90, [95, 92, 90]),
        inWords('Rijst HES 1,39', 70, [88, 30, 90]),
        inWords('Spülmait el 1,35', 63, [50, 50, 77]),
        inWords('TOTAAL 4,93', 90, [90, 90]),
      ],
      'nld',
    );
    expect(items(reading).map(([name]) => name)).toEqual(['Eier M', 'Rijst HES', 'Spülmait el']);
  });
});

describe('readReceiptLines: the total misread', () => {
  it('takes a label one letter from a total for the total', () => {
    expect(read('Baguette 1,20\nComté 6,45\nTOTA 7,65', 'fra').totalCents).toBe(765);
    expect(read('Rijst 1,39\nKoffie 7,29\nTOTAAI 8,68', 'nld').totalCents).toBe(868);
    expect(read('Brot 1,99\nSumm 1,99', 'deu').totalCents).toBe(199);
    // Not a word of three letters, nor one two letters away.
    expect(items(read('Tot 1,20\nTorta 6,45\nTOTAL 7,65', 'spa'))).toEqual([
      ['Tot', 1, null, 120],
      ['Torta', 1, null, 645],
    ]);
  });

  it('drops a line costing the whole total amid other priced items', () => {
    const reading = readReceiptLines(
      [
        inWords('Pindakaas 5,49', 90, [89, 94]),
        inWords('Yoghurt 2,19', 84, [95, 73]),
        // The total's line read a second time, half a line up, under the name beside it.
        inWords('Eieren 7,68', 63, [96, 67]),
        inWords('TOTAAL 7,68', 84, [95, 72]),
      ],
      'nld',
    );
    expect(items(reading)).toEqual([
      ['Pindakaas', 1, null, 549],
      ['Yoghurt', 1, null, 219],
    ]);
    expect(reading.totalCents).toBe(768);
  });

  it('keeps an item costing the whole total when it is the only one, or a discount made it so', () => {
    expect(items(read('Wein 12,99\nSUMME 12,99', 'deu'))).toEqual([['Wein', 1, null, 1299]]);
    expect(items(read('Wein 12,99\nBrot 2,00\nRabatt -2,00\nSUMME 12,99', 'deu'))).toEqual([
      ['Wein', 1, null, 1299],
      ['Brot', 1, null, 200],
    ]);
  });
});

describe('readReceiptLines: prices as recognition damages them', () => {
  it.each([
    ['1 960,06', 196_006],
    ['1.960,06', 196_006],
    ['1,960.06', 196_006],
    ['1,99 A', 199],
    ['1,99 B*', 199],
    ['2,50 1', 250],
    ['€ 1,99 A', 199],
    ["1,99 A'", 199],
    ['3,15 À', 315],
    ['2,45 Á', 245],
    ['2,49 ,', 249],
    ['3,10 |', 310],
    ['1,99 »', 199],
    ['2,2S', 225],
    ['l,99', 199],
    ['I,O5', 105],
    ['1B,50', 1850],
  ])('reads "%s" at the end of a line as %d cents, with the name apart', (price, cents) => {
    for (const [language, name] of [
      ['eng', 'Semi skimmed milk'],
      ['deu', 'Vollmilch'],
      ['nld', 'Halfvolle melk'],
      ['fra', 'Lait demi-écrémé'],
      ['spa', 'Leche entera'],
    ] as const) {
      expect(items(read(`${name} ${price}`, language))).toEqual([[name, 1, null, cents]]);
    }
  });

  it('takes a Spanish street with its name before the number for an address, not an item', () => {
    const reading = read(
      'SUPERMERCADO SOL\nC/ Alcalá 140\nAvda. de América 12\n28009 Madrid\nArroz 2,50\nTOTAL 2,50',
      'spa',
    );
    expect(items(reading)).toEqual([['Arroz', 1, null, 250]]);
  });

  it('reads the French total with thousands grouped by a space', () => {
    const reading = read(`Téléviseur 1 960,06\nCâble HDMI 12,00\nTOTAL TTC 1 972,06`, 'fra');
    expect(reading.totalCents).toBe(197_206);
    expect(items(reading)).toEqual([
      ['Téléviseur', 1, null, 196_006],
      ['Câble HDMI', 1, null, 1200],
    ]);
  });

  it('reads a price whose separator was read as a space, and one that lost it, on a receipt', () => {
    // "225" is read as written, 225.00; checkReceiptTotal proposes 2,25 from the total.
    const reading = read(`Milch 1,19\nBANANEN 225\nBrot 2 49\nSUMME 5,93`, 'deu');
    expect(items(reading)).toEqual([
      ['Milch', 1, null, 119],
      ['BANANEN', 1, null, 22_500],
      ['Brot', 1, null, 249],
    ]);
  });

  it('reads a total whose separator was read as a space', () => {
    const reading = read(`Koffie 7,29\nRijst 1,39\nTOTAAL 8 68\nPIN 8,68`, 'nld');
    expect(reading.totalCents).toBe(868);
  });

  // As the hard photo set's German receipt was read, total and card line alike.
  it('reads a total whose separator was read as a digit, where the items add up to it', () => {
    const text = `Bio Eier 2,79 A\nVollmilch 2,18 A\nOlivenöl 14,97 A\nSUMME 19794\nKarte 19794`;
    expect(read(text, 'deu').totalCents).toBe(1994);
    // …or lost, where they add up to that.
    expect(read(`Butter 2,39 A\nBrot 1,89 A\nSUMME 428`, 'deu').totalCents).toBe(428);
  });

  it('leaves a total of bare digits unread where the items add up to none of its readings', () => {
    const reading = read(`Bio Eier 2,79 A\nVollmilch 2,18 A\nSUMME 19797`, 'deu');
    expect(reading.totalCents).toBeNull();
    expect(reading.kind).toBe('receipt');
    // Items are read up to it, as up to any total: what follows is no purchase.
    expect(items(read(`Milch 1,19\nSUMME 119\nGutschein Kaffee 2,00`, 'deu'))).toEqual([
      ['Milch', 1, null, 119],
    ]);
  });

  it('leaves "0,5l" and "1,5L" alone: the l is a litre there, not a 1', () => {
    expect(items(read(`Milch 0,5l\nCola 1,5L`, 'deu', 70))).toEqual([
      ['Milch', 0.5, 'l', null],
      ['Cola', 1.5, 'L', null],
    ]);
  });
});

describe('readReceiptLines: a product whose price was specks', () => {
  it('offers the product without the specks recognition doubted, and the total check prices it', () => {
    // The careful Dutch receipt of the hard photo set, as read.
    const sure = (text: string) => inWords(text, 95, [95, 95]);
    const lines: RecognisedLine[] = [
      sure('Pindakaas 2,79'),
      sure('Koffie 7,29'),
      inWords('Eieren TE TJ', 55, [96, 46, 24]),
      sure('Yoghurt 1,29'),
      sure('TOTAAL 19,14'),
    ];
    const reading = readReceiptLines(lines, 'nld');
    const eggs = reading.items.findIndex((item) => item.name === 'Eieren');
    expect(reading.items[eggs]).toMatchObject({
      priceCents: null,
      suggestion: true,
      line: 'Eieren TE TJ',
      lineIndex: 2,
    });
    expect(checkReceiptTotal(reading.items, reading.totalCents)?.fixes).toEqual([
      { itemIndex: eggs, reason: 'unread', fromCents: null, toCents: 777 },
    ]);
  });
});

describe('readReceiptLines: the total from the card payment', () => {
  it.each([
    // As a poor photo of the hard set was read: the total damaged, the card's amount whole.
    ['eng', 'MILK 1.19\nBREAD 1.10\nTOTAL 2.2.\nVISA DEBIT 2.29', 229],
    ['deu', 'MILCH 1,19\nBROT 2,49\nSUMME\nKarte 3,68', 368],
    ['nld', 'MELK 1,09\nKAAS 4,99\nTOTAAI\nPIN 6,08', 608],
    ['fra', 'LAIT 1,05\nBEURRE 2,49\nT0TAL\nCB 3,54', 354],
    ['spa', 'LECHE 0,89\nPAN 1,15\nTARJETA 2,04', 204],
  ] as [OcrLanguage, string, number][])(
    'reads the total (%s) from what the card paid where its own line was lost',
    (language, text, totalCents) => {
      expect(read(text, language).totalCents).toBe(totalCents);
    },
  );

  it('takes no total from cash handed over, nor from card payments that disagree', () => {
    expect(
      read('MILCH 1,19\nBROT 2,49\nSUMME\nBAR 5,00\nRückgeld 1,32', 'deu').totalCents,
    ).toBeNull();
    expect(read('MILK 1.19\nBREAD 2.49\nVISA 3.68\nVISA 3.88', 'eng').totalCents).toBeNull();
  });

  it('takes no total from a card amount recognition doubted', () => {
    const lines: RecognisedLine[] = [
      { text: 'Butter 2,39 A', confidence: 95 },
      { text: 'SUMME', confidence: 96 },
      inWords('Karte 9,58', 49, [96, 2]),
    ];
    expect(readReceiptLines(lines, 'deu').totalCents).toBeNull();
  });

  it('reads the card’s amount though a speck beside the paper’s edge was read as a doubted digit', () => {
    // As the block reading of the English poor receipt gave it: the edge's specks start each line.
    const lines: RecognisedLine[] = [
      inWords('= Coffee Beans 5,49 i', 58, [45, 95, 95, 62, 0]),
      inWords('‘4 TOTAL 22.8. §', 57, [45, 80, 50, 55]),
      inWords('3 VISA DEBIT 22.81', 64, [10, 95, 56, 94]),
    ];
    expect(readReceiptLines(lines, 'eng').totalCents).toBe(2281);
  });

  it('keeps the total line’s amount over the card’s', () => {
    expect(read('MILK 1.19\nBREAD 2.49\nTOTAL 3.68\nVISA 13.68', 'eng').totalCents).toBe(368);
  });
});

describe('readReceiptLines: quantity lines, bullets and counts', () => {
  /** A quantity line before or after its item, as each language's receipts print it. */
  const layouts: [OcrLanguage, string, Expected][] = [
    [
      'eng',
      'MILK 1.19\nGREEK YOGHURT 1.70\n2 x 0.85\nSUBTOTAL 2.89',
      ['GREEK YOGHURT', 2, null, 170],
    ],
    ['deu', 'MILCH 1,19 B\n2 Stk x 0,49\nBANANE 0,98 B\nSUMME 2,17', ['BANANE', 2, 'Stk', 98]],
    ['deu', 'MILCH 1,19 B\nBANANE 0,98 B\n2 Stk x 0,49 B\nSUMME 2,17', ['BANANE', 2, 'Stk', 98]],
    ['nld', 'MELK 1,09\nAPPELS 2,30\n2 X 1,15\nTOTAAL 3,39', ['APPELS', 2, null, 230]],
    ['fra', 'LAIT 1,05\n2 x 1,15\nBIERE BLONDE 2,30\nTOTAL 3,35', ['BIERE BLONDE', 2, null, 230]],
    ['spa', 'LECHE 0,89\nCERVEZA 4,74\n6 x 0,79\nTOTAL 5,63', ['CERVEZA', 6, null, 474]],
    // The times sign read twice, as on a photo of the hard set.
    ['eng', 'MILK 1.19\nTOMATO SOUP 2.85\n3 Xx 0.95\nTOTAL 4.04', ['TOMATO SOUP', 3, null, 285]],
    // The count read as a letter, as on photos of the hard set: the item's price says it.
    ['nld', 'EIEREN 2,59\nSx 1,29\nYOGHURT 3,87\nTOTAAL 6,46', ['YOGHURT', 3, null, 387]],
    ['spa', 'LECHE 0,89\nZ x 0,89\nCAFE 1,78\nTOTAL 2,67', ['CAFE', 2, null, 178]],
    ['nld', 'KAAS 4,99\nS xXx 1,29\nYOGHURT 3,87\nTOTAAL 8,86', ['YOGHURT', 3, null, 387]],
  ];

  it.each(layouts)(
    'gives a quantity line (%s) to its item and never makes it one',
    (language, text, item) => {
      const reading = read(text, language);
      expect(items(reading)).toContainEqual(item);
      expect(reading.items).toHaveLength(2);
      expect(reading.items.every((entry) => !/^\d+ (?:Stk )?[xX]{1,2} /u.test(entry.line))).toBe(
        true,
      );
    },
  );

  it('gives a quantity line to the neighbour whose price is missing, not to one priced otherwise', () => {
    // The ordinary Dutch receipt as read: 3 x 2,59 above Eieren, whose 7,77 was lost.
    const reading = read('KOFFIE 7,29\n3x 2,59\nEIEREN\nYOGHURT 1,29\nTOTAAL 16,35', 'nld');
    expect(items(reading)).toEqual([
      ['KOFFIE', 1, null, 729],
      ['EIEREN', 3, null, 777],
      ['YOGHURT', 1, null, 129],
    ]);
  });

  it('reads a weighed item with its weight line priced "per kg"', () => {
    const text = `BANANEN 1,68\n0,845 kg x 1,99 per kg\nTOTAAL 1,68`;
    expect(items(read(text, 'nld'))).toEqual([['BANANEN', 0.845, 'kg', 168]]);
  });

  it('reads the discounts and deposits among the items, signed as they change the total', () => {
    const lines: [OcrLanguage, string, number][] = [
      ['eng', 'Clubcard Price -0.50\nBottle deposit 0.20', -30],
      ['deu', 'Pfand 1,50\nRabatt 10% 0,65-\nLeergut -0,25', 60],
      ['nld', 'Statiegeld 0,50\nBONUS KORTING 1,00', -50],
      ['fra', 'Consigne 0,20\nRemise fidélité -0,40', -20],
      ['spa', 'Envase 0,60\nDESCUENTO -0,75', -15],
    ];
    for (const [language, extras, cents] of lines) {
      const reading = read(`Milk 1,00\n${extras}\nTOTAL 9,99\nPfand 5,00`, language);
      expect(reading.discountsAndDepositsCents).toBe(cents);
      expect(reading.items).toHaveLength(1);
    }
  });

  it.each([
    ['nld', 'e 3x melk', ['melk', 3, null, null]],
    ['deu', '- 2 Milch', ['Milch', 2, null, null]],
    ['fra', '• pain', ['pain', 1, null, null]],
    ['fra', 'o tomates', ['tomates', 1, null, null]],
    ['eng', '* eggs', ['eggs', 1, null, null]],
    ['eng', '[ ] rice', ['rice', 1, null, null]],
    ['eng', '1. bread', ['bread', 1, null, null]],
    ['spa', '- 12 Huevos', ['Huevos', 12, null, null]],
    // Bullets and counts as the poor photos of the hard set were read.
    ['eng', '« 4x Coffee', ['Coffee', 4, null, null]],
    ['deu', '«6x Zwiebeln', ['Zwiebeln', 6, null, null]],
    ['deu', '„2 Käse', ['Käse', 2, null, null]],
    ['spa', '—* leche', ['leche', 1, null, null]],
    ['nld', '. Zx uien', ['uien', 2, null, null]],
    ['fra', '« Gx lait', ['lait', 6, null, null]],
    ['fra', '+ Ax pain', ['pain', 4, null, null]],
  ] as const)('takes the bullet and count (%s) of "%s" out of the name', (language, line, item) => {
    expect(items(read(`${line}\nSugar`, language, 70))[0]).toEqual(item);
  });

  it('reads numbers running 1, 2, 3… down a list as its numbering, not quantities', () => {
    expect(items(read(`1 bread\n2 milk\n3 eggs\n4 butter`, 'eng', 70))).toEqual([
      ['bread', 1, null, null],
      ['milk', 1, null, null],
      ['eggs', 1, null, null],
      ['butter', 1, null, null],
    ]);
    // Quantities on a receipt may run in order too.
    expect(items(read(`1 LECHE 0,89\n2 PAN 2,70\n3 YOGUR 1,35\nTOTAL 4,94`, 'spa'))).toEqual([
      ['LECHE', 1, null, 89],
      ['PAN', 2, null, 270],
      ['YOGUR', 3, null, 135],
    ]);
    // Counts that do not run in order are counts.
    expect(items(read(`2 Brot\n6 Eier\n1 Milch`, 'deu', 70))).toEqual([
      ['Brot', 2, null, null],
      ['Eier', 6, null, null],
      ['Milch', 1, null, null],
    ]);
  });
});

describe('readReceiptLines: digits read for letters', () => {
  it.each([
    ['Olive 0il', 'Olive Oil'],
    ['M1lk', 'Milk'],
    ['5ugar', 'Sugar'],
    ['SP1NAZIE', 'SPINAZIE'],
    ['K1rschen', 'Kirschen'],
    ['Cr0issant', 'Croissant'],
    ['Arr0z redondo', 'Arroz redondo'],
    ['5ucre en poudre', 'Sucre en poudre'],
    ['7up', '7up'],
    ['A4 Papier', 'A4 Papier'],
    ['Vitamin B12', 'Vitamin B12'],
    ['10er Eier', '10er Eier'],
  ])('reads "%s" as "%s"', (line, name) => {
    expect(read(line, 'eng', 80).items.map((item) => item.name)).toEqual([name]);
  });

  it('keeps the quantities and measures that mix digits and letters', () => {
    expect(items(read(`3x Eier\nMilch 0,5 l\nReis 1kg\nCola 1,5L`, 'deu', 80))).toEqual([
      ['Eier', 3, null, null],
      ['Milch', 0.5, 'l', null],
      ['Reis', 1, 'kg', null],
      ['Cola', 1.5, 'L', null],
    ]);
  });
});
