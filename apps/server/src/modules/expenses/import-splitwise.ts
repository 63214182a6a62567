import {
  EXPENSE_IMPORT_MAX_ROWS,
  EXPENSE_IMPORT_PREVIEW_ROWS,
  type SplitwiseImportResult,
  type ZSplitwiseImportBody,
} from '@household/contracts';
import {
  currenciesWithoutRate,
  matchColumns,
  readSplitwiseRecords,
  type SplitwiseRow,
  type SplitwiseSkip,
} from '@household/domain';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
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
import { exchangeRateEvent, latestRate } from './exchange-rates';
import {
  homeAmount,
  homeShares,
  originalColumns,
  rememberGivenRate,
  type ForeignMoney,
} from './foreign-currency';
import { expenseEvent } from './money-changes';
import { AppError, validationFailed } from '../../http/problem';

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
  const home = membership.group.currency;
  const given = givenRates(body.rates ?? [], home);
  const read = readSplitwiseRecords(records.slice(0, EXPENSE_IMPORT_MAX_ROWS + 1), columns, home);
  const rates = await ratesOf(ctx.db, groupId, home, read.rows, given);
  const converted = convertRows(read.rows, rates, home, (row) =>
    (records[row - 1] ?? []).join(','),
  );
  const skipped = [
    ...[...read.skipped, ...converted.skipped].sort((a, b) => a.row - b.row),
    ...records.slice(EXPENSE_IMPORT_MAX_ROWS + 1).map((record, index) => ({
      row: EXPENSE_IMPORT_MAX_ROWS + 2 + index,
      reason: 'too_many_rows' as const,
      text: record.join(','),
    })),
  ];
  const result: SplitwiseImportResult = {
    columns: columns.map((column) => ({ name: column.name, user_id: column.userId })),
    expenses: converted.rows.filter((row) => row.kind === 'expense').length,
    payments: converted.rows.filter((row) => row.kind === 'payment').length,
    preview: converted.rows.slice(0, EXPENSE_IMPORT_PREVIEW_ROWS).map((row) => ({
      row: row.row,
      kind: row.kind,
      date: row.date,
      description: row.description,
      amount_cents: row.homeAmountCents,
      from_id: row.kind === 'expense' ? row.payerId : row.fromId,
      to_id: row.kind === 'payment' ? row.toId : null,
      original: row.foreign
        ? {
            currency: row.foreign.currency,
            amount_minor: row.amountCents,
            exchange_rate: row.foreign.rate,
          }
        : null,
    })),
    rates: [...rates.found.values()].map((rate) => ({
      currency: rate.currency,
      rate: rate.rate,
    })),
    missing_rates: rates.missing,
    skipped,
    imported: false,
  };
  if (body.dry_run || converted.rows.length === 0) return result;
  // Categories are matched by name with the group's expense categories (the defaults, if unused).
  await listCategories(ctx, actor, groupId, 'expense');
  const { lastExpense, recorded } = await ctx.db.transaction(async (tx) => {
    await requireMembership(tx, groupId, actor.id);
    const ledger = await lockLedger(tx, groupId);
    const changes = new Map<number, number>();
    const last = await writeRows(tx, {
      group: membership.group,
      actorId: actor.id,
      rows: converted.rows,
      changes,
    });
    await commitToLedger(tx, ledger, changes);
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'expenses_imported',
      details: { expenses: result.expenses, payments: result.payments, source: 'splitwise' },
    });
    return {
      lastExpense: last,
      recorded: await rememberGivenRates(tx, converted.rows, groupId, actor.id),
    };
  });
  if (lastExpense) await ctx.events.publish(expenseEvent(lastExpense, 'created', actor.id));
  for (const row of recorded) await ctx.events.publish(exchangeRateEvent(row, actor.id));
  return { ...result, imported: true };
}

/** A row as it is written: its amounts converted into the group's currency where it was not. */
type ImportRow = SplitwiseRow & {
  /** The row's currency and rate when it is not the group's; its own amounts stay as read. */
  foreign: ForeignMoney | null;
  homeAmountCents: number;
  /** An expense's shares in the group's currency; empty for a payment. */
  homeShares: { userId: number; amountCents: number }[];
};

/** The rates sent with the import, by currency; 400 for one in the group's own currency. */
function givenRates(rates: readonly { currency: string; rate: string }[], home: string) {
  const strays = rates.flatMap((rate, index) => (rate.currency === home ? [index] : []));
  if (strays.length > 0) {
    throw validationFailed(
      strays.map((index) => ({
        path: `rates.${index}.currency`,
        code: 'home_currency',
        message: `${home} is the group's own currency: it needs no rate`,
      })),
    );
  }
  return new Map(rates.map((rate) => [rate.currency, rate.rate]));
}

/**
 * The rate of each other currency of the rows: the one sent, else the group's latest (as a new
 * expense takes it, docs/expenses.md "Currencies"); the currencies with neither are missing.
 */
async function ratesOf(
  db: DbOrTx,
  groupId: number,
  home: string,
  rows: readonly SplitwiseRow[],
  given: ReadonlyMap<string, string>,
) {
  const found = new Map<string, ForeignMoney>();
  for (const currency of currenciesWithoutRate(rows, home, new Map())) {
    const sent = given.get(currency);
    if (sent !== undefined) {
      found.set(currency, { currency, rate: sent, given: true });
      continue;
    }
    const latest = await latestRate(db, groupId, currency);
    if (latest) found.set(currency, { currency, rate: latest.rate, given: false });
  }
  return { found, missing: currenciesWithoutRate(rows, home, found) };
}

/**
 * Converts the rows in other currencies the way an expense in one is kept: the total with
 * `homeAmount`, the shares with `homeShares` (adding up to it exactly); several payers stay in
 * what was paid, as an expense keeps them. A row with no rate, or whose converted amount is out
 * of bounds, is skipped.
 */
function convertRows(
  rows: readonly SplitwiseRow[],
  rates: { found: ReadonlyMap<string, ForeignMoney> },
  home: string,
  /** The file's text of a row, as a skipped row shows it. */
  textOf: (row: number) => string,
): { rows: ImportRow[]; skipped: SplitwiseSkip[] } {
  const converted: ImportRow[] = [];
  const skipped: SplitwiseSkip[] = [];
  for (const row of rows) {
    const shares = row.kind === 'expense' ? row.shares : [];
    if (row.currency === home) {
      converted.push({
        ...row,
        foreign: null,
        homeAmountCents: row.amountCents,
        homeShares: shares,
      });
      continue;
    }
    const foreign = rates.found.get(row.currency);
    const text = textOf(row.row);
    if (!foreign) {
      skipped.push({ row: row.row, reason: 'other_currency', text });
      continue;
    }
    let homeAmountCents: number;
    try {
      homeAmountCents = homeAmount(row.amountCents, foreign, home);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ row: row.row, reason: 'invalid_amount', text });
      continue;
    }
    converted.push({
      ...row,
      foreign,
      homeAmountCents,
      homeShares: homeShares(shares, foreign, home),
    });
  }
  return { rows: converted, skipped };
}

/** Each rate sent and used becomes the group's, from the last date of its rows. */
async function rememberGivenRates(
  tx: Tx,
  rows: readonly ImportRow[],
  groupId: number,
  actorId: number,
) {
  const lastUse = new Map<string, { foreign: ForeignMoney; date: string }>();
  for (const row of rows) {
    if (!row.foreign?.given) continue;
    const seen = lastUse.get(row.foreign.currency);
    if (!seen || seen.date < row.date) {
      lastUse.set(row.foreign.currency, { foreign: row.foreign, date: row.date });
    }
  }
  const recorded = [];
  for (const { foreign, date } of lastUse.values()) {
    const row = await rememberGivenRate(tx, foreign, { groupId, date }, actorId);
    if (row) recorded.push(row);
  }
  return recorded;
}

interface WriteRowsOptions {
  group: Membership['group'];
  actorId: number;
  rows: readonly ImportRow[];
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
          amountCents: row.homeAmountCents,
          currency: group.currency,
          ...originalColumns(row.foreign, row.amountCents),
          date: row.date,
          paidBy: row.payerId,
          // Several payers are kept in what was paid, like an expense's (converted by the ledger).
          payers:
            row.payers?.map((payer) => ({
              user_id: payer.userId,
              amount_cents: payer.amountCents,
            })) ?? null,
          categoryId: categoryIds.get(row.category.toLocaleLowerCase()) ?? null,
          notes: '',
          splitType: 'exact',
          // The split as read, in what was paid, as an expense in another currency keeps it.
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
    const ledgerRows = batch.map((row, index) => ledgerRowsOf(inserted[index]!, row.homeShares));
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
        amountCents: row.homeAmountCents,
        date: row.date,
        note: row.description,
        createdBy: actorId,
      })),
    );
    for (const row of batch) {
      paymentChanges(changes, { ...row, amountCents: row.homeAmountCents }, 1);
    }
  }
  return last;
}
