import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITEM_PRICE_MAX_CENTS, ITEM_QUANTITY_MAX } from '@household/contracts';
import { ITEM_LINE_UNITS, formatItemLine, parseItemLine } from './item-line';
import type { ItemLine } from './item-line';

type Expected = [quantity: number, unit: string | null, name: string, priceCents: number | null];

/** The quick-add examples, in the number formats of en, de, nl, fr and es. */
const examples: Record<string, [line: string, expected: Expected][]> = {
  'any language': [
    ['2 x Milk', [2, null, 'Milk', null]],
    ['2x Milk', [2, null, 'Milk', null]],
    ['2 × Milk', [2, null, 'Milk', null]],
    ['2 * Milk', [2, null, 'Milk', null]],
    ['2 X Milk', [2, null, 'Milk', null]],
    ['Milk x2', [2, null, 'Milk', null]],
    ['Milk x 2', [2, null, 'Milk', null]],
    ['Milk 2x', [2, null, 'Milk', null]],
    ['Milk 2', [2, null, 'Milk', null]],
    ['2 Milk', [2, null, 'Milk', null]],
    ['Bread 3', [3, null, 'Bread', null]],
    ['500 g flour', [500, 'g', 'flour', null]],
    ['500g flour', [500, 'g', 'flour', null]],
    ['Flour 500 g', [500, 'g', 'Flour', null]],
    ['Flour 500g', [500, 'g', 'Flour', null]],
    ['Milk', [1, null, 'Milk', null]],
    ['  Greek yoghurt  ', [1, null, 'Greek yoghurt', null]],
    ['Greek  yoghurt', [1, null, 'Greek  yoghurt', null]],
    ['7up', [1, null, '7up', null]],
    ['42', [1, null, '42', null]],
    ['0 x Milk', [1, null, '0 x Milk', null]],
    ['Milk 0', [1, null, 'Milk 0', null]],
    ['500 grapes', [500, null, 'grapes', null]],
    ['2 Lemons', [2, null, 'Lemons', null]],
    ['1,99 €', [1, null, '1,99 €', null]],
    ['2 x', [1, null, '2 x', null]],
    ['2 kg', [1, null, '2 kg', null]],
    ['Milk 100001', [1, null, 'Milk 100001', null]],
  ],
  en: [
    ['2 x Milk 1.99', [2, null, 'Milk', 199]],
    ['1.5 kg apples', [1.5, 'kg', 'apples', null]],
    ['Milk €1.99', [1, null, 'Milk', 199]],
    ['Milk $1.99', [1, null, 'Milk', 199]],
    ['Milk £ 2', [1, null, 'Milk', 200]],
    ['Milk 1.99', [1, null, 'Milk', 199]],
    ['Milk - 1.99', [1, null, 'Milk', 199]],
    ['Milk x2 $3.50', [2, null, 'Milk', 350]],
    ['2 lbs potatoes', [2, 'lbs', 'potatoes', null]],
    ['2 tbsp honey', [2, 'tbsp', 'honey', null]],
    ['3 pcs lemons 2.40', [3, 'pcs', 'lemons', 240]],
    ['Cheese 1,234.56', [1, null, 'Cheese', 123456]],
    ['TV $1,299', [1, null, 'TV', 129900]],
    ['Cola 1.5', [1, null, 'Cola 1.5', null]],
  ],
  de: [
    ['2 x Milch 1,99', [2, null, 'Milch', 199]],
    ['1,5 kg Äpfel', [1.5, 'kg', 'Äpfel', null]],
    ['Milch 1,99€', [1, null, 'Milch', 199]],
    ['Milch 1,99 €', [1, null, 'Milch', 199]],
    ['2 l Milch', [2, 'l', 'Milch', null]],
    ['2 L Milch', [2, 'L', 'Milch', null]],
    ['3 Stk. Brötchen', [3, 'Stk', 'Brötchen', null]],
    ['2 Stück Butter 3,98', [2, 'Stück', 'Butter', 398]],
    ['2 EL Zucker', [2, 'EL', 'Zucker', null]],
    ['Mehl 500 g 0,89 €', [500, 'g', 'Mehl', 89]],
    ['Fernseher 1.299 €', [1, null, 'Fernseher', 129900]],
    ['Käse 1.234,56', [1, null, 'Käse', 123456]],
    ['Milch: 1,99', [1, null, 'Milch', 199]],
  ],
  nl: [
    ['2 x Melk 1,99', [2, null, 'Melk', 199]],
    ['1,5 kg appels', [1.5, 'kg', 'appels', null]],
    ['Melk € 1,99', [1, null, 'Melk', 199]],
    ['Melk €1,99', [1, null, 'Melk', 199]],
    ['3 stuks broodjes', [3, 'stuks', 'broodjes', null]],
    ['Kaas x 2 € 7,50', [2, null, 'Kaas', 750]],
    ['2 el suiker', [2, 'el', 'suiker', null]],
  ],
  fr: [
    ['2 x Lait 1,99', [2, null, 'Lait', 199]],
    ['1,5 kg pommes', [1.5, 'kg', 'pommes', null]],
    ['Lait 1,99 €', [1, null, 'Lait', 199]],
    ['25 cl crème fraîche', [25, 'cl', 'crème fraîche', null]],
    ['2 cs sucre', [2, 'cs', 'sucre', null]],
    ['Fromage 1,5 €', [1, null, 'Fromage', 150]],
  ],
  es: [
    ['2 x Leche 1,99', [2, null, 'Leche', 199]],
    ['1,5 kg manzanas', [1.5, 'kg', 'manzanas', null]],
    ['Leche 1,99 €', [1, null, 'Leche', 199]],
    ['500 gr harina', [500, 'gr', 'harina', null]],
    ['6 uds huevos', [6, 'uds', 'huevos', null]],
    ['Pan 3', [3, null, 'Pan', null]],
  ],
};

describe('parseItemLine', () => {
  for (const [language, cases] of Object.entries(examples)) {
    it.each(cases)(`reads "%s" (${language})`, (line, [quantity, unit, name, priceCents]) => {
      expect(parseItemLine(line)).toEqual({ name, quantity, unit, priceCents });
    });
  }

  it('reads a blank line as no item', () => {
    expect(parseItemLine('')).toBeNull();
    expect(parseItemLine(' \t ')).toBeNull();
  });

  it('never throws, and any item it reads has a name and a quantity and price the list accepts', () => {
    const linePart = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.constantFrom(
        ' ',
        '2',
        '0',
        '1,5',
        '1.99',
        '1,99',
        'x',
        '×',
        '*',
        '€',
        '$',
        'kg',
        'g',
        '-',
      ),
    );
    fc.assert(
      fc.property(fc.array(linePart, { maxLength: 12 }), (parts) => {
        const line = parts.join('');
        const item = parseItemLine(line);
        expect(item === null).toBe(line.trim() === '');
        if (item === null) return;
        expect(item.name).toBe(item.name.trim());
        expect(item.name.length).toBeGreaterThan(0);
        expect(item.quantity).toBeGreaterThan(0);
        expect(item.quantity).toBeLessThanOrEqual(ITEM_QUANTITY_MAX);
        if (item.priceCents !== null) {
          expect(Number.isSafeInteger(item.priceCents)).toBe(true);
          expect(item.priceCents).toBeGreaterThanOrEqual(0);
          expect(item.priceCents).toBeLessThanOrEqual(ITEM_PRICE_MAX_CENTS);
        }
      }),
    );
  });

  it('reads a very long line whole rather than slowly', () => {
    const line = `Milk${' '.repeat(50_000)}x`;
    expect(parseItemLine(line)).toEqual({ name: line, quantity: 1, unit: null, priceCents: null });
  });
});

describe('formatItemLine', () => {
  it('writes the canonical form', () => {
    const item = (partial: Partial<ItemLine>): ItemLine => ({
      name: 'Milk',
      quantity: 1,
      unit: null,
      priceCents: null,
      ...partial,
    });
    expect(formatItemLine(item({}))).toBe('Milk');
    expect(formatItemLine(item({ quantity: 2, priceCents: 199 }))).toBe('2 x Milk 1.99');
    expect(formatItemLine(item({ name: 'flour', quantity: 500, unit: 'g' }))).toBe('500 g flour');
    expect(formatItemLine(item({ quantity: 1.5, unit: 'l', priceCents: 5 }))).toBe(
      '1.5 l Milk 0.05',
    );
    expect(formatItemLine(item({ name: 'Milk 2' }))).toBe('1 x Milk 2');
    expect(formatItemLine(item({ priceCents: 0 }))).toBe('Milk 0.00');
  });

  const letters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüßÄÖÜéèêçñáíóúœ'];
  const word = fc
    .array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 })
    .map((chars) => chars.join(''));
  const itemArb: fc.Arbitrary<ItemLine> = fc.record({
    // Letters and single spaces: a name that does not itself read as a quantity, unit or price.
    name: fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
    quantity: fc.oneof(
      fc.integer({ min: 1, max: ITEM_QUANTITY_MAX }),
      fc.double({ min: 0.001, max: ITEM_QUANTITY_MAX, noNaN: true }),
    ),
    unit: fc.option(fc.constantFrom(...ITEM_LINE_UNITS, 'KG', 'Stk', 'EL', 'mL')),
    priceCents: fc.option(fc.integer({ min: 0, max: ITEM_PRICE_MAX_CENTS })),
  });

  it('writes every item so that parseItemLine reads back the same item', () => {
    fc.assert(
      fc.property(itemArb, (item) => {
        expect(parseItemLine(formatItemLine(item))).toEqual(item);
      }),
    );
  });
});
