import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedPrices, type ReceiptItem, type ReceiptReading } from './receipt-lines';
import { pricedByOtherReadings, sameItemName } from './receipt-readings-agree';

const item = (name: string, priceCents: number | null, suggestion = false): ReceiptItem => ({
  name,
  quantity: 1,
  unit: null,
  priceCents,
  priceConfidence: priceCents === null ? null : 60,
  confidence: 70,
  line: priceCents === null ? name : `${name} ${priceCents}`,
  lineIndex: 0,
  suggestion,
  doubtfulWords: [],
});

const receipt = (items: ReceiptItem[], totalCents: number | null): ReceiptReading => ({
  items,
  totalCents,
  discountsAndDepositsCents: 0,
  kind: 'receipt',
});

const sumOf = (reading: ReceiptReading) =>
  countedPrices(reading.items).reduce((sum, { cents }) => sum + cents, 0);

describe('the same line in two readings', () => {
  it('is told by its letters, a misread letter or two allowed, accents and marks aside', () => {
    expect(sameItemName('Lessive', 'Lessive')).toBe(true);
    expect(sameItemName('Eau Minérale', 'Eau Minéraie')).toBe(true);
    expect(sameItemName('Café Molido', 'Cafe Molido.')).toBe(true);
    expect(sameItemName('Spülmittel', 'Spülmait el')).toBe(true);
    expect(sameItemName('Milk', 'Mik')).toBe(false); // three letters: too short to tell
    expect(sameItemName('Milk', 'Oat Milk')).toBe(false);
    expect(sameItemName('Yaourt Nature', 'rca Nature')).toBe(false);
  });
});

describe('prices borrowed from other readings of the photo', () => {
  // The crumpled French receipt of the hard photo set, as its first two readings gave it.
  const first = receipt(
    [
      item('Pommes Golden', 249),
      item('Yaourt Nature', 115),
      item('Agérateur', 129_900, true),
      item('âguette', 110),
      item('Lessive', null, true),
      item('Beurre Doux', 249, true),
      item('Eau Minérale', 110),
      item("Huile d'Olive", 695),
      item('comté', 490),
    ],
    133_109,
  );
  const second = receipt(
    [
      item('rca Nature', 29_906, true),
      item('éfrigérateur', null, true),
      item('Baguette', null, true),
      item('Lessive', 1195),
      item('Beurre Doux', 245),
      item('Eau Minéraie', 148),
      item("jours d'Olive", 695),
    ],
    133_109,
  );

  it('are taken where they, and only they, make the items add up to the printed total', () => {
    const agreed = pricedByOtherReadings(first, [second]);
    expect(agreed.items.map((one) => [one.name, one.priceCents, one.suggestion])).toEqual([
      ['Pommes Golden', 249, false],
      ['Yaourt Nature', 115, false],
      ['Agérateur', 129_900, false],
      ['âguette', 110, false],
      ['Lessive', 1195, false],
      ['Beurre Doux', 245, false],
      ['Eau Minérale', 110, false],
      ["Huile d'Olive", 695, false],
      ['comté', 490, false],
    ]);
    expect(sumOf(agreed)).toBe(133_109);
    // The line and its place stay the reading's own: the photo shows where it was read.
    expect(agreed.items[4]).toMatchObject({ line: 'Lessive', lineIndex: 0 });
  });

  it('change nothing where no choice adds up, or where two would', () => {
    const short = receipt(first.items, 133_000);
    expect(pricedByOtherReadings(short, [second])).toBe(short);

    // 1,00 from either line makes 3,99: which of the two was misread, nothing says.
    const two = receipt([item('Brot', 200), item('Milch', 200), item('Butter', 99)], 399);
    const other = receipt([item('Brot', 100), item('Milch', 100)], 399);
    expect(pricedByOtherReadings(two, [other])).toBe(two);
  });

  it('change nothing in a reading that adds up as read, in a list, or without a total', () => {
    const right = receipt([item('Brot', 250), item('Milch', 115)], 365);
    const misread = receipt([item('Brot', 260), item('Milch', 105)], 365);
    expect(pricedByOtherReadings(right, [misread])).toBe(right);
    const noTotal = receipt(misread.items, null);
    expect(pricedByOtherReadings(noTotal, [right])).toBe(noTotal);
    const list: ReceiptReading = { ...receipt([item('Brot', null)], null), kind: 'list' };
    expect(pricedByOtherReadings(list, [right])).toBe(list);
  });

  it('borrows as few prices as make it add up', () => {
    const taken = receipt([item('Brot', 260), item('Milch', 115), item('Butter', 199)], 564);
    // Brot 2,50 makes 5,64, as do Milch 1,10 and Butter 1,94 together: one price beats two.
    const other = receipt([item('Brot', 250), item('Milch', 110), item('Butter', 194)], 564);
    const agreed = pricedByOtherReadings(taken, [other]);
    expect(agreed.items.map((one) => one.priceCents)).toEqual([250, 115, 199]);
    expect(agreed.items[0]).toMatchObject({ line: 'Brot 260', priceConfidence: 60 });
  });

  it('always leaves a receipt that adds up to the cent when it changes one, borrowing at most three prices', () => {
    const names = ['Brot', 'Milch', 'Butter', 'Käse', 'Eier', 'Joghurt', 'Kaffee', 'Reis'];
    const priced = fc.option(fc.integer({ min: 1, max: 3_000 }), { nil: null });
    const aReading = fc.array(fc.tuple(priced, fc.boolean()), {
      minLength: names.length,
      maxLength: names.length,
    });
    fc.assert(
      fc.property(
        aReading,
        fc.array(aReading, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 20_000 }),
        (taken, others, total) => {
          const reading = (prices: [number | null, boolean][]) =>
            receipt(
              prices.map(([price, suggestion], at) => item(names[at]!, price, suggestion)),
              total,
            );
          const first = reading(taken);
          const agreed = pricedByOtherReadings(first, others.map(reading));
          if (agreed === first) return;
          expect(sumOf(agreed)).toBe(total);
          const borrowed = agreed.items.filter(
            (one, at) => one.priceCents !== first.items[at]!.priceCents,
          );
          expect(borrowed.length).toBeGreaterThan(0);
          expect(borrowed.length).toBeLessThanOrEqual(3);
          agreed.items.forEach((one, at) => {
            expect(one.name).toBe(first.items[at]!.name);
            // A borrowed price is one another reading gave the same line.
            if (one.priceCents !== first.items[at]!.priceCents) {
              expect(others.some((other) => other[at]![0] === one.priceCents)).toBe(true);
            }
          });
        },
      ),
    );
  });
});
