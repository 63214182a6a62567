import {
  EXPENSE_SHARE_WEIGHT_MAX,
  ZSplitInput,
  type ExpenseSplitType,
  type SplitInput,
} from '@household/contracts';
import {
  FULL_PERCENT_BASIS_POINTS,
  rotationOfDate,
  splitExpense,
  type Share,
  type SplitRequest,
} from '@household/domain';
import type { TranslationKey } from '../../lib/i18n';
import { moneyInputValue, parseMoneyInput } from '../../lib/money';

/**
 * The split part of the expense form as the person fills it in, and what it comes to: the same
 * `splitExpense` the server runs, so the preview shows the shares that will be saved.
 */
export interface SplitItemDraft {
  itemId: number | null;
  name: string;
  priceCents: number;
  /** Who takes the item; none: everyone shares it. */
  takers: number[];
}

export interface SplitDraft {
  type: ExpenseSplitType;
  /** Who shares the expense, in the order of the group's members. */
  participants: number[];
  /** Per person, as typed: an amount (exact), a percentage or a number of shares. */
  values: Record<number, string>;
  items: SplitItemDraft[];
}

export type Problem = { key: TranslationKey; values?: Record<string, string | number> };

export interface SplitPreview {
  /** Each participant's share, when the split can be computed. */
  shares: Map<number, number> | null;
  /** A problem of one person's entry. */
  fieldErrors: Map<number, Problem>;
  /** A problem of the whole split (nobody chosen, sums that do not add up). */
  error: Problem | null;
  /**
   * What is left to assign (> 0) or too much (< 0): cents for exact amounts, basis points for
   * percentages; null when the entries add up or the type has nothing to add up.
   */
  difference: number | null;
  /** The split as the server takes it, when nothing is wrong. */
  input: SplitInput | null;
}

const key = (translationKey: TranslationKey) => translationKey;

/** "12,5" or "12.5" as basis points (1250); at most two decimals, 0 to 100. */
export function parsePercent(text: string): number | null {
  const cleaned = text.trim().replace('%', '').trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const basisPoints = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return basisPoints <= FULL_PERCENT_BASIS_POINTS ? basisPoints : null;
}

export function parseWeight(text: string): number | null {
  const cleaned = text.trim();
  if (!/^\d{1,4}$/.test(cleaned)) return null;
  const weight = Number(cleaned);
  return weight >= 1 && weight <= EXPENSE_SHARE_WEIGHT_MAX ? weight : null;
}

/** Checks the entries and computes the shares of `amountCents` (null while no valid amount). */
export function previewSplit(
  draft: SplitDraft,
  amountCents: number | null,
  { currency, locale, date }: { currency: string; locale: string; date: string },
): SplitPreview {
  const entries = readEntries(draft, { currency, locale });
  return previewEntries(entries, { participants: draft.participants, amountCents, date });
}

/**
 * A draft's entries read for one split type: the request `splitExpense` takes, the same split as
 * the server takes it, and the problems of single entries.
 */
interface SplitEntries {
  request: SplitRequest;
  input: SplitInput;
  fieldErrors: Map<number, Problem>;
}

function readEntries(
  draft: SplitDraft,
  moneyFormat: { currency: string; locale: string },
): SplitEntries {
  switch (draft.type) {
    case 'equal':
      return equalEntries(draft);
    case 'exact':
      return exactEntries(draft, moneyFormat);
    case 'percentage':
      return percentageEntries(draft);
    case 'shares':
      return sharesEntries(draft);
    case 'item_based':
      return itemBasedEntries(draft);
  }
}

function equalEntries({ participants }: SplitDraft): SplitEntries {
  return {
    request: { type: 'equal', participants },
    input: { type: 'equal', participants },
    fieldErrors: new Map(),
  };
}

function exactEntries(
  { participants, values }: SplitDraft,
  { currency, locale }: { currency: string; locale: string },
): SplitEntries {
  const fieldErrors = new Map<number, Problem>();
  const amounts = participants.map((userId) => {
    const parsed = parseMoneyInput(values[userId] ?? '', currency, locale);
    if (parsed.ok) return { userId, amountCents: parsed.cents };
    // An empty field is 0: that person owes nothing of it.
    if (parsed.reason === 'empty') return { userId, amountCents: 0 };
    fieldErrors.set(userId, {
      key:
        parsed.reason === 'too_many_decimals'
          ? key('expenses.form.amountTooManyDecimals')
          : key('expenses.form.amountInvalid'),
    });
    return { userId, amountCents: 0 };
  });
  return {
    request: { type: 'exact', amounts },
    input: {
      type: 'exact',
      amounts: amounts.map((a) => ({ user_id: a.userId, amount_cents: a.amountCents })),
    },
    fieldErrors,
  };
}

function percentageEntries({ participants, values }: SplitDraft): SplitEntries {
  const fieldErrors = new Map<number, Problem>();
  const percentages = participants.map((userId) => {
    const text = values[userId] ?? '';
    const basisPoints = text.trim() === '' ? 0 : parsePercent(text);
    if (basisPoints === null) fieldErrors.set(userId, { key: key('expenses.form.percentInvalid') });
    return { userId, basisPoints: basisPoints ?? 0 };
  });
  return {
    request: { type: 'percentage', percentages },
    input: {
      type: 'percentage',
      percentages: percentages.map((p) => ({ user_id: p.userId, percent: p.basisPoints / 100 })),
    },
    fieldErrors,
  };
}

function sharesEntries({ participants, values }: SplitDraft): SplitEntries {
  const fieldErrors = new Map<number, Problem>();
  const shares = participants.map((userId) => {
    const weight = parseWeight(values[userId] ?? '1');
    if (weight === null) {
      fieldErrors.set(userId, {
        key: key('expenses.form.sharesInvalid'),
        values: { max: EXPENSE_SHARE_WEIGHT_MAX },
      });
    }
    return { userId, weight: weight ?? 1 };
  });
  return {
    request: { type: 'shares', shares },
    input: { type: 'shares', shares: shares.map((s) => ({ user_id: s.userId, weight: s.weight })) },
    fieldErrors,
  };
}

function itemBasedEntries({ participants, items: drafted }: SplitDraft): SplitEntries {
  const chosen = new Set(participants);
  // Someone taken off the participants no longer takes an item.
  const items = drafted.map((item) => ({
    ...item,
    takers: item.takers.filter((userId) => chosen.has(userId)),
  }));
  return {
    request: {
      type: 'item_based',
      participants,
      items: items.map((item) => ({ priceCents: item.priceCents, takers: item.takers })),
    },
    input: {
      type: 'item_based',
      participants,
      items: items.map((item) => ({
        item_id: item.itemId,
        name: item.name,
        price_cents: item.priceCents,
        takers: item.takers,
      })),
    },
    fieldErrors: new Map(),
  };
}

/** What the entries come to: the shares `splitExpense` computes, or why there are none. */
function previewEntries(
  { request, input, fieldErrors }: SplitEntries,
  {
    participants,
    amountCents,
    date,
  }: { participants: number[]; amountCents: number | null; date: string },
): SplitPreview {
  const nothing = { shares: null, fieldErrors, error: null, difference: null, input: null };
  if (participants.length === 0) {
    return { ...nothing, error: { key: key('expenses.form.participantsRequired') } };
  }
  if (fieldErrors.size > 0) return nothing;
  if (amountCents === null) return { ...nothing, input };
  const outcome = splitExpense(amountCents, request, { rotation: rotationOfDate(date) });
  if (outcome.ok) return { ...nothing, shares: toMap(outcome.shares), input };
  const { error: refusal } = outcome;
  if (refusal.code === 'exact_sum_mismatch') {
    return { ...nothing, shares: entered(request), difference: refusal.differenceCents };
  }
  if (refusal.code === 'percentage_sum_mismatch') {
    return { ...nothing, shares: entered(request), difference: refusal.differenceBasisPoints };
  }
  return { ...nothing, error: { key: key('expenses.form.splitInvalid') } };
}

const toMap = (shares: readonly Share[]) =>
  new Map(shares.map((share) => [share.userId, share.amountCents]));

/** What each person entered, for the preview of exact amounts or percentages that do not add up. */
function entered(request: SplitRequest): Map<number, number> | null {
  if (request.type === 'exact') {
    return new Map(request.amounts.map((a) => [a.userId, a.amountCents]));
  }
  return null;
}

/** The form's draft of a saved split (`expense.split` as it was entered), or null if unreadable. */
export function draftOfSplit(split: unknown, currency: string, locale: string): SplitDraft | null {
  const parsed = ZSplitInput.safeParse(split);
  if (!parsed.success) return null;
  const input = parsed.data;
  const money = (cents: number) => moneyInputValue(cents, currency, locale);
  switch (input.type) {
    case 'equal':
      return { type: 'equal', participants: input.participants, values: {}, items: [] };
    case 'exact':
      return {
        type: 'exact',
        participants: input.amounts.map((a) => a.user_id),
        values: Object.fromEntries(input.amounts.map((a) => [a.user_id, money(a.amount_cents)])),
        items: [],
      };
    case 'percentage':
      return {
        type: 'percentage',
        participants: input.percentages.map((p) => p.user_id),
        values: Object.fromEntries(
          input.percentages.map((p) => [p.user_id, percentText(p.percent, locale)]),
        ),
        items: [],
      };
    case 'shares':
      return {
        type: 'shares',
        participants: input.shares.map((s) => s.user_id),
        values: Object.fromEntries(input.shares.map((s) => [s.user_id, String(s.weight)])),
        items: [],
      };
    case 'item_based':
      return {
        type: 'item_based',
        participants: input.participants,
        values: {},
        items: input.items.map((item) => ({
          itemId: item.item_id ?? null,
          name: item.name,
          priceCents: item.price_cents,
          takers: item.takers,
        })),
      };
  }
}

function percentText(percent: number, locale: string) {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(
    percent,
  );
}

/** A percentage of basis points in the reader's language: 1250 → "12.5 %" in en. */
export function formatPercent(basisPoints: number, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / FULL_PERCENT_BASIS_POINTS,
  );
}
