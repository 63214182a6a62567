import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netBalances, type LedgerExpense, type LedgerPayment } from './balances';
import { splitExpense } from './expense-split';
import { divideAmongPayers } from './several-payers';
import {
  currenciesWithoutRate,
  matchColumns,
  parseDecimalAmount,
  readSplitwiseRecords,
  type SplitwiseColumn,
} from './splitwise-import';

const HEADER = ['Date', 'Description', 'Category', 'Cost', 'Currency'];
const people = [
  { id: 11, name: 'Ana' },
  { id: 12, name: 'Ben' },
  { id: 13, name: 'Cleo' },
];
const columns = matchColumns(['Ana', 'Ben', 'Cleo'], people);

const decimal = (cents: number) => (cents / 100).toFixed(2);

describe('reading a Splitwise export: examples', () => {
  it('reads expenses and payments, and leaves out the closing total', () => {
    const records = [
      [...HEADER, 'Ana', 'Ben', 'Cleo'],
      ['2026-01-05', 'Groceries', 'Groceries', '30.00', 'EUR', '20.00', '-10.00', '-10.00'],
      ['2026-01-07', 'Ben paid Ana', 'Payment', '10.00', 'EUR', '-10.00', '10.00', '0.00'],
      ['', 'Total balance', '', '', 'EUR', '10.00', '0.00', '-10.00'],
    ];
    const { rows, skipped } = readSplitwiseRecords(records, columns, 'EUR');
    expect(skipped).toEqual([]);
    expect(rows).toEqual([
      {
        kind: 'expense',
        row: 2,
        date: '2026-01-05',
        currency: 'EUR',
        description: 'Groceries',
        category: 'Groceries',
        amountCents: 3000,
        payerId: 11,
        payers: null,
        shares: [
          { userId: 11, amountCents: 1000 },
          { userId: 12, amountCents: 1000 },
          { userId: 13, amountCents: 1000 },
        ],
      },
      {
        kind: 'payment',
        row: 3,
        date: '2026-01-07',
        currency: 'EUR',
        description: 'Ben paid Ana',
        fromId: 12,
        toId: 11,
        amountCents: 1000,
      },
    ]);
  });

  it('skips, with a reason, what it cannot take as it is', () => {
    const unknown = matchColumns(['Ana', 'Zed'], people);
    const records = [
      [...HEADER, 'Ana', 'Zed'],
      ['2026-13-01', 'Bad date', '', '5.00', 'EUR', '5.00', '-5.00'],
      ['2026-01-02', 'Dollars', '', '5.00', 'US$', '5.00', '-5.00'],
      ['2026-01-03', 'Stranger', '', '5.00', 'EUR', '5.00', '-5.00'],
      ['2026-01-04', 'Own only', '', '5.00', 'EUR', '0.00', '0.00'],
      ['2026-01-05', 'Odd', '', 'five', 'EUR', '5.00', '0.00'],
    ];
    const { rows, skipped } = readSplitwiseRecords(records, unknown, 'EUR');
    expect(rows).toEqual([]);
    expect(skipped.map((skip) => [skip.row, skip.reason])).toEqual([
      [2, 'invalid_date'],
      [3, 'other_currency'],
      [4, 'unknown_person'],
      [5, 'nothing_owed'],
      [6, 'invalid_amount'],
    ]);
    expect(readSplitwiseRecords([['Name', 'Price']], unknown, 'EUR').skipped).toEqual([
      { row: 1, reason: 'not_a_splitwise_export', text: 'Name,Price' },
    ]);
  });

  it('matches people by name, ignoring case and spaces, and not a name two members share', () => {
    const twins = [...people, { id: 14, name: 'ana' }];
    expect(matchColumns([' BEN ', 'Ana'], twins)).toEqual([
      { name: ' BEN ', userId: 12 },
      { name: 'Ana', userId: null },
    ]);
    expect(matchColumns(['Ana'], twins, new Map([['Ana', 14]]))).toEqual([
      { name: 'Ana', userId: 14 },
    ]);
  });

  it('reads amounts in both number formats, and refuses what is not one', () => {
    expect(parseDecimalAmount('12.50', 'EUR')).toBe(1250);
    expect(parseDecimalAmount('12,50', 'EUR')).toBe(1250);
    expect(parseDecimalAmount('-1,234.5', 'EUR')).toBe(-123450);
    expect(parseDecimalAmount('1.234,56', 'EUR')).toBe(123456);
    expect(parseDecimalAmount('', 'EUR')).toBe(0);
    expect(parseDecimalAmount('1200', 'JPY')).toBe(1200);
    expect(parseDecimalAmount('12.5', 'JPY')).toBeNull();
    expect(parseDecimalAmount('1.001', 'EUR')).toBeNull();
    expect(parseDecimalAmount('abc', 'EUR')).toBeNull();
    expect(parseDecimalAmount('99999999999', 'EUR')).toBeNull();
  });
});

/** A random ledger of three people: expenses split among some of them, and payments. */
const ledger = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('expense' as const),
      payer: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 100_000 }),
      among: fc.subarray([0, 1, 2], { minLength: 1 }),
    }),
    fc.record({
      kind: fc.constant('payment' as const),
      from: fc.integer({ min: 0, max: 2 }),
      to: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 100_000 }),
    }),
  ),
  { maxLength: 30 },
);

describe('reading a Splitwise export: several payers', () => {
  it('reads a row two people paid, each paying their net plus a part of the own shares', () => {
    // 50.00 paid by Ana 30 and Ben 20, shared equally by the three: Ana +13.33, Ben +3.34, Cleo −16.67.
    const records = [
      [...HEADER, 'Ana', 'Ben', 'Cleo'],
      ['2026-02-01', 'Dinner', 'Dining out', '50.00', 'EUR', '13.33', '3.34', '-16.67'],
    ];
    const { rows, skipped } = readSplitwiseRecords(records, columns, 'EUR');
    expect(skipped).toEqual([]);
    const row = rows[0]!;
    if (row.kind !== 'expense') throw new Error('expected an expense');
    expect(row.payerId).toBe(11);
    expect(row.payers!.reduce((sum, p) => sum + p.amountCents, 0)).toBe(5000);
    expect(row.shares.reduce((sum, s) => sum + s.amountCents, 0)).toBe(5000);
    expect(row.shares.find((s) => s.userId === 13)!.amountCents).toBe(1667);
  });

  it('still skips a payment between more than two people', () => {
    const records = [
      [...HEADER, 'Ana', 'Ben', 'Cleo'],
      ['2026-02-01', 'Back', 'Payment', '10.00', 'EUR', '5.00', '5.00', '-10.00'],
    ];
    const { skipped } = readSplitwiseRecords(records, columns, 'EUR');
    expect(skipped.map((skip) => skip.reason)).toEqual(['several_payers']);
  });

  it('an expense several people paid reads back with everyone’s balance, payers adding up', () => {
    const ids = people.map((person) => person.id);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        (owed, paid) => {
          const cost = owed.reduce((sum, cents) => sum + cents, 0);
          const paidSum = paid.reduce((sum, cents) => sum + cents, 0);
          fc.pre(cost > 0 && paidSum > 0);
          // Scale what each paid to the cost, the rest to the first payer with something.
          const payers = paid.map((cents) => Math.floor((cents * cost) / paidSum));
          payers[paid.findIndex((cents) => cents > 0)]! += cost - payers.reduce((a, b) => a + b, 0);
          const nets = ids.map((_, i) => payers[i]! - owed[i]!);
          const records = [
            [...HEADER, 'Ana', 'Ben', 'Cleo'],
            ['2026-02-01', 'Trip', '', decimal(cost), 'EUR', ...nets.map(decimal)],
          ];
          const { rows, skipped } = readSplitwiseRecords(records, columns, 'EUR');
          if (nets.every((net) => net === 0)) {
            expect(skipped.map((skip) => skip.reason)).toEqual(['nothing_owed']);
            return;
          }
          const row = rows[0]!;
          if (row.kind !== 'expense') throw new Error('expected an expense');
          const payerList = row.payers ?? [{ userId: row.payerId, amountCents: cost }];
          expect(payerList.reduce((sum, p) => sum + p.amountCents, 0)).toBe(cost);
          expect(payerList.every((p) => p.amountCents > 0)).toBe(true);
          const ledgerRows = divideAmongPayers(row.shares, payerList);
          const balances = netBalances(
            ledgerRows.map((r) => ({ payerId: r.payerId, shares: [r] })),
            [],
          );
          ids.forEach((id, i) => expect(balances.get(id) ?? 0).toBe(nets[i]));
        },
      ),
    );
  });
});

describe('reading a Splitwise export: properties', () => {
  it('gives everyone the balance the file says, row by row', () => {
    fc.assert(
      fc.property(ledger, (entries) => {
        const ids = people.map((person) => person.id);
        const expenses: LedgerExpense[] = [];
        const payments: LedgerPayment[] = [];
        const records: string[][] = [[...HEADER, ...people.map((person) => person.name)]];
        for (const entry of entries) {
          const effects = [0, 0, 0];
          if (entry.kind === 'expense') {
            const outcome = splitExpense(entry.amount, {
              type: 'equal',
              participants: entry.among.map((i) => ids[i]!),
            });
            if (!outcome.ok) throw new Error('split failed');
            expenses.push({ payerId: ids[entry.payer]!, shares: outcome.shares });
            for (const share of outcome.shares) {
              effects[entry.payer]! += share.amountCents;
              effects[ids.indexOf(share.userId)]! -= share.amountCents;
            }
            records.push([
              '2026-03-01',
              'Shop',
              'Groceries',
              decimal(entry.amount),
              'EUR',
              ...effects.map(decimal),
            ]);
          } else {
            if (entry.from === entry.to) continue;
            payments.push({
              fromId: ids[entry.from]!,
              toId: ids[entry.to]!,
              amountCents: entry.amount,
            });
            effects[entry.from]! += entry.amount;
            effects[entry.to]! -= entry.amount;
            records.push([
              '2026-03-02',
              'Back',
              'Payment',
              decimal(entry.amount),
              'EUR',
              ...effects.map(decimal),
            ]);
          }
        }
        const read = readSplitwiseRecords(records, columns as SplitwiseColumn[], 'EUR');
        const imported = netBalances(
          read.rows.flatMap((row) =>
            row.kind === 'expense' ? [{ payerId: row.payerId, shares: row.shares }] : [],
          ),
          read.rows.flatMap((row) =>
            row.kind === 'payment'
              ? [{ fromId: row.fromId, toId: row.toId, amountCents: row.amountCents }]
              : [],
          ),
        );
        const original = netBalances(expenses, payments);
        // Rows where the payer only paid for themselves move nobody's balance and are skipped.
        expect(read.skipped.every((skip) => skip.reason === 'nothing_owed')).toBe(true);
        for (const id of ids) expect(imported.get(id) ?? 0).toBe(original.get(id) ?? 0);
        for (const row of read.rows) {
          if (row.kind !== 'expense') continue;
          expect(row.shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(
            row.amountCents,
          );
          expect(row.shares.every((share) => share.amountCents > 0)).toBe(true);
        }
      }),
    );
  });
});

describe('reading a Splitwise export: currencies', () => {
  it('reads a row in another currency in that currency’s minor units, for the caller to convert', () => {
    const records = [
      [...HEADER, 'Ana', 'Ben', 'Cleo'],
      ['2026-03-01', 'Ramen', 'Dining out', '3000', 'jpy', '2000', '-1000', '-1000'],
      ['2026-03-02', 'Tea', 'Dining out', '1.500', 'KWD', '-0.750', '0.750', '0.000'],
      ['2026-03-03', 'Ben paid Ana', 'Payment', '500', 'JPY', '-500', '500', '0'],
      ['2026-03-04', 'Half a yen', 'Other', '10.5', 'JPY', '10.5', '-10.5', '0'],
      ['2026-03-05', 'Odd', 'Other', '10.00', 'euro', '10.00', '-10.00', '0'],
    ];
    const { rows, skipped } = readSplitwiseRecords(records, columns, 'EUR');
    expect(rows.map((row) => [row.kind, row.currency, row.amountCents])).toEqual([
      ['expense', 'JPY', 3000],
      ['expense', 'KWD', 1500],
      ['payment', 'JPY', 500],
    ]);
    expect(rows[0]).toMatchObject({
      payerId: 11,
      shares: [
        { userId: 11, amountCents: 1000 },
        { userId: 12, amountCents: 1000 },
        { userId: 13, amountCents: 1000 },
      ],
    });
    expect(skipped.map((skip) => [skip.row, skip.reason])).toEqual([
      [5, 'invalid_amount'],
      [6, 'other_currency'],
    ]);
  });

  it('names each currency that needs a rate once, never the group’s own', () => {
    const rows = ['USD', 'EUR', 'JPY', 'USD', 'GBP'].map((currency) => ({ currency }));
    expect(currenciesWithoutRate(rows, 'EUR', new Map([['GBP', '0.85']]))).toEqual(['USD', 'JPY']);
  });

  it('a row in another currency reads back to its own amounts, whatever its minor units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('JPY', 'USD', 'KWD'),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 3, maxLength: 3 }),
        (currency, owed) => {
          const digits = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
          const text = (minor: number) => (minor / 10 ** digits).toFixed(digits);
          const [ana, ben, cleo] = owed as [number, number, number];
          const cost = ana + ben + cleo;
          const records = [
            [...HEADER, 'Ana', 'Ben', 'Cleo'],
            [
              '2026-03-01',
              'Trip',
              'Other',
              text(cost),
              currency,
              text(ben + cleo),
              text(-ben),
              text(-cleo),
            ],
          ];
          const { rows, skipped } = readSplitwiseRecords(records, columns, 'EUR');
          expect(skipped).toEqual([]);
          expect(rows[0]).toMatchObject({
            currency,
            amountCents: cost,
            shares: [
              { userId: 11, amountCents: ana },
              { userId: 12, amountCents: ben },
              { userId: 13, amountCents: cleo },
            ],
          });
        },
      ),
    );
  });
});
