import { EXPENSE_AMOUNT_MAX_CENTS, EXPENSE_DESCRIPTION_MAX_LENGTH } from '@household/contracts';
import { splitExpense } from './expense-split';
import { currencyMinorUnits } from './currency';
import { minorUnitDigits } from './money';
import { mainPayer, type PayerAmount } from './several-payers';

/**
 * Reading a Splitwise CSV export (docs/expenses.md "Splitwise import"): a header `Date,
 * Description, Category, Cost, Currency`, then one column per person, each cell what the row did to
 * that person's balance (the payer: the cost less their own share; everyone else: minus their
 * share). A payment is a row of category "Payment". The last row, "Total balance", is a sum, not a
 * row. The group's own CSV export is written the same way, so it reads back here too.
 */

export const SPLITWISE_FIXED_COLUMNS = ['date', 'description', 'category', 'cost', 'currency'];

export type SplitwiseSkipReason =
  | 'not_a_splitwise_export'
  | 'unknown_person'
  | 'invalid_date'
  | 'invalid_amount'
  | 'other_currency'
  | 'does_not_add_up'
  | 'several_payers'
  | 'nothing_owed';

export interface SplitwiseSkip {
  /** The 1-based row of the file (the header is row 1). */
  row: number;
  reason: SplitwiseSkipReason;
  text: string;
}

export type SplitwiseRow =
  | {
      kind: 'expense';
      row: number;
      date: string;
      /** The row's currency; every amount of the row is in its minor units. */
      currency: string;
      description: string;
      category: string;
      amountCents: number;
      /** The payer, or with several payers the one who paid most (first of equals). */
      payerId: number;
      /** Several payers and what each paid, adding up to the amount; null when one paid it all. */
      payers: PayerAmount[] | null;
      /** Each person's share, by user id ascending; they add up to the amount. */
      shares: { userId: number; amountCents: number }[];
    }
  | {
      kind: 'payment';
      row: number;
      date: string;
      /** The row's currency; the amount is in its minor units. */
      currency: string;
      description: string;
      fromId: number;
      toId: number;
      amountCents: number;
    };

export interface SplitwiseColumn {
  name: string;
  /** The member it was matched with, or null when nobody in the group has that name. */
  userId: number | null;
}

export interface SplitwiseImport {
  columns: SplitwiseColumn[];
  rows: SplitwiseRow[];
  skipped: SplitwiseSkip[];
}

const normalName = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase();

/**
 * Matches person columns with members by name (case and surrounding spaces ignored); `chosen`
 * overrides the match of a column by its name. A name two members share matches neither.
 */
export function matchColumns(
  names: readonly string[],
  members: readonly { id: number; name: string | null }[],
  chosen: ReadonlyMap<string, number | null> = new Map(),
): SplitwiseColumn[] {
  const byName = new Map<string, number | null>();
  for (const member of members) {
    if (!member.name) continue;
    const key = normalName(member.name);
    byName.set(key, byName.has(key) ? null : member.id);
  }
  return names.map((name) => ({
    name,
    userId: chosen.has(name) ? (chosen.get(name) ?? null) : (byName.get(normalName(name)) ?? null),
  }));
}

/**
 * A decimal amount in major units to minor units: `12.50`, `-3`, `1,234.50`, `12,50`. Null when it
 * is not an amount of this currency (too many decimals, not a number, too large). `digits` are the
 * currency's minor units as amounts of it are kept (the display digits unless said otherwise).
 */
export function parseDecimalAmount(
  text: string,
  currency: string,
  digits = minorUnitDigits(currency),
): number | null {
  let value = text.trim().replace(/\s/g, '');
  if (value === '') return 0;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  // The last separator is the decimal one; the other kind groups thousands.
  if (lastComma > lastDot) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(/,/g, '');
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > digits) return null;
  const cents = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > EXPENSE_AMOUNT_MAX_CENTS) return null;
  return sign === '-' ? -cents : cents;
}

const isCalendarDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/** Splitwise writes dates as `YYYY-MM-DD`; a timestamp after it is cut off. */
const readDate = (text: string) => {
  const date = text.trim().slice(0, 10);
  return isCalendarDate(date) ? date : null;
};

/**
 * Turns the records of a Splitwise CSV (header first) into expenses and payments of a group whose
 * currency is `homeCurrency`, with people matched by `columns` (from `matchColumns`). Each row is
 * read in its own currency (the Currency column); a row in another currency than the group's is
 * read in that currency's ISO 4217 minor units (JPY 0, EUR 2, KWD 3), the units conversion works
 * in, and converting it is the caller's (it knows the rates). Every row either becomes exactly
 * what it did to everyone's balance in its currency, or is skipped with a reason; nothing throws.
 */
export function readSplitwiseRecords(
  records: readonly (readonly string[])[],
  columns: readonly SplitwiseColumn[],
  homeCurrency: string,
): Omit<SplitwiseImport, 'columns'> {
  const rows: SplitwiseRow[] = [];
  const skipped: SplitwiseSkip[] = [];
  const [header, ...body] = records;
  const fixed = header?.slice(0, 5).map((cell) => cell.trim().toLowerCase());
  if (!header || fixed?.join() !== SPLITWISE_FIXED_COLUMNS.join()) {
    return {
      rows,
      skipped: [{ row: 1, reason: 'not_a_splitwise_export', text: (header ?? []).join(',') }],
    };
  }
  body.forEach((record, index) => {
    const row = index + 2;
    const text = record.join(',');
    const skip = (reason: SplitwiseSkipReason) => skipped.push({ row, reason, text });
    const [dateCell = '', description = '', category = '', costCell = '', currencyCell = ''] =
      record;
    if (record.every((cell) => cell.trim() === '')) return;
    // The closing sum of a Splitwise export is not a row of the ledger.
    if (dateCell.trim() === '' && description.trim().toLowerCase() === 'total balance') return;
    const date = readDate(dateCell);
    if (date === null) return skip('invalid_date');
    const currency = currencyCell.trim().toUpperCase();
    // A currency that is not an ISO 4217 code can have no rate: the row cannot be converted.
    if (!/^[A-Z]{3}$/.test(currency)) return skip('other_currency');
    const digits =
      currency === homeCurrency ? minorUnitDigits(currency) : currencyMinorUnits(currency);
    const cost = parseDecimalAmount(costCell, currency, digits);
    if (cost === null || cost <= 0) return skip('invalid_amount');
    // Two columns matched with one person add up.
    const byPerson = new Map<number, number>();
    for (const [offset, column] of columns.entries()) {
      const cents = parseDecimalAmount(record[5 + offset] ?? '', currency, digits);
      if (cents === null) return skip('invalid_amount');
      if (cents === 0) continue;
      if (column.userId === null) return skip('unknown_person');
      byPerson.set(column.userId, (byPerson.get(column.userId) ?? 0) + cents);
    }
    const effects = [...byPerson]
      .filter(([, cents]) => cents !== 0)
      .map(([userId, cents]) => ({ userId, cents }));
    if (effects.reduce((sum, effect) => sum + effect.cents, 0) !== 0) {
      return skip('does_not_add_up');
    }
    const payers = effects.filter((effect) => effect.cents > 0);
    if (payers.length === 0) return skip('nothing_owed');
    const debtors = effects.filter((effect) => effect.cents < 0);
    const title = description.trim().slice(0, EXPENSE_DESCRIPTION_MAX_LENGTH);
    if (category.trim().toLowerCase() === 'payment') {
      // A payment is from one person to one other; Splitwise writes no other kind.
      if (payers.length !== 1 || debtors.length !== 1) return skip('several_payers');
      rows.push({
        kind: 'payment',
        row,
        date,
        currency,
        description: title,
        fromId: payers[0]!.userId,
        toId: debtors[0]!.userId,
        amountCents: payers[0]!.cents,
      });
      return;
    }
    const read = readPayers(cost, payers);
    if (read === null) return skip('does_not_add_up');
    const shares = [
      ...debtors.map((effect) => ({ userId: effect.userId, amountCents: -effect.cents })),
      ...read.ownShares,
    ].sort((a, b) => a.userId - b.userId);
    rows.push({
      kind: 'expense',
      row,
      date,
      currency,
      description: title || 'Imported expense',
      category: category.trim(),
      amountCents: cost,
      payerId: mainPayer(read.payers),
      payers: read.payers.length > 1 ? read.payers : null,
      shares,
    });
  });
  return { rows, skipped };
}

/**
 * Who paid how much of a row, from the people its net columns put up (paid − owed > 0). The part
 * of the cost nobody owes anyone (cost − what the others owe) is what the payers paid for
 * themselves: with one payer it is their own share; with several, the net columns cannot tell
 * whose it was, so it is divided among them in proportion to their nets (largest remainder).
 * Either way each payer paid their net plus their own share, and every balance is as the file
 * says. Null when the cost is less than what the others owe.
 */
function readPayers(
  costCents: number,
  positives: readonly { userId: number; cents: number }[],
): { payers: PayerAmount[]; ownShares: PayerAmount[] } | null {
  const owedCents = positives.reduce((sum, payer) => sum + payer.cents, 0);
  const ownCents = costCents - owedCents;
  if (ownCents < 0) return null;
  const split = splitExpense(ownCents, {
    type: 'shares',
    shares: positives.map((payer) => ({ userId: payer.userId, weight: payer.cents })),
  });
  if (!split.ok) return null;
  const ownOf = new Map(split.shares.map((share) => [share.userId, share.amountCents]));
  return {
    payers: positives.map((payer) => ({
      userId: payer.userId,
      amountCents: payer.cents + (ownOf.get(payer.userId) ?? 0),
    })),
    ownShares: split.shares.filter((share) => share.amountCents > 0),
  };
}

/**
 * The currencies of the rows that are neither the group's nor have a rate in `rates`, in order of
 * first appearance: the rates the import still needs.
 */
export function currenciesWithoutRate(
  rows: readonly Pick<SplitwiseRow, 'currency'>[],
  homeCurrency: string,
  rates: ReadonlyMap<string, unknown>,
): string[] {
  const missing = new Set<string>();
  for (const row of rows) {
    if (row.currency !== homeCurrency && !rates.has(row.currency)) missing.add(row.currency);
  }
  return [...missing];
}
