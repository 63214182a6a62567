import type { SeriesRule } from '@household/contracts';
import { sql } from 'drizzle-orm';
import {
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
import { expenses } from './expenses';
import { groups } from './groups';
import { categories } from './lists';
import { createdAt, updatedAt } from './types';
import { users } from './users';

/*
 * Recurring bills (docs/expenses.md "Recurring bills"): a series is an expense's template and a
 * rule; each of its dates becomes one occurrence, and a fixed bill's occurrence one expense.
 */

/** A series: in a group, or personal (no group: its creator's alone, deleted with the account). */
export const expenseSeries = pgTable(
  'expense_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** The creator; the owner of a personal series. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    /** Null: a variable bill, each occurrence waits for its amount. */
    amountCents: integer('amount_cents'),
    currency: text('currency').notNull(),
    /** A plain user id, as on expenses: the ledger keeps its people. */
    paidBy: integer('paid_by').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    splitType: text('split_type').notNull(),
    splitInput: jsonb('split_input').$type<Record<string, unknown>>().notNull(),
    /** contracts ZSeriesRule, defaults applied. */
    rule: jsonb('rule').$type<SeriesRule>().notNull(),
    /** active | paused | ended (contracts SERIES_STATUSES). */
    status: text('status').notNull().default('active'),
    /** The next date to make; null once ended. The scheduler reads active series by it. */
    nextDate: date('next_date', { mode: 'string' }),
    /** The last date made (or passed over as skipped): a rule change starts after it. */
    lastDate: date('last_date', { mode: 'string' }),
    /** Dates made so far, skipped ones included: what the rule's `count` is measured against. */
    occurrencesMade: integer('occurrences_made').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('expense_series_group_idx').on(t.groupId),
    index('expense_series_created_by_idx').on(t.createdBy),
    index('expense_series_due_idx')
      .on(t.nextDate)
      .where(sql`${t.status} = 'active'`),
    check('expense_series_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check('expense_series_status', sql`${t.status} in ('active', 'paused', 'ended')`),
  ],
);
export type ExpenseSeriesRow = typeof expenseSeries.$inferSelect;

/**
 * One date of a series, written once: the primary key (series, date) is what makes an occurrence
 * happen exactly once, whichever process or request gets there first. A skip is a row written
 * ahead of its date; a variable bill's occurrence waits (`awaiting_amount`) until it is filled in.
 */
export const expenseOccurrences = pgTable(
  'expense_occurrences',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => expenseSeries.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** made | awaiting_amount | skipped. */
    status: text('status').notNull(),
    /** The expense made for it; null while waiting, when skipped, or once the expense is deleted. */
    expenseId: integer('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.date] }),
    index('expense_occurrences_expense_idx').on(t.expenseId),
    check('expense_occurrences_status', sql`${t.status} in ('made', 'awaiting_amount', 'skipped')`),
  ],
);
export type ExpenseOccurrenceRow = typeof expenseOccurrences.$inferSelect;
