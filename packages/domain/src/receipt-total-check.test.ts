import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readReceiptLines } from './receipt-lines';
import type { ReceiptItem } from './receipt-lines';
import { checkReceiptTotal } from './receipt-total-check';
import type { ReceiptPriceFix, ReceiptTotalCheck } from './receipt-total-check';

const item = (
  priceCents: number | null,
  suggestion = false,
  priceConfidence = priceCents === null ? null : 90,
): ReceiptItem => ({
  name: 'Milch',
  quantity: 1,
  unit: null,
  priceCents,
  priceConfidence,
  confidence: 90,
  line: 'Milch',
  lineIndex: 0,
  suggestion,
  doubtfulWords: [],
});

/** The items' sum once the fixes are applied, plus the adjustment: always the total. */
const fixedSum = (items: readonly ReceiptItem[], check: ReceiptTotalCheck): number => {
  const prices = items.map((entry) => (entry.suggestion ? 0 : (entry.priceCents ?? 0)));
  for (const fix of check.fixes) prices[fix.itemIndex] = fix.toCents;
  return prices.reduce((sum, price) => sum + price, 0) + check.adjustmentCents;
};

describe('checkReceiptTotal', () => {
  it('is null without a total', () => {
    expect(checkReceiptTotal([item(199)], null)).toBeNull();
  });

  it('finds nothing to fix when the items add up', () => {
    expect(checkReceiptTotal([item(119), item(249)], 368)).toEqual({
      itemsCents: 368,
      totalCents: 368,
      differenceCents: 0,
      fixes: [],
      adjustmentCents: 0,
    });
  });

  it('counts neither suggestions nor items without a price', () => {
    const check = checkReceiptTotal([item(119), item(500, true), item(null), item(249)], 368);
    expect(check?.itemsCents).toBe(368);
    expect(check?.fixes).toEqual([]);
  });

  it('proposes the separator a price lost: 225 read for 2,25', () => {
    expect(checkReceiptTotal([item(119), item(22_500), item(249)], 593)).toEqual({
      itemsCents: 22_868,
      totalCents: 593,
      differenceCents: -22_275,
      fixes: [{ itemIndex: 1, reason: 'separator', fromCents: 22_500, toCents: 225 }],
      adjustmentCents: 0,
    });
  });

  it('proposes the one misread digit that explains the difference', () => {
    // 2,49 read as 2,46.
    const check = checkReceiptTotal([item(119), item(246), item(358)], 726);
    expect(check?.fixes).toEqual([{ itemIndex: 1, reason: 'digit', fromCents: 246, toCents: 249 }]);
    expect(check?.adjustmentCents).toBe(0);
  });

  it('reads a leading 0 of a price as a digit too: 0,49 misread as 8,49', () => {
    const check = checkReceiptTotal([item(849), item(1000)], 1049);
    expect(check?.fixes).toEqual([{ itemIndex: 0, reason: 'digit', fromCents: 849, toCents: 49 }]);
  });

  it('proposes nothing when two fixes would explain the difference equally', () => {
    // 1,10 or 2,10 could each have been read 10 cents too low.
    const check = checkReceiptTotal([item(100), item(200)], 310);
    expect(check?.fixes).toEqual([]);
    expect(check?.adjustmentCents).toBe(10);
  });

  it('proposes the separator of a price above the total even when another misreading remains', () => {
    // As a careful photo of the hard set was read: Milk 1,15 read "145" (a digit and the
    // separator), and on another receipt "135" with a line lost.
    const milk = checkReceiptTotal(
      [item(229), item(449), item(14_500), item(549), item(350)],
      1692,
    );
    expect(milk?.fixes).toEqual([
      { itemIndex: 2, reason: 'separator', fromCents: 14_500, toCents: 145 },
    ]);
    expect(milk?.adjustmentCents).toBe(1692 - (229 + 449 + 145 + 549 + 350));
    const lost = checkReceiptTotal([item(13_500), item(125), item(319)], 690);
    expect(lost?.fixes).toEqual([
      { itemIndex: 0, reason: 'separator', fromCents: 13_500, toCents: 135 },
    ]);
    expect(lost?.adjustmentCents).toBe(111);
  });

  it('takes the one guess whose price recognition doubted', () => {
    // As the careful German receipt was read: Bio Eier 2,79 read "2,19" at 26 %. Other prices
    // could have lost 60 cents the same way (1,15 from 1,75; 0,49 from 1,09), but were sure.
    const read = [item(100), item(345), item(717), item(687), item(219, false, 26), item(196)];
    const check = checkReceiptTotal(read, 2324);
    expect(check?.fixes).toEqual([{ itemIndex: 4, reason: 'digit', fromCents: 219, toCents: 279 }]);
    expect(check?.adjustmentCents).toBe(0);
    // Two doubted guesses are no better than two sure ones.
    const twoDoubted = checkReceiptTotal([item(100, false, 40), item(200, false, 40)], 310);
    expect(twoDoubted?.fixes).toEqual([]);
  });

  it('finds the digit misread in a price whose separator was certainly lost', () => {
    // The careful English receipt: Milk 1,15 read "145" at 35 %, a fix of the separator and of a
    // digit, given as one.
    const read = [229, 449, 14_500, 549, 350, 199, 180, 100, 110];
    const items = read.map((cents) => item(cents, false, cents === 14_500 ? 35 : 95));
    const check = checkReceiptTotal(items, 2281);
    expect(check?.fixes).toEqual([
      { itemIndex: 2, reason: 'separator', fromCents: 14_500, toCents: 115 },
    ]);
    expect(check?.adjustmentCents).toBe(0);
  });

  it('drops a digit read where a mark was: 17:99 read for 1,99', () => {
    const items = [item(250), item(239), item(1799, false, 65), item(45)];
    const check = checkReceiptTotal(items, 250 + 239 + 199 + 45);
    expect(check?.fixes).toEqual([
      { itemIndex: 2, reason: 'digit', fromCents: 1799, toCents: 199 },
    ]);
  });

  it('gives the one product line whose price was not read what the total leaves', () => {
    // As the careful Dutch receipt was read: "Eieren TE TJ", its price 7,77 specks.
    const read = [item(279), item(549), item(139), item(729), item(null, true), item(129)];
    const check = checkReceiptTotal(read, 279 + 549 + 139 + 729 + 777 + 129);
    expect(check?.fixes).toEqual([
      { itemIndex: 4, reason: 'unread', fromCents: null, toCents: 777 },
    ]);
    expect(check?.adjustmentCents).toBe(0);
    // Nothing left for it, or two such lines: no price is given.
    expect(checkReceiptTotal(read, 279 + 549 + 139 + 729 + 129)?.fixes).toEqual([]);
    const two = checkReceiptTotal([...read, item(null, true)], 2602);
    expect(two?.fixes).toEqual([]);
  });

  it('gives no price to the line without one where an offered line has a price of its own', () => {
    // As a crumpled French receipt was read: "Réfrigérateur 1 299,00" doubted, so offered and not
    // counted, and "Lessive" without its 11,95: what is left is mostly the offered line's.
    const read = [item(249), item(115), item(129_900, true), item(110), item(null, true)];
    const check = checkReceiptTotal(read, 249 + 115 + 129_900 + 110 + 1195);
    expect(check?.fixes).toEqual([]);
    expect(check?.adjustmentCents).toBe(129_900 + 1195);
  });

  it('offers what no single fix explains as an adjustment', () => {
    const check = checkReceiptTotal([item(119), item(249)], 1000);
    expect(check).toMatchObject({ differenceCents: 632, fixes: [], adjustmentCents: 632 });
  });

  it('reads a receipt whose price lost its separator, and proposes it back', () => {
    const text = `Milch 1,19\nBANANEN 225\nBrot 2,49\nSUMME 5,93`;
    const reading = readReceiptLines(
      text.split('\n').map((line) => ({ text: line, confidence: 90 })),
      'deu',
    );
    expect(reading.items.map((entry) => entry.priceCents)).toEqual([119, 22_500, 249]);
    expect(checkReceiptTotal(reading.items, reading.totalCents)?.fixes).toEqual([
      { itemIndex: 1, reason: 'separator', fromCents: 22_500, toCents: 225 },
    ]);
  });

  it('takes the discounts and deposits printed among the items for no misread price', () => {
    // The deposit of 0,50 could pass for 2,39 misread as 2,89: it is not.
    const text = `APPELS 2,39\nSTATIEGELD 0,50\nKAAS 4,99\nBONUS KORTING -1,00\nTOTAAL 6,88`;
    const reading = readReceiptLines(
      text.split('\n').map((line) => ({ text: line, confidence: 90 })),
      'nld',
    );
    expect(reading.discountsAndDepositsCents).toBe(-50);
    expect(
      checkReceiptTotal(reading.items, reading.totalCents, reading.discountsAndDepositsCents),
    ).toEqual({
      itemsCents: 738,
      totalCents: 688,
      differenceCents: -50,
      fixes: [],
      adjustmentCents: -50,
    });
  });

  it('looks for a fix in what the discounts and deposits leave unexplained', () => {
    // A 0,25 deposit, and 1,49 read as 1,40.
    const check = checkReceiptTotal([item(140), item(299)], 473, 25);
    expect(check?.fixes).toEqual([{ itemIndex: 0, reason: 'digit', fromCents: 140, toCents: 149 }]);
    expect(check?.adjustmentCents).toBe(25);
  });

  const prices = fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 12 });

  it('always adds up: the fixes applied and the adjustment added make the total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
            suggestion: fc.boolean(),
          }),
          { maxLength: 15 },
        ),
        fc.integer({ min: -1_000_000, max: 2_000_000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (entries, total, extras) => {
          const items = entries.map(({ price, suggestion }) => item(price, suggestion));
          const check = checkReceiptTotal(items, total, extras);
          expect(check).not.toBeNull();
          if (check === null) return;
          expect(check.differenceCents).toBe(total - check.itemsCents);
          expect(fixedSum(items, check)).toBe(total);
          // Besides the prices above the total, at most one guess; never two for one item.
          const isAboveTotal = (fix: ReceiptPriceFix) =>
            total > 0 && fix.fromCents !== null && fix.fromCents > total && fix.toCents <= total;
          expect(check.fixes.filter((fix) => !isAboveTotal(fix)).length).toBeLessThanOrEqual(1);
          expect(new Set(check.fixes.map((fix) => fix.itemIndex)).size).toBe(check.fixes.length);
          for (const fix of check.fixes) {
            // A price not read is given to the one offered line without one; others are fixed.
            const isUnread = fix.reason === 'unread';
            expect(items[fix.itemIndex]?.suggestion).toBe(isUnread);
            expect(items[fix.itemIndex]?.priceCents).toBe(fix.fromCents);
            if (isUnread) expect(fix.toCents).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('always proposes the separator back for whole units above the total', () => {
    // Everyday prices (up to 20,00, twelve of them) and whole units from 3: always above the total.
    const everyday = fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(everyday, fc.nat(), fc.integer({ min: 3, max: 99 }), (cents, at, units) => {
        const total = cents.reduce((sum, price) => sum + price, 0) + units * 100;
        const index = at % (cents.length + 1);
        // A price of whole units, read without its separator, next to the others.
        const read = [...cents.slice(0, index), units * 10_000, ...cents.slice(index)];
        const check = checkReceiptTotal(
          read.map((price) => item(price)),
          total,
        );
        expect(check?.fixes).toContainEqual({
          itemIndex: index,
          reason: 'separator',
          fromCents: units * 10_000,
          toCents: units * 100,
        });
        expect(check?.adjustmentCents).toBe(0);
      }),
    );
  });

  it('fixes the one misread digit recognition doubted, among sure prices', () => {
    fc.assert(
      fc.property(
        prices,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 9 }),
        (cents, at, place, digit) => {
          const index = at % cents.length;
          const actual = cents[index]!;
          const printed = String(actual).padStart(3, '0');
          const position = place % printed.length;
          const misread = Number(
            printed.slice(0, position) + String(digit) + printed.slice(position + 1),
          );
          const total = cents.reduce((sum, price) => sum + price, 0);
          // A misread that is no price, or that reads as a lost separator, is another case.
          fc.pre(misread !== actual && misread > 0 && !(position === 0 && digit === 0));
          fc.pre(misread % 100 !== 0);
          const anotherLostSeparator = cents.some(
            (price, position) =>
              position !== index && price % 100 === 0 && price / 100 - price === actual - misread,
          );
          fc.pre(!anotherLostSeparator);
          const items = cents.map((price, position) =>
            position === index ? item(misread, false, 50) : item(price, false, 95),
          );
          expect(checkReceiptTotal(items, total)?.fixes).toEqual([
            { itemIndex: index, reason: 'digit', fromCents: misread, toCents: actual },
          ]);
        },
      ),
    );
  });

  it('finds nothing to fix on a correct receipt', () => {
    fc.assert(
      fc.property(prices, (cents) => {
        const total = cents.reduce((sum, price) => sum + price, 0);
        expect(
          checkReceiptTotal(
            cents.map((price) => item(price)),
            total,
          ),
        ).toEqual({
          itemsCents: total,
          totalCents: total,
          differenceCents: 0,
          fixes: [],
          adjustmentCents: 0,
        });
      }),
    );
  });

  it('gives exactly the separator fix when one price lost its separator', () => {
    fc.assert(
      fc.property(prices, fc.nat(), fc.integer({ min: 100, max: 99_999 }), (cents, at, lost) => {
        const index = at % cents.length;
        const actual = cents.map((price, position) => (position === index ? lost : price));
        // Another price that lost its separator the same way would be as good a guess.
        const misread = actual.map((price, position) => (position === index ? price * 100 : price));
        const isAmbiguous = misread.some(
          (price, position) => position !== index && price === lost * 100,
        );
        fc.pre(!isAmbiguous);
        const total = actual.reduce((sum, price) => sum + price, 0);
        const check = checkReceiptTotal(
          misread.map((price) => item(price)),
          total,
        );
        expect(check?.fixes).toEqual([
          { itemIndex: index, reason: 'separator', fromCents: lost * 100, toCents: lost },
        ]);
        expect(check?.adjustmentCents).toBe(0);
      }),
    );
  });
});
