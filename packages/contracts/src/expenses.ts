import { z } from './zod';
import { ZCurrency, ZId } from './common';
import { ZGroupUnit, zPage, ZPersonRef } from './groups';
import {
  EXPENSE_AMOUNT_MAX_CENTS,
  EXPENSE_DESCRIPTION_MAX_LENGTH,
  EXPENSE_IMPORT_MAX_CHARS,
  EXPENSE_IMPORT_RATES_MAX,
  EXPENSE_NOTES_MAX_LENGTH,
  EXPENSE_PAGE_DEFAULT,
  EXPENSE_PAGE_MAX,
  EXPENSE_PARTICIPANTS_MAX,
  EXPENSE_SPLIT_ITEMS_MAX,
  EXPENSE_SHARE_WEIGHT_MAX,
} from './limits';
import { zLine, zMultiline, ZIdParam } from './text';

/**
 * Shared expenses, their splits, settlements, balances and reports (docs/expenses.md). Money is
 * always a whole number of minor units of the expense's currency (`*_cents`).
 */

export const EXPENSE_SPLIT_TYPES = [
  'equal',
  'exact',
  'percentage',
  'shares',
  'item_based',
] as const;
export const ZExpenseSplitType = z.enum(EXPENSE_SPLIT_TYPES);
export type ExpenseSplitType = z.infer<typeof ZExpenseSplitType>;

export const SPLIT_STATUS_NAMES = ['settled', 'partially_settled', 'unsettled'] as const;
export const PAYMENT_STATUS_NAMES = ['paid', 'partially_paid', 'unpaid'] as const;

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const ZCalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'Not a valid date');

/**
 * An exchange rate: how many units of the group's home currency one unit of another is worth, as
 * a positive decimal string with at most 10 decimals, so that it stays exact ("0.0062").
 */
export const ZExchangeRateValue = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,10})?$/, 'A rate is a positive number with at most 10 decimals')
  .refine((text) => /[1-9]/.test(text), { message: 'A rate is more than zero' });

export const ZExpenseAmountCents = z
  .number()
  .int('Amounts are whole cents')
  .min(1, 'Please enter a positive amount')
  .max(EXPENSE_AMOUNT_MAX_CENTS);
const ZShareCents = z.number().int('Amounts are whole cents').min(0).max(EXPENSE_AMOUNT_MAX_CENTS);

const ZParticipants = z
  .array(ZId)
  .min(1, 'Choose at least one person')
  .max(EXPENSE_PARTICIPANTS_MAX);

/** Percentages carry at most two decimals (12.5 or 33.33). */
const ZPercent = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'At most two decimals',
  });

/** How the amount is divided, as the person entered it (spec §4 split types). */
export const ZSplitInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('equal'), participants: ZParticipants }),
  z.object({
    type: z.literal('exact'),
    amounts: z
      .array(z.object({ user_id: ZId, amount_cents: ZShareCents }))
      .min(1, 'Choose at least one person')
      .max(EXPENSE_PARTICIPANTS_MAX),
  }),
  z.object({
    type: z.literal('percentage'),
    percentages: z
      .array(z.object({ user_id: ZId, percent: ZPercent }))
      .min(1, 'Choose at least one person')
      .max(EXPENSE_PARTICIPANTS_MAX),
  }),
  z.object({
    type: z.literal('shares'),
    shares: z
      .array(
        z.object({
          user_id: ZId,
          weight: z.number().int('Shares are whole numbers').min(1).max(EXPENSE_SHARE_WEIGHT_MAX),
        }),
      )
      .min(1, 'Choose at least one person')
      .max(EXPENSE_PARTICIPANTS_MAX),
  }),
  z.object({
    type: z.literal('item_based'),
    participants: ZParticipants,
    items: z
      .array(
        z.object({
          /** An item of the expense's list, when the split comes from a shop. */
          item_id: ZId.nullish(),
          name: zLine().trim().max(200).default(''),
          price_cents: ZShareCents,
          /** Who takes the item; none: everyone shares it. */
          takers: z.array(ZId).max(EXPENSE_PARTICIPANTS_MAX).default([]),
        }),
      )
      .max(EXPENSE_SPLIT_ITEMS_MAX),
  }),
]);
export type SplitInput = z.input<typeof ZSplitInput>;
export type SplitInputParsed = z.output<typeof ZSplitInput>;

export const ZExpenseDescription = zLine()
  .trim()
  .min(1, 'Description is required')
  .max(EXPENSE_DESCRIPTION_MAX_LENGTH);

/**
 * Several payers: who paid how much, in the expense's own minor units, adding up to its amount;
 * members of the group, each once. Instead of `paid_by`, never with it.
 */
export const ZExpensePayers = z
  .array(z.object({ user_id: ZId, amount_cents: ZExpenseAmountCents }))
  .min(1, 'Choose at least one payer')
  .max(EXPENSE_PARTICIPANTS_MAX);

export const ZCreateExpenseBody = z.object({
  /** Null or absent: a personal expense, only mine. */
  group_id: ZId.nullish(),
  list_id: ZId.nullish(),
  description: ZExpenseDescription,
  amount_cents: ZExpenseAmountCents,
  date: ZCalendarDate,
  /** Who paid; absent: me. Must be a member of the group. */
  paid_by: ZId.optional(),
  payers: ZExpensePayers.optional(),
  category_id: ZId.nullish(),
  notes: zMultiline().trim().max(EXPENSE_NOTES_MAX_LENGTH).default(''),
  /** Absent on a personal expense (all mine); required on a group expense. */
  split: ZSplitInput.optional(),
  /**
   * What it was paid in; absent: the group's home currency (the owner's, for a personal expense).
   * In another currency than the group's, `amount_cents` and the split are in its minor units.
   */
  currency: ZCurrency.optional(),
  /** Home units per unit of `currency`; absent: the group's latest rate for it. */
  exchange_rate: ZExchangeRateValue.optional(),
});
export type CreateExpenseBody = z.input<typeof ZCreateExpenseBody>;

export const ZUpdateExpenseBody = z.object({
  version: z.number().int().min(1),
  description: ZExpenseDescription.optional(),
  amount_cents: ZExpenseAmountCents.optional(),
  date: ZCalendarDate.optional(),
  /** One payer now: replaces several payers. */
  paid_by: ZId.optional(),
  /** Several payers now (one entry: that person paid it all). */
  payers: ZExpensePayers.optional(),
  category_id: ZId.nullish(),
  notes: zMultiline().trim().max(EXPENSE_NOTES_MAX_LENGTH).optional(),
  split: ZSplitInput.optional(),
  /** Absent: unchanged. In another currency, the amounts sent are in its minor units. */
  currency: ZCurrency.optional(),
  /** Absent: the rate locked on the expense if its currency stays, else the group's latest. */
  exchange_rate: ZExchangeRateValue.optional(),
});
export type UpdateExpenseBody = z.input<typeof ZUpdateExpenseBody>;

export const ZExpenseSplit = z.object({
  id: z.number().int(),
  user: ZPersonRef,
  /** Who this part of the share is owed to: the payer (one of the payers). */
  payer: ZPersonRef,
  amount_cents: z.number().int(),
  settled_cents: z.number().int(),
  remaining_cents: z.number().int(),
  /** settled | partially_settled | unsettled; a client shows anything else as unknown. */
  status: z.string(),
});
export type ExpenseSplit = z.infer<typeof ZExpenseSplit>;

export const ZExpenseCategoryRef = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});

export const ZExpense = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  list_id: z.number().int().nullable(),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  date: z.string(),
  /** The payer, or with several payers the one who paid most (first of equals). */
  paid_by: ZPersonRef,
  /** Several payers and what each paid; null when one person paid it all. */
  payers: z.array(z.object({ user: ZPersonRef, amount_cents: z.number().int() })).nullable(),
  category: ZExpenseCategoryRef.nullable(),
  notes: z.string(),
  split_type: ZExpenseSplitType,
  /** The split as it was entered, so that the form can show it again. */
  split: z.unknown(),
  splits: z.array(ZExpenseSplit),
  /**
   * Paid in another currency than the group's: what was paid, in its minor units, and the rate
   * (home units per unit of it) locked when it was saved. `amount_cents` and the splits are the
   * home amounts. Null when paid in the home currency.
   */
  original: z
    .object({
      currency: z.string(),
      amount_minor: z.number().int(),
      exchange_rate: z.string(),
    })
    .nullable(),
  /** paid | partially_paid | unpaid; a client shows anything else as "unknown status". */
  payment_status: z.string(),
  created_by: ZPersonRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Expense = z.infer<typeof ZExpense>;

export const ZExpensesQuery = z.object({
  group_id: ZIdParam.optional(),
  /** Only personal expenses (no group). */
  personal: z.enum(['true', 'false']).optional(),
  category_id: ZIdParam.optional(),
  paid_by: ZIdParam.optional(),
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
  limit: z.coerce.number().int().min(1).max(EXPENSE_PAGE_MAX).default(EXPENSE_PAGE_DEFAULT),
  /** The `next_cursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_[1-9][0-9]{0,9}$/, 'Invalid cursor')
    .optional(),
});
export type ExpensesQuery = z.input<typeof ZExpensesQuery>;

/** What the filtered expenses add up to, per currency: in all, and my part of it. */
export const ZExpenseTotals = z.array(
  z.object({
    currency: z.string(),
    count: z.number().int(),
    amount_cents: z.number().int(),
    my_share_cents: z.number().int(),
  }),
);
export type ExpenseTotals = z.infer<typeof ZExpenseTotals>;

/** A page of expenses, newest date first, and the totals of everything the filters match. */
export const ZExpensePage = zPage(ZExpense).extend({ totals: ZExpenseTotals });
export type ExpensePage = z.infer<typeof ZExpensePage>;

export const ZSettleSplitBody = z.object({
  amount_cents: z
    .number({ message: 'Please enter an amount' })
    .int('Amounts are whole cents')
    .min(1, 'Please enter a positive amount')
    .max(EXPENSE_AMOUNT_MAX_CENTS),
});
export type SettleSplitBody = z.input<typeof ZSettleSplitBody>;

export const ZSettlement = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  currency: z.string(),
  from: ZPersonRef,
  to: ZPersonRef,
  amount_cents: z.number().int(),
  date: z.string(),
  note: z.string(),
  /** Set when the payment settled a split of an expense. */
  expense_id: z.number().int().nullable(),
  split_id: z.number().int().nullable(),
  created_by: ZPersonRef.nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Settlement = z.infer<typeof ZSettlement>;
export const ZSettlementPage = zPage(ZSettlement);
export type SettlementPage = z.infer<typeof ZSettlementPage>;

/** POST /expenses/{id}/splits/{splitId}/settle: the payment and the expense as it is now. */
export const ZSettleSplitResult = z.object({ settlement: ZSettlement, expense: ZExpense });
export type SettleSplitResult = z.infer<typeof ZSettleSplitResult>;

export const ZSettlementsQuery = z.object({
  group_id: ZIdParam,
  limit: z.coerce.number().int().min(1).max(EXPENSE_PAGE_MAX).default(EXPENSE_PAGE_DEFAULT),
  cursor: ZIdParam.optional(),
});

const ZSettlementNote = zMultiline().trim().max(EXPENSE_NOTES_MAX_LENGTH);

export const ZCreateSettlementBody = z.object({
  group_id: ZId,
  /** Who paid; absent: me. */
  from_id: ZId.optional(),
  to_id: ZId,
  amount_cents: ZExpenseAmountCents,
  date: ZCalendarDate.optional(),
  note: ZSettlementNote.default(''),
});
export type CreateSettlementBody = z.input<typeof ZCreateSettlementBody>;

export const ZUpdateSettlementBody = z.object({
  version: z.number().int().min(1),
  amount_cents: ZExpenseAmountCents.optional(),
  date: ZCalendarDate.optional(),
  note: ZSettlementNote.optional(),
});
export type UpdateSettlementBody = z.input<typeof ZUpdateSettlementBody>;

export const ZVersionQuery = z.object({ version: z.coerce.number().int().min(1) });

/** Each member's net position in a group: positive when the others owe them. */
export const ZGroupBalances = z.object({
  group_id: z.number().int(),
  currency: z.string(),
  members: z.array(
    z.object({
      user: ZPersonRef,
      /** False for someone who left the group (or deleted their account) with a balance. */
      is_member: z.boolean(),
      net_cents: z.number().int(),
    }),
  ),
});
export type GroupBalances = z.infer<typeof ZGroupBalances>;

/** GET /balances: my position with each person, per group (positive: they owe me). */
export const ZMyBalances = z.object({
  people: z.array(
    z.object({
      user: ZPersonRef,
      group_id: z.number().int(),
      group_name: z.string(),
      currency: z.string(),
      balance_cents: z.number().int(),
    }),
  ),
  groups: z.array(
    z.object({
      group_id: z.number().int(),
      group_name: z.string(),
      currency: z.string(),
      net_cents: z.number().int(),
    }),
  ),
});
export type MyBalances = z.infer<typeof ZMyBalances>;

/**
 * Why part of a suggested transfer is there (docs/expenses.md "Settle-up views"); the amounts of a
 * transfer's reasons add up to it. `direct`: the payer owes the receiver this much for
 * `expense_count` open expenses. `through`: the payer owes `through`, who owes the receiver, so one
 * payment does for two. `balance`: the rest, longer chains evened out across the group.
 */
export const ZTransferReason = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('direct'),
    amount_cents: z.number().int(),
    expense_count: z.number().int(),
  }),
  z.object({
    kind: z.literal('through'),
    amount_cents: z.number().int(),
    through: ZPersonRef,
    /** Set when `through` stands for a unit: the unit's name and members. */
    through_unit: ZGroupUnit.nullable(),
  }),
  z.object({ kind: z.literal('balance'), amount_cents: z.number().int() }),
]);
export type TransferReason = z.infer<typeof ZTransferReason>;

/** GET /costs/groups/{id}/balance-summary: balances and the payments that clear them. */
export const ZBalanceSummary = ZGroupBalances.extend({
  transfers: z.array(
    z.object({
      /**
       * Who pays. When a unit pays, `from_unit` says so and `from` is one of its members (the
       * first by id), so a client that knows no units still shows a person of the right side.
       */
      from: ZPersonRef,
      to: ZPersonRef,
      from_unit: ZGroupUnit.nullable(),
      to_unit: ZGroupUnit.nullable(),
      amount_cents: z.number().int(),
      /** Why: the most recent open splits the payer owes the receiver (up to five). */
      expenses: z.array(
        z.object({
          id: z.number().int(),
          description: z.string(),
          date: z.string(),
          remaining_cents: z.number().int(),
        }),
      ),
      /** How many more open splits between the two are not listed. */
      more_expenses: z.number().int(),
      /** Why, in parts whose amounts add up to the transfer. */
      reasons: z.array(ZTransferReason),
    }),
  ),
  /**
   * The pairwise view: what each person owes each other person directly (open shares of expenses
   * less payments between the two), one entry per pair that owes anything, largest first.
   */
  pairwise: z.array(
    z.object({
      from: ZPersonRef,
      to: ZPersonRef,
      amount_cents: z.number().int(),
      /** Open expenses between the two. */
      expense_count: z.number().int(),
      /**
       * Payments between the two, `from` to `to` less the other way: positive, part of the debt was
       * paid ("Paid €20 of €50"); negative, `to` paid `from` more than they owed directly, which
       * counts toward what `to` owes others.
       */
      paid_cents: z.number().int(),
    }),
  ),
});
export type BalanceSummary = z.infer<typeof ZBalanceSummary>;

export const ZReportQuery = z.object({
  group_id: ZIdParam.optional(),
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ReportQuery = z.input<typeof ZReportQuery>;

const ZReportRow = z.object({ currency: z.string(), total_cents: z.number().int() });
/**
 * Spending in a date range: for a group, its expenses; for me, my splits of every expense (what
 * I consumed, whoever paid) and my personal expenses.
 */
export const ZReport = z.object({
  group_id: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  totals: z.array(ZReportRow),
  by_category: z.array(
    ZReportRow.extend({ category_id: z.number().int().nullable(), name: z.string().nullable() }),
  ),
  by_member: z.array(ZReportRow.extend({ user: ZPersonRef, paid_cents: z.number().int() })),
  /** `YYYY-MM`, oldest first. */
  by_month: z.array(ZReportRow.extend({ month: z.string() })),
});
export type Report = z.infer<typeof ZReport>;

/** POST /groups/{id}/expenses/import: a Splitwise CSV export, previewed or imported. */
export const SPLITWISE_SKIP_REASONS = [
  'not_a_splitwise_export',
  'unknown_person',
  'invalid_date',
  'invalid_amount',
  'other_currency',
  'does_not_add_up',
  'several_payers',
  'nothing_owed',
  'too_many_rows',
] as const;

export const ZSplitwiseImportBody = z.object({
  content: zMultiline().max(EXPENSE_IMPORT_MAX_CHARS),
  /** True: only read the file and say what would be imported. */
  dry_run: z.boolean().default(true),
  /** Who each person column is, where the match by name is wrong or missing. */
  columns: z
    .array(z.object({ name: z.string().max(200), user_id: ZId.nullable() }))
    .max(EXPENSE_PARTICIPANTS_MAX)
    .optional(),
  /**
   * Rates for rows in other currencies than the group's (home units per unit, as an expense's
   * `exchange_rate`); a currency not given takes the group's latest rate. A rate given and used is
   * recorded as the group's.
   */
  rates: z
    .array(z.object({ currency: ZCurrency, rate: ZExchangeRateValue }))
    .max(EXPENSE_IMPORT_RATES_MAX)
    .optional(),
});
export type SplitwiseImportBody = z.input<typeof ZSplitwiseImportBody>;

export const ZSplitwiseImportResult = z.object({
  columns: z.array(z.object({ name: z.string(), user_id: z.number().int().nullable() })),
  /** How many expenses and payments the file holds (dry run) or were imported. */
  expenses: z.number().int(),
  payments: z.number().int(),
  /** The first rows as they will be (or were) imported. */
  preview: z.array(
    z.object({
      row: z.number().int(),
      kind: z.enum(['expense', 'payment']),
      date: z.string(),
      description: z.string(),
      amount_cents: z.number().int(),
      /** The payer of an expense, or who paid a payment. */
      from_id: z.number().int(),
      /** Who received a payment; null for an expense. */
      to_id: z.number().int().nullable(),
      /** What the row was in another currency, converted into `amount_cents`; null in the group's. */
      original: z
        .object({ currency: z.string(), amount_minor: z.number().int(), exchange_rate: z.string() })
        .nullable(),
    }),
  ),
  /** The rate each other currency of the file is (or was) converted at. */
  rates: z.array(z.object({ currency: z.string(), rate: z.string() })),
  /** Currencies of the file with no rate yet: their rows are skipped as `other_currency`. */
  missing_rates: z.array(z.string()),
  skipped: z.array(
    z.object({ row: z.number().int(), reason: z.enum(SPLITWISE_SKIP_REASONS), text: z.string() }),
  ),
  imported: z.boolean(),
});
export type SplitwiseImportResult = z.infer<typeof ZSplitwiseImportResult>;
