import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { categories, lists } from './lists';
import { createdAt, updatedAt } from './types';
import { users } from './users';

/*
 * The money ledger (docs/expenses.md). Who paid and who owes are plain user ids without a foreign
 * key: a ledger keeps its people after an account is deleted (shown as "Deleted user"), so that a
 * group's balances still add up to zero.
 */

/** An expense: in a group, or personal (no group: only its creator sees it). */
export const expenses = pgTable(
  'expenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** The creator; the owner of a personal expense (account deletion deletes those). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    /** In the group's home currency (the personal expense's own): what balances count. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /**
     * An expense paid in another currency than the group's: what was paid, in that currency's
     * minor units, and the household's rate (home units per unit of it) locked when it was saved.
     * All three or none.
     */
    originalCurrency: text('original_currency'),
    originalAmountMinor: integer('original_amount_minor'),
    exchangeRate: text('exchange_rate'),
    date: date('date', { mode: 'string' }).notNull(),
    /** The payer, or with several payers the one who paid most (first of equals). */
    paidBy: integer('paid_by').notNull(),
    /**
     * Several payers: who paid how much, in the expense's own currency, adding up to its amount;
     * null when one person paid it all.
     */
    payers: jsonb('payers').$type<{ user_id: number; amount_cents: number }[]>(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** equal | exact | percentage | shares | item_based (contracts EXPENSE_SPLIT_TYPES). */
    splitType: text('split_type').notNull(),
    /** The split as entered (contracts ZSplitInput), to show it again in the form. */
    splitInput: jsonb('split_input').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('expenses_group_date_idx').on(t.groupId, t.date, t.id),
    index('expenses_created_by_idx').on(t.createdBy),
    index('expenses_paid_by_idx').on(t.paidBy),
    index('expenses_list_idx').on(t.listId),
    check('expenses_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'expenses_original_all_or_none',
      sql`(${t.originalCurrency} is null) = (${t.originalAmountMinor} is null) and (${t.originalCurrency} is null) = (${t.exchangeRate} is null)`,
    ),
  ],
);
export type ExpenseRow = typeof expenses.$inferSelect;

/**
 * One person's split of an expense. `settledCents` is the sum of the payments against it, kept in
 * the settlement's transaction under the group's ledger lock; the check keeps it within the split.
 */
export const expenseSplits = pgTable(
  'expense_splits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    /** Copied from the expense, for the balance summary's "which expenses" without a join. */
    groupId: integer('group_id'),
    payerId: integer('payer_id').notNull(),
    userId: integer('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    settledCents: integer('settled_cents').notNull().default(0),
  },
  (t) => [
    index('expense_splits_expense_idx').on(t.expenseId),
    index('expense_splits_user_idx').on(t.userId),
    index('expense_splits_payer_idx').on(t.payerId),
    index('expense_splits_open_idx')
      .on(t.groupId, t.userId, t.payerId, t.expenseId)
      .where(sql`${t.settledCents} < ${t.amountCents}`),
    check(
      'expense_splits_settled_within',
      sql`${t.settledCents} >= 0 and ${t.settledCents} <= ${t.amountCents}`,
    ),
  ],
);
export type ExpenseSplitRow = typeof expenseSplits.$inferSelect;

/**
 * Money from one member to another (a settlement): against a split of an expense, or outside any
 * expense ("Ana paid Ben 20 €"). Deleting or editing the expense keeps the payment as a plain one.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    fromId: integer('from_id').notNull(),
    toId: integer('to_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    expenseId: integer('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    splitId: integer('split_id').references(() => expenseSplits.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('settlements_group_idx').on(t.groupId, t.id),
    index('settlements_split_idx').on(t.splitId),
    index('settlements_from_idx').on(t.fromId),
    index('settlements_to_idx').on(t.toId),
    check('settlements_amount_positive', sql`${t.amountCents} > 0`),
    check('settlements_two_people', sql`${t.fromId} <> ${t.toId}`),
  ],
);
export type SettlementRow = typeof settlements.$inferSelect;

/**
 * A group's money state, one row per group: every change of its expenses or settlements locks it
 * first (one change at a time per group), and it keeps the suggested transfers last shown, so that
 * the next ones change as little as possible (docs/expenses.md "Settle-up").
 */
export const groupLedgers = pgTable('group_ledgers', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  transfers: jsonb('transfers')
    .$type<{ fromId: number; toId: number; amountCents: number }[]>()
    .notNull()
    .default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each person's net position in a group, kept up to date by every change (positive: owed). */
export const groupBalances = pgTable(
  'group_balances',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** bigint: a long-lived group's positions may pass what an `integer` holds. */
    netCents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index().on(t.userId)],
);

/**
 * A group's exchange rates, the household's own (nothing is fetched from outside): how many units
 * of the group's home currency one unit of `currency` is worth from `date` on. The latest is
 * proposed for the next expense in that currency; an expense locks the rate it was saved with.
 */
export const groupExchangeRates = pgTable(
  'group_exchange_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** A positive decimal, as typed ("162.35"): exact, never a float. */
    rate: text('rate').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('group_exchange_rates_latest_idx').on(t.groupId, t.currency, t.date, t.id)],
);
export type GroupExchangeRateRow = typeof groupExchangeRates.$inferSelect;
