import {
  EXPENSE_IMPORT_MAX_ROWS,
  EXPENSE_IMPORT_PREVIEW_ROWS,
  type SplitwiseImportResult,
  type ZSplitwiseImportBody,
} from '@household/contracts';
import { matchColumns, readSplitwiseRecords, type SplitwiseRow } from '@household/domain';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  categories,
  expenseSplits,
  expenses,
  groupMembers,
  settlements,
  users,
  type UserRow,
} from '../../db/schema';
import { listCategories } from '../categories/categories.service';
import { recordActivity } from '../groups/activity';
import { requireMembership, type Membership } from '../groups/membership';
import {
  commitToLedger,
  lockLedger,
  paymentChanges,
  rowChanges,
  type BalanceChanges,
} from './ledger';
import { ledgerRowsOf } from './expense-payers';
import { expenseEvent } from './money-changes';

type Body = z.output<typeof ZSplitwiseImportBody>;

/** Rows are written in batches of this many: one statement per batch, not per row. */
const BATCH = 500;

/**
 * Reads a Splitwise CSV export into the group (docs/expenses.md "Splitwise import"): people matched
 * by name (or as the body says), a preview and the rows skipped with their reasons; unless it is a
 * dry run, every row that could be read is written in one transaction, as exact splits and
 * payments, so that the balances become what Splitwise showed.
 */
export async function importSplitwise(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: Body,
): Promise<SplitwiseImportResult> {
  const membership = await requireMembership(ctx.db, groupId, actor.id);
  const parsed = Papa.parse<string[]>(body.content.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
  });
  const records = parsed.data;
  const names = (records[0] ?? []).slice(5);
  const members = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId));
  const memberIds = new Set(members.map((member) => member.id));
  const chosen = new Map(
    (body.columns ?? []).map((column) => [
      column.name,
      column.user_id !== null && memberIds.has(column.user_id) ? column.user_id : null,
    ]),
  );
  const columns = matchColumns(names, members, chosen);
  const read = readSplitwiseRecords(
    records.slice(0, EXPENSE_IMPORT_MAX_ROWS + 1),
    columns,
    membership.group.currency,
  );
  const skipped = [
    ...read.skipped,
    ...records.slice(EXPENSE_IMPORT_MAX_ROWS + 1).map((record, index) => ({
      row: EXPENSE_IMPORT_MAX_ROWS + 2 + index,
      reason: 'too_many_rows' as const,
      text: record.join(','),
    })),
  ];
  const result: SplitwiseImportResult = {
    columns: columns.map((column) => ({ name: column.name, user_id: column.userId })),
    expenses: read.rows.filter((row) => row.kind === 'expense').length,
    payments: read.rows.filter((row) => row.kind === 'payment').length,
    preview: read.rows.slice(0, EXPENSE_IMPORT_PREVIEW_ROWS).map((row) => ({
      row: row.row,
      kind: row.kind,
      date: row.date,
      description: row.description,
      amount_cents: row.amountCents,
      from_id: row.kind === 'expense' ? row.payerId : row.fromId,
      to_id: row.kind === 'payment' ? row.toId : null,
    })),
    skipped,
    imported: false,
  };
  if (body.dry_run || read.rows.length === 0) return result;
  // Categories are matched by name with the group's expense categories (the defaults, if unused).
  await listCategories(ctx, actor, groupId, 'expense');
  const lastExpense = await ctx.db.transaction(async (tx) => {
    await requireMembership(tx, groupId, actor.id);
    const ledger = await lockLedger(tx, groupId);
    const changes = new Map<number, number>();
    const last = await writeRows(tx, {
      group: membership.group,
      actorId: actor.id,
      rows: read.rows,
      changes,
    });
    await commitToLedger(tx, ledger, changes);
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'expenses_imported',
      details: { expenses: result.expenses, payments: result.payments, source: 'splitwise' },
    });
    return last;
  });
  if (lastExpense) await ctx.events.publish(expenseEvent(lastExpense, 'created', actor.id));
  return { ...result, imported: true };
}

interface WriteRowsOptions {
  group: Membership['group'];
  actorId: number;
  rows: readonly SplitwiseRow[];
  /** Receives what the written rows do to the balances, for the ledger. */
  changes: BalanceChanges;
}

async function writeRows(tx: Tx, { group, actorId, rows, changes }: WriteRowsOptions) {
  const categoryIds = new Map(
    (
      await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.groupId, group.id), eq(categories.kind, 'expense')))
    ).map((row) => [row.name.toLocaleLowerCase(), row.id]),
  );
  const expenseRows = rows.filter((row) => row.kind === 'expense');
  let last: typeof expenses.$inferSelect | undefined;
  for (let start = 0; start < expenseRows.length; start += BATCH) {
    const batch = expenseRows.slice(start, start + BATCH);
    const inserted = await tx
      .insert(expenses)
      .values(
        batch.map((row) => ({
          groupId: group.id,
          createdBy: actorId,
          description: row.description,
          amountCents: row.amountCents,
          currency: group.currency,
          date: row.date,
          paidBy: row.payerId,
          payers:
            row.payers?.map((payer) => ({
              user_id: payer.userId,
              amount_cents: payer.amountCents,
            })) ?? null,
          categoryId: categoryIds.get(row.category.toLocaleLowerCase()) ?? null,
          notes: '',
          splitType: 'exact',
          splitInput: {
            type: 'exact',
            amounts: row.shares.map((share) => ({
              user_id: share.userId,
              amount_cents: share.amountCents,
            })),
          },
        })),
      )
      .returning();
    const ledgerRows = batch.map((row, index) => ledgerRowsOf(inserted[index]!, row.shares));
    await tx.insert(expenseSplits).values(
      ledgerRows.flatMap((splits, index) =>
        splits.map((split) => ({
          expenseId: inserted[index]!.id,
          groupId: group.id,
          payerId: split.payerId,
          userId: split.userId,
          amountCents: split.amountCents,
          settledCents: split.userId === split.payerId ? split.amountCents : 0,
        })),
      ),
    );
    for (const splits of ledgerRows) rowChanges(changes, splits, 1);
    last = inserted.at(-1) ?? last;
  }
  const paymentRows = rows.filter((row) => row.kind === 'payment');
  for (let start = 0; start < paymentRows.length; start += BATCH) {
    const batch = paymentRows.slice(start, start + BATCH);
    await tx.insert(settlements).values(
      batch.map((row) => ({
        groupId: group.id,
        fromId: row.fromId,
        toId: row.toId,
        amountCents: row.amountCents,
        date: row.date,
        note: row.description,
        createdBy: actorId,
      })),
    );
    for (const row of batch) paymentChanges(changes, row, 1);
  }
  return last;
}
