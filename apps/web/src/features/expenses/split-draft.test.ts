import { rotationOfDate, splitExpense } from '@household/domain';
import { describe, expect, it } from 'vitest';
import { draftOfSplit, parsePercent, previewSplit, type SplitDraft } from './split-draft';

const draft = (overrides: Partial<SplitDraft>): SplitDraft => ({
  type: 'equal',
  participants: [5, 6, 7],
  values: {},
  items: [],
  ...overrides,
});
const options = { currency: 'EUR', locale: 'en', date: '2026-11-20' };
const shares = (preview: ReturnType<typeof previewSplit>) =>
  preview.shares ? Object.fromEntries(preview.shares) : null;

describe('the split preview', () => {
  it('shows the shares the server will save, odd cents included (they rotate by the date)', () => {
    for (const date of ['2026-11-19', '2026-11-20', '2026-11-21', '2027-02-28']) {
      const preview = previewSplit(draft({}), 1000, { ...options, date });
      const server = splitExpense(
        1000,
        { type: 'equal', participants: [5, 6, 7] },
        { rotation: rotationOfDate(date) },
      );
      expect(
        server.ok && Object.fromEntries(server.shares.map((s) => [s.userId, s.amountCents])),
      ).toEqual(shares(preview));
    }
    // The odd cent moves with the date, and the preview follows it.
    const owners = ['2026-11-19', '2026-11-20', '2026-11-21'].map((date) => {
      const preview = shares(previewSplit(draft({}), 1000, { ...options, date }))!;
      return Object.keys(preview).find((id) => preview[id] === 334);
    });
    expect(new Set(owners).size).toBe(3);
  });

  it('says what is left to assign or too much for exact amounts, and sends nothing', () => {
    const under = previewSplit(
      draft({ type: 'exact', values: { 5: '10', 6: '12,50', 7: '' } }),
      3000,
      options,
    );
    expect(under.difference).toBe(750);
    expect(under.input).toBeNull();
    expect(shares(under)).toEqual({ 5: 1000, 6: 1250, 7: 0 });
    const over = previewSplit(
      draft({ type: 'exact', values: { 5: '20', 6: '20', 7: '0' } }),
      3000,
      options,
    );
    expect(over.difference).toBe(-1000);
    const exact = previewSplit(
      draft({ type: 'exact', values: { 5: '10', 6: '15', 7: '5' } }),
      3000,
      options,
    );
    expect(exact.difference).toBeNull();
    expect(exact.input).toEqual({
      type: 'exact',
      amounts: [
        { user_id: 5, amount_cents: 1000 },
        { user_id: 6, amount_cents: 1500 },
        { user_id: 7, amount_cents: 500 },
      ],
    });
  });

  it('names the person whose entry is not an amount', () => {
    const preview = previewSplit(
      draft({ type: 'exact', values: { 5: 'ten', 6: '1.234', 7: '5' } }),
      3000,
      options,
    );
    expect(preview.fieldErrors.get(5)?.key).toBe('expenses.form.amountInvalid');
    expect(preview.fieldErrors.get(6)?.key).toBe('expenses.form.amountTooManyDecimals');
    expect(preview.fieldErrors.has(7)).toBe(false);
    expect(preview.input).toBeNull();
  });

  it('adds percentages in basis points and sends them as percent', () => {
    const short = previewSplit(
      draft({ type: 'percentage', values: { 5: '50', 6: '12,5', 7: '25' } }),
      1000,
      options,
    );
    expect(short.difference).toBe(1250);
    const full = previewSplit(
      draft({ type: 'percentage', values: { 5: '50', 6: '12.5', 7: '37.5' } }),
      1000,
      options,
    );
    expect(shares(full)).toEqual({ 5: 500, 6: 125, 7: 375 });
    expect(full.input).toEqual({
      type: 'percentage',
      percentages: [
        { user_id: 5, percent: 50 },
        { user_id: 6, percent: 12.5 },
        { user_id: 7, percent: 37.5 },
      ],
    });
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('33.333')).toBeNull();
    expect(parsePercent('33,33 %')).toBe(3333);
  });

  it('divides by whole shares of at least one', () => {
    const preview = previewSplit(
      draft({ type: 'shares', values: { 5: '2', 6: '1', 7: '1' } }),
      1000,
      options,
    );
    expect(shares(preview)).toEqual({ 5: 500, 6: 250, 7: 250 });
    const refused = previewSplit(
      draft({ type: 'shares', values: { 5: '0', 6: '1.5', 7: '1' } }),
      1000,
      options,
    );
    expect(refused.fieldErrors.get(5)?.key).toBe('expenses.form.sharesInvalid');
    expect(refused.fieldErrors.get(6)?.key).toBe('expenses.form.sharesInvalid');
  });

  it('shares each item among its takers, an item nobody took among everyone', () => {
    const preview = previewSplit(
      draft({
        type: 'item_based',
        participants: [5, 6],
        items: [
          { itemId: 1, name: 'Wine', priceCents: 800, takers: [6] },
          { itemId: 2, name: 'Bread', priceCents: 200, takers: [] },
        ],
      }),
      1000,
      options,
    );
    expect(shares(preview)).toEqual({ 5: 100, 6: 900 });
    expect(preview.input).toMatchObject({
      type: 'item_based',
      participants: [5, 6],
      items: [
        { item_id: 1, price_cents: 800, takers: [6] },
        { item_id: 2, takers: [] },
      ],
    });
  });

  it('drops a taker who no longer shares the expense', () => {
    const preview = previewSplit(
      draft({
        type: 'item_based',
        participants: [5],
        items: [{ itemId: 1, name: 'Wine', priceCents: 800, takers: [6] }],
      }),
      800,
      options,
    );
    expect(shares(preview)).toEqual({ 5: 800 });
  });

  it('asks for at least one person', () => {
    const preview = previewSplit(draft({ participants: [] }), 1000, options);
    expect(preview.error?.key).toBe('expenses.form.participantsRequired');
    expect(preview.input).toBeNull();
  });
});

describe('draftOfSplit', () => {
  it('fills the form again from the split as it was entered', () => {
    expect(
      draftOfSplit({ type: 'exact', amounts: [{ user_id: 5, amount_cents: 1250 }] }, 'EUR', 'de'),
    ).toMatchObject({ type: 'exact', participants: [5], values: { 5: '12,50' } });
    expect(
      draftOfSplit(
        { type: 'percentage', percentages: [{ user_id: 5, percent: 12.5 }] },
        'EUR',
        'en',
      ),
    ).toMatchObject({ values: { 5: '12.5' } });
    expect(draftOfSplit({ type: 'nonsense' }, 'EUR', 'en')).toBeNull();
  });
});
