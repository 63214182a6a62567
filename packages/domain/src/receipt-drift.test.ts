import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realignDriftedPrices } from './receipt-drift';
import { readReceiptLines } from './receipt-lines';
import type { RecognisedLine, RecognisedWord } from './receipt-lines';

/** A word at `x` whose middle is at `y`, as recognition boxes it. */
const word = (text: string, x: number, y: number, confidence = 92): RecognisedWord => ({
  text,
  confidence,
  box: { x, y: y - 0.015, width: 0.02 * text.length, height: 0.03 },
});

/** A line of a receipt: its name's words at the left, its price's (if any) at the right. */
const line = (name: RecognisedWord[], price: RecognisedWord[] = []): RecognisedLine => {
  const words = [...name, ...price];
  return {
    text: words.map((each) => each.text).join(' '),
    confidence: Math.round(words.reduce((sum, each) => sum + each.confidence, 0) / words.length),
    box: { x: 0.04, y: Math.min(...words.map((each) => each.box!.y)), width: 0.9, height: 0.05 },
    words,
  };
};

const header = [
  line([word('BUURTSUPER', 0.27, 0.078), word('JANSEN', 0.57, 0.08)]),
  line([word('Kerkstraat', 0.32, 0.125), word('12', 0.62, 0.123)]),
];
const footer = [
  line([word('TOTAAL', 0.05, 0.756)], [word('28,21', 0.83, 0.758)]),
  line([word('PIN', 0.05, 0.8)], [word('28,21', 0.83, 0.8)]),
];

const prices = (lines: RecognisedLine[]) =>
  readReceiptLines(lines, 'nld').items.map((item) => [item.name, item.priceCents]);

describe('prices that drifted a line on crumpled paper', () => {
  // As a poor photo of a crumpled receipt was read: the rule under the header as a doubted word
  // with the first price, each name with the next one's price, and the last name with none.
  const drifted = [
    ...header,
    line([word('Elien', 0.05, 0.298, 26)], [word('2,79', 0.87, 0.331)]),
    line([word('Pindakaas', 0.04, 0.345)], [word('5,49', 0.87, 0.375)]),
    line([word('Olijfolie', 0.04, 0.393, 7)], [word('1,39', 0.87, 0.42)]),
    line([word('Rijst', 0.04, 0.436), word('HES', 0.43, 0.45, 0)], [word('7,29', 0.86, 0.465)]),
    line([word('Koffie', 0.04, 0.485), word('SN', 0.34, 0.493, 29)]),
    line([word('Yoghurt', 0.05, 0.53)], [word('1,29', 0.85, 0.532)]),
    ...footer,
  ];

  it('are put back beside the names they are nearer', () => {
    expect(prices(drifted)).toEqual([
      ['Pindakaas', 279],
      ['Olijfolie', 549],
      ['Rijst HES', 139],
      ['Koffie', 729],
      ['Yoghurt', 129],
    ]);
    const realigned = realignDriftedPrices(drifted);
    expect(realigned[2]!.text).toBe('Elien');
    expect(realigned[3]!.text).toBe('Pindakaas 2,79');
    // The line that got a price reaches as far as its price on the photo.
    expect(realigned[6]!.box!.x + realigned[6]!.box!.width).toBeGreaterThan(0.86);
  });

  it('take a whole price with it: a French amount in thousands and its tax class', () => {
    const lines = [
      line([word('EEE', 0.07, 0.258, 0)], [word('2,49', 0.82, 0.283), word('A', 0.95, 0.29)]),
      line(
        [word('Yaourt', 0.06, 0.296), word('Nature', 0.22, 0.304)],
        [word('1', 0.7, 0.323), word('299,00', 0.75, 0.323), word('B', 0.94, 0.325)],
      ),
      line([word('Réfrigérateur', 0.06, 0.34)]),
    ];
    expect(realignDriftedPrices(lines).map((each) => each.text)).toEqual([
      'EEE',
      'Yaourt Nature 2,49 A',
      'Réfrigérateur 1 299,00 B',
    ]);
  });

  it('stay where they are when their own line is nearer', () => {
    // The same pattern of names and prices, each price level with its own line.
    const level = drifted.map((each) => {
      const words = each.words!.map((one) => ({ ...one, box: { ...one.box!, y: each.box!.y } }));
      return { ...each, words };
    });
    expect(realignDriftedPrices(level)).toEqual(level);
  });

  it('stay where they are when the run does not end at a clearly read name', () => {
    const specksAtEnd = drifted.map((each, index) =>
      index === 6 ? line([word('ano', 0.04, 0.485, 15)]) : each,
    );
    expect(realignDriftedPrices(specksAtEnd)).toEqual(specksAtEnd);
  });

  it('stay where they are in lines read without word boxes', () => {
    const unboxed = drifted.map(({ text, confidence }) => ({ text, confidence }));
    expect(realignDriftedPrices(unboxed)).toEqual(unboxed);
  });

  it('never move on a receipt photographed flat, however its names were read', () => {
    // Rows of a flat receipt: each price level with its name, give or take a quarter of a row;
    // names read clearly, doubted, or not at all; prices read or lost.
    const row = fc.record({
      name: fc.constantFrom('Milk', 'Eggs', 'Xq', ''),
      confidence: fc.integer({ min: 0, max: 99 }),
      priced: fc.boolean(),
      tilt: fc.double({ min: -0.25, max: 0.25, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        const spacing = 0.045;
        const lines = rows.flatMap(({ name, confidence, priced, tilt }, index) => {
          const y = 0.2 + index * spacing;
          const nameWords = name ? [word(name, 0.05, y, confidence)] : [];
          const priceWords = priced ? [word('1,99', 0.85, y + tilt * spacing)] : [];
          return nameWords.length + priceWords.length > 0 ? [line(nameWords, priceWords)] : [];
        });
        expect(realignDriftedPrices(lines)).toEqual(lines);
      }),
    );
  });
});
