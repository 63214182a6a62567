import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReceiptItem, ReceiptReading, RecognisedLine } from './receipt-lines';
import {
  addsUp,
  holdsTogether,
  strongerLastReading,
  strongerReceiptReading,
} from './receipt-reading-choice';

const item = (priceCents: number | null, suggestion = false): ReceiptItem => ({
  name: 'Brot',
  quantity: 1,
  unit: null,
  priceCents,
  priceConfidence: priceCents === null ? null : 90,
  confidence: 90,
  line: 'Brot',
  lineIndex: 0,
  suggestion,
  doubtfulWords: [],
});

const receipt = (prices: (number | null)[], totalCents: number | null): ReceiptReading => ({
  items: prices.map((price) => item(price)),
  totalCents,
  discountsAndDepositsCents: 0,
  kind: 'receipt',
});

const aReading = fc
  .record({
    prices: fc.array(fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }), {
      maxLength: 8,
    }),
    total: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: null }),
    kind: fc.constantFrom('receipt' as const, 'list' as const),
  })
  .map(({ prices, total, kind }) => ({ ...receipt(prices, total), kind }));

describe('addsUp', () => {
  it('holds when the priced items make the total, or one fix of a price does', () => {
    expect(addsUp(receipt([119, 249], 368))).toBe(true);
    expect(addsUp(receipt([11_900, 249], 368))).toBe(true); // a lost separator: 119.00 for 1,19
    expect(addsUp(receipt([119, 249, null], 368))).toBe(true);
  });

  it('fails without a total, or with a difference nothing explains', () => {
    expect(addsUp(receipt([119, 249], null))).toBe(false);
    expect(addsUp(receipt([119], 368))).toBe(false);
    expect(addsUp({ ...receipt([119, 249], 368), items: [item(119), item(249, true)] })).toBe(
      false,
    );
  });

  it('takes a line whose price was not read as what the others leave only beside most lines read surely', () => {
    const unreadLine = item(null, true);
    const readings = (items: ReceiptItem[], totalCents: number) =>
      addsUp({ ...receipt([], totalCents), items });
    // Every other price doubted: the line would take the whole total.
    expect(readings([item(244, true), item(456, true), unreadLine], 2441)).toBe(false);
    expect(readings([item(119), unreadLine], 368)).toBe(false);
    expect(readings([item(119), item(249), item(100), unreadLine], 479)).toBe(true);
    // Beside items that make the total on their own, it takes nothing.
    expect(readings([item(119), item(249), unreadLine], 368)).toBe(true);
  });
});

describe('strongerReceiptReading', () => {
  it('takes the reading that adds up, then the one with more priced items, else the first', () => {
    const partial = receipt([119, null, null], 368);
    const whole = receipt([119, 249], 368);
    expect(strongerReceiptReading(partial, whole)).toBe(whole);
    expect(strongerReceiptReading(whole, partial)).toBe(whole);
    const more = receipt([119, 200, 300], 1_000);
    expect(strongerReceiptReading(partial, more)).toBe(more);
    const same = receipt([119, null, null], 368);
    expect(strongerReceiptReading(partial, same)).toBe(partial);
  });

  it('prefers a reading of a receipt to one that found a list', () => {
    const list: ReceiptReading = { ...receipt([null, null, null, null], null), kind: 'list' };
    const receiptReading = receipt([119], 368);
    expect(strongerReceiptReading(list, receiptReading)).toBe(receiptReading);
    expect(strongerReceiptReading(receiptReading, list)).toBe(receiptReading);
  });

  it('is one of the two, and never trades a reading that adds up for one that does not', () => {
    fc.assert(
      fc.property(aReading, aReading, (first, second) => {
        const chosen = strongerReceiptReading(first, second);
        expect([first, second]).toContain(chosen);
        if (first.kind === second.kind && addsUp(first) !== addsUp(second)) {
          expect(addsUp(chosen)).toBe(true);
        }
        // Asking the other way round changes the choice only on a tie.
        const reversed = strongerReceiptReading(second, first);
        if (reversed !== chosen) {
          expect(first.kind).toBe(second.kind);
          expect(addsUp(first)).toBe(addsUp(second));
        }
      }),
    );
  });
});

const linesAt = (...confidences: number[]): RecognisedLine[] =>
  confidences.map((confidence) => ({ text: 'Brot', confidence }));

const list = (names: number): ReceiptReading => ({
  ...receipt(new Array<null>(names).fill(null), null),
  kind: 'list',
});

describe('holdsTogether', () => {
  it('holds for a receipt only when it adds up, whatever its lines', () => {
    expect(holdsTogether(receipt([119, 249], 368), linesAt(20, 30))).toBe(true);
    expect(holdsTogether(receipt([119, 200], 368), linesAt(95, 96))).toBe(false);
  });

  it('holds for a list recognition was on the whole sure of', () => {
    expect(holdsTogether(list(3), linesAt(60, 55, 45))).toBe(true);
    // A receipt whose shadow came out as noise, read as a list.
    expect(holdsTogether(list(3), linesAt(44, 33, 20))).toBe(false);
    expect(holdsTogether(list(0), [])).toBe(false);
  });
});

describe('strongerLastReading', () => {
  it('gives up a list only for a receipt that adds up', () => {
    const noise = list(6);
    const whole = receipt([119, 249], 368);
    expect(strongerLastReading(noise, whole)).toBe(whole);
    expect(strongerLastReading(noise, receipt([119, 200], 368))).toBe(noise);
    expect(strongerLastReading(noise, list(2))).toBe(noise);
  });

  it('between receipts, chooses as strongerReceiptReading does; a receipt is never given up for a list', () => {
    fc.assert(
      fc.property(aReading, aReading, (taken, last) => {
        const chosen = strongerLastReading(taken, last);
        if (taken.kind === 'receipt') {
          expect(chosen).toBe(strongerReceiptReading(taken, last));
        } else {
          expect(chosen).toBe(last.kind === 'receipt' && addsUp(last) ? last : taken);
        }
      }),
    );
  });
});
