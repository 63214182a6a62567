/**
 * The balance summary of a large group, and expense creation, on each database engine.
 *
 * For each engine: start the real server, build a group of 50 through the API (the owner and 49
 * members who join by invite code), stop it. Then, for each size, grow the group's ledger to that
 * many expenses by writing rows directly into the database (random equal splits among 2–6 members,
 * random payers, some splits partly or wholly settled, some payments outside any expense), bring
 * `group_balances` and the stored suggested transfers to what those rows add up to (rowChanges and
 * suggestTransfers of packages/domain on `unitBalances`, as the server would), and check them
 * against sums taken in SQL.
 *
 * The ledger is mixed, always (no flag): a fifth of the expenses paid in another currency (JPY,
 * USD, KWD; split in that currency, then converted into the group's EUR at a fixed rate with
 * `convertMinor`/`convertSplit`, the original columns filled as the server fills them), one in ten
 * paid by two people (one split row per participant and payer, `divideAmongPayers`), and 5 couples
 * of the 50 members joined in units before the first suggestions are made. Then load the floor (floor/server.ts `GET /groups/:id/balances`), then the app:
 * `GET /costs/groups/{id}/balance-summary`, `POST /expenses` split among 3 and among 50, and check
 * the ledger again once the app has stopped.
 *
 * The database is written only while no server runs: PGlite's folder belongs to one process.
 *
 *   npm run bench:balance-summary -- [--engine pglite|postgres|both] [--sizes 1000,10000,100000]
 *     [--duration 10] [--warmup 5] [--seed 1]
 *
 * Prints a table, writes bench/results/balance-summary-latest.json, and removes what it created.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  convertMinor,
  convertSplit,
  divideAmongPayers,
  mainPayer,
  paymentChanges,
  rotationOfDate,
  rowChanges,
  splitExpense,
  suggestTransfers,
  unitBalances,
  type BalanceChanges,
  type PayerAmount,
  type Transfer,
} from '@household/domain';
import type autocannon from 'autocannon';
import pg from 'pg';
import { parseBenchCli, selectedEngines, wholeNumber } from './lib/cli';
import { round } from './lib/cpu';
import { recordFailure, type Engine, type EngineOutcome } from './lib/engines';
import { checkInterrupted, isInterrupted, measure, type Measured } from './lib/load';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres';
import { call, signUp, type Account } from './lib/seed';
import {
  API,
  BENCH_LIMITS,
  NO_LOAD_SHEDDING,
  startServer,
  stopServer,
  type Server,
} from './lib/server';
import { cpuPerRequest, otherCoresCell, statusCell, table } from './lib/table';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'balance-summary-latest.json');
const PG_BENCH_DB = 'household_bench_balances';
const MEMBERS = 50;
const READ_CONNECTIONS = 10;
/** A household's writes to one group queue on its ledger lock: a few at once is already a burst. */
const WRITE_CONNECTIONS = 4;
/** Rows per INSERT statement while seeding. */
const BATCH = 2000;
/** The group's home currency, which the rates below convert into. */
const HOME_CURRENCY = 'EUR';
/**
 * The other currencies of the mixed ledger: EUR per unit, and the range of an expense in minor
 * units (about 1–200 EUR, as the expenses in EUR). 0, 2 and 3 decimals.
 */
const FOREIGN = [
  { currency: 'JPY', rate: '0.0062', min: 162, max: 32_000 },
  { currency: 'USD', rate: '0.92', min: 109, max: 21_700 },
  { currency: 'KWD', rate: '2.98', min: 336, max: 67_000 },
] as const;
/** Share of the expenses paid in another currency, and of those paid by two people. */
const FOREIGN_SHARE = 0.2;
const TWO_PAYERS_SHARE = 0.1;
/** Couples joined in units (settling as one party) among the members. */
const UNITS = 5;

// ---------------------------------------------------------------------------------------------
// Command line

function parseCli() {
  const values = parseBenchCli(
    {
      sizes: { type: 'string', default: '1000,10000,100000' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
    },
    'npm run bench:balance-summary -- [--engine pglite|postgres|both] ' +
      '[--sizes 1000,10000,100000] [--duration N] [--warmup N] [--seed N]',
  );
  const duration = wholeNumber('--duration', values.duration, 'seconds', 1, 600);
  const warmup = wholeNumber('--warmup', values.warmup, 'seconds', 0, 60);
  const seed = wholeNumber('--seed', values.seed, '', 1, 2 ** 31);
  const sizes = (values.sizes ?? '')
    .split(',')
    .map((size) => wholeNumber('--sizes', size.trim(), 'expenses', 1, 1_000_000));
  if (sizes.some((size, i) => i > 0 && size <= sizes[i - 1]!)) {
    throw new Error('--sizes must grow: the group keeps its expenses from one size to the next');
  }
  const engines = selectedEngines(values.engine === 'both' ? undefined : values.engine);
  return { duration, warmup, seed, sizes, engines };
}

// ---------------------------------------------------------------------------------------------
// Random numbers

/** xorshift32: the same seed writes the same ledger on every machine. */
function randomSource(seed: number) {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]) => values[between(0, values.length - 1)]!;
  /** `count` distinct values, in random order. */
  const someOf = <T>(values: readonly T[], count: number) => {
    const copy = [...values];
    for (let i = 0; i < count; i++) {
      const j = between(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { random, between, pick, someOf };
}
type Random = ReturnType<typeof randomSource>;

// ---------------------------------------------------------------------------------------------
// The database, opened while no server runs

type Rows = Record<string, unknown>[];
interface Connection {
  query(text: string, params?: unknown[]): Promise<Rows>;
  close(): Promise<void>;
}

async function connect(engine: Engine, env: Record<string, string>): Promise<Connection> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows as Rows,
      close: () => client.end(),
    };
  }
  // The folder the server made and migrated on its first start.
  const db = new PGlite(path.join(env.DATA_DIR!, 'pgdata'));
  await db.waitReady;
  return {
    query: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    close: () => db.close(),
  };
}

interface Group {
  id: number;
  owner: Account;
  ownerId: number;
  memberIds: number[];
}

interface SeedReport {
  /** Expenses, splits and payments written for this size, and how long it took. */
  addedExpenses: number;
  addedSplits: number;
  addedPayments: number;
  seconds: number;
  /** VACUUM ANALYZE of the ledger's tables afterwards. */
  vacuumSeconds: number;
}

/** The ledger's figures, as read back from the database. */
interface LedgerState {
  expenses: number;
  /** Of them, paid in another currency, and paid by several people; members in a unit. */
  foreignExpenses: number;
  severalPayers: number;
  inUnits: number;
  splits: number;
  openSplits: number;
  payments: number;
  transfers: number;
  /** Open splits behind the transfer with the most of them: what one lateral join counts. */
  maxOpenSplitsPerTransfer: number;
}

/** Rows of one batch of expenses, ready for `json_to_recordset`, and what they do to the ledger. */
interface Batch {
  expenseRows: unknown[];
  splitRows: unknown[];
  paymentRows: unknown[];
  /** What the rows do to the members' positions, as the server's ledger counts it. */
  changes: BalanceChanges;
}

/** Next free ids of the tables a batch writes, counted up as rows are drafted. */
interface Ids {
  expense: number;
  split: number;
  payment: number;
}

/**
 * One expense shared equally by two to six members, most often paid by one of them, with its
 * splits (a quarter paid back in full, one in ten in part) and, now and then, a payment outside
 * any expense ("Ana paid Ben 20 €"). One in five is paid in another currency: split in it, then
 * the total, the shares and the payers converted at its rate as the server does; one in ten is
 * paid by two people, each share divided among them (`divideAmongPayers`): a split row per
 * participant and payer.
 */
function draftExpense(batch: Batch, ids: Ids, group: Group, date: string, random: Random) {
  const id = ids.expense++;
  const foreign = random.random() < FOREIGN_SHARE ? random.pick(FOREIGN) : null;
  const participants = random.someOf(group.memberIds, random.between(2, 6));
  const first = random.random() < 0.9 ? random.pick(participants) : random.pick(group.memberIds);
  const original = foreign ? random.between(foreign.min, foreign.max) : random.between(100, 20_000);
  let paid: PayerAmount[] = [{ userId: first, amountCents: original }];
  if (random.random() < TWO_PAYERS_SHARE) {
    const second = random.pick(group.memberIds.filter((memberId) => memberId !== first));
    const part = random.between(1, original - 1);
    paid = [
      { userId: first, amountCents: part },
      { userId: second, amountCents: original - part },
    ];
  }
  const split = splitExpense(
    original,
    { type: 'equal', participants },
    { rotation: rotationOfDate(date) },
  );
  if (!split.ok) throw new Error(`splitExpense refused: ${JSON.stringify(split.error)}`);
  const toHome = <Share extends { amountCents: number }>(shares: Share[]) =>
    foreign ? convertSplit(shares, foreign.currency, HOME_CURRENCY, foreign.rate) : shares;
  const amount = foreign
    ? convertMinor(original, foreign.currency, HOME_CURRENCY, foreign.rate)
    : original;
  const rows = divideAmongPayers(toHome(split.shares), toHome(paid));
  const paidBy = mainPayer(paid);
  batch.expenseRows.push({
    id,
    created_by: paidBy,
    description: `Bench expense ${id}`,
    amount_cents: amount,
    date,
    paid_by: paidBy,
    payers:
      paid.length > 1
        ? paid.map((p) => ({ user_id: p.userId, amount_cents: p.amountCents }))
        : null,
    original_currency: foreign?.currency ?? null,
    original_amount_minor: foreign ? original : null,
    exchange_rate: foreign?.rate ?? null,
    split_input: { type: 'equal', participants },
  });
  rowChanges(batch.changes, rows, 1);
  const pay = (from: number, to: number, cents: number, splitId: number | null) => {
    batch.paymentRows.push({
      id: ids.payment++,
      from_id: from,
      to_id: to,
      amount_cents: cents,
      date,
      expense_id: splitId === null ? null : id,
      split_id: splitId,
      created_by: from,
    });
    paymentChanges(batch.changes, { fromId: from, toId: to, amountCents: cents }, 1);
  };
  for (const row of rows) {
    const sid = ids.split++;
    let settled = 0;
    if (row.userId === row.payerId) settled = row.amountCents;
    else {
      const luck = random.random();
      if (luck < 0.25) settled = row.amountCents;
      else if (luck < 0.35 && row.amountCents > 1) {
        settled = random.between(1, row.amountCents - 1);
      }
      if (settled > 0) pay(row.userId, row.payerId, settled, sid);
    }
    batch.splitRows.push({
      id: sid,
      expense_id: id,
      payer_id: row.payerId,
      user_id: row.userId,
      amount_cents: row.amountCents,
      settled_cents: settled,
    });
  }
  if (random.random() < 1 / 50) {
    const [from, to] = random.someOf(group.memberIds, 2) as [number, number];
    pay(from, to, random.between(100, 50_000), null);
  }
}

async function insertBatch(db: Connection, group: Group, currency: string, batch: Batch) {
  await db.query(
    `INSERT INTO expenses (id, group_id, created_by, description, amount_cents, currency,
       original_currency, original_amount_minor, exchange_rate, date, paid_by, payers,
       split_type, split_input)
     OVERRIDING SYSTEM VALUE
     SELECT x.id, $2, x.created_by, x.description, x.amount_cents, $3, x.original_currency,
       x.original_amount_minor, x.exchange_rate, x.date::date, x.paid_by, x.payers, 'equal',
       x.split_input
     FROM json_to_recordset($1::json) AS x(id int, created_by int, description text,
       amount_cents int, original_currency text, original_amount_minor int, exchange_rate text,
       date text, paid_by int, payers jsonb, split_input jsonb)`,
    [JSON.stringify(batch.expenseRows), group.id, currency],
  );
  await db.query(
    `INSERT INTO expense_splits (id, expense_id, group_id, payer_id, user_id, amount_cents,
       settled_cents)
     OVERRIDING SYSTEM VALUE
     SELECT x.id, x.expense_id, $2, x.payer_id, x.user_id, x.amount_cents, x.settled_cents
     FROM json_to_recordset($1::json) AS x(id int, expense_id int, payer_id int, user_id int,
       amount_cents int, settled_cents int)`,
    [JSON.stringify(batch.splitRows), group.id],
  );
  if (batch.paymentRows.length > 0) {
    await db.query(
      `INSERT INTO settlements (id, group_id, from_id, to_id, amount_cents, date, expense_id,
         split_id, created_by)
       OVERRIDING SYSTEM VALUE
       SELECT x.id, $2, x.from_id, x.to_id, x.amount_cents, x.date::date, x.expense_id,
         x.split_id, x.created_by
       FROM json_to_recordset($1::json) AS x(id int, from_id int, to_id int,
         amount_cents int, date text, expense_id int, split_id int, created_by int)`,
      [JSON.stringify(batch.paymentRows), group.id],
    );
  }
}

/**
 * What the server's ledger does for each change, for all of them at once: move the stored
 * positions by what the new rows do, then suggest transfers between parties (units and members in
 * none, `unitBalances`) building on the stored ones, as `refreshSuggestions` does.
 */
async function moveLedger(db: Connection, group: Group, added: Batch) {
  const moves = added.changes;
  const stored = await readPositions(db, group.id);
  for (const [userId, cents] of moves) stored.set(userId, (stored.get(userId) ?? 0) + cents);
  const changed = [...moves.keys()].sort((a, b) => a - b);
  await db.query(
    `INSERT INTO group_balances (group_id, user_id, net_cents)
     SELECT $1, x.user_id, x.net_cents FROM json_to_recordset($2::json) AS x(user_id int,
       net_cents bigint)
     ON CONFLICT (group_id, user_id) DO UPDATE SET net_cents = excluded.net_cents`,
    [group.id, JSON.stringify(changed.map((id) => ({ user_id: id, net_cents: stored.get(id) })))],
  );
  const previous = await readTransfers(db, group.id);
  const nonZero = new Map([...stored].filter(([, cents]) => cents !== 0));
  const parties = unitBalances(nonZero, await readUnitOf(db, group.id));
  await db.query(
    `INSERT INTO group_ledgers (group_id, transfers) VALUES ($1, $2::jsonb)
     ON CONFLICT (group_id) DO UPDATE SET transfers = excluded.transfers, updated_at = now()`,
    [
      group.id,
      JSON.stringify(
        suggestTransfers(new Map([...parties].filter(([, cents]) => cents !== 0)), previous),
      ),
    ],
  );
}

/**
 * Joins `UNITS` couples of random members in units, once (the group keeps them from one size to
 * the next), as `POST /groups/{id}/units` would: a unit row, then its members' `unit_id`.
 */
async function makeUnits(db: Connection, group: Group, random: Random) {
  const [row] = await db.query('SELECT count(*)::int AS n FROM group_units WHERE group_id = $1', [
    group.id,
  ]);
  if (Number(row!.n) > 0) return;
  const chosen = random.someOf(group.memberIds, UNITS * 2);
  for (let i = 0; i < UNITS; i++) {
    const [unit] = await db.query(
      'INSERT INTO group_units (group_id, name) VALUES ($1, $2) RETURNING id',
      [group.id, `Bench couple ${i + 1}`],
    );
    await db.query(
      'UPDATE group_members SET unit_id = $1 WHERE group_id = $2 AND user_id = ANY($3::int[])',
      [unit!.id, group.id, chosen.slice(i * 2, i * 2 + 2)],
    );
  }
}

const emptyBatch = (): Batch => ({
  expenseRows: [],
  splitRows: [],
  paymentRows: [],
  changes: new Map(),
});

/**
 * Adds expenses to the group until it has `size`, with their splits and payments, and moves the
 * stored positions and suggested transfers as the server would, all in one transaction.
 */
async function growLedger(
  db: Connection,
  group: Group,
  size: number,
  random: Random,
): Promise<SeedReport> {
  const started = performance.now();
  const one = async <T>(query: string, values: unknown[] = []) =>
    ((await db.query(query, values)) as [T])[0];
  const { count } = await one<{ count: number }>(
    'SELECT count(*)::int AS count FROM expenses WHERE group_id = $1',
    [group.id],
  );
  const toAdd = size - Number(count);
  const report: SeedReport = {
    addedExpenses: 0,
    addedSplits: 0,
    addedPayments: 0,
    seconds: 0,
    vacuumSeconds: 0,
  };
  if (toAdd <= 0) return report;
  const nextId = async (table: string) =>
    Number((await one<{ id: number }>(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`)).id);
  const ids: Ids = {
    expense: await nextId('expenses'),
    split: await nextId('expense_splits'),
    payment: await nextId('settlements'),
  };
  const { currency } = await one<{ currency: string }>(
    'SELECT currency FROM groups WHERE id = $1',
    [group.id],
  );
  if (currency !== HOME_CURRENCY) {
    throw new Error(`the group's currency is ${currency}: the rates convert into ${HOME_CURRENCY}`);
  }
  // Dates run from three years ago to yesterday, in the order the expenses were added.
  const firstDay = Date.now() - 3 * 365 * 86_400_000;
  const dayOf = (i: number) =>
    new Date(firstDay + Math.floor((i / toAdd) * 3 * 365) * 86_400_000).toISOString().slice(0, 10);

  const added = emptyBatch();
  await db.query('BEGIN');
  try {
    await makeUnits(db, group, random);
    for (let start = 0; start < toAdd; start += BATCH) {
      const batch = emptyBatch();
      for (let i = start; i < Math.min(toAdd, start + BATCH); i++) {
        draftExpense(batch, ids, group, dayOf(i), random);
      }
      await insertBatch(db, group, currency, batch);
      for (const [userId, cents] of batch.changes) {
        added.changes.set(userId, (added.changes.get(userId) ?? 0) + cents);
      }
      report.addedExpenses += batch.expenseRows.length;
      report.addedSplits += batch.splitRows.length;
      report.addedPayments += batch.paymentRows.length;
    }
    for (const table of ['expenses', 'expense_splits', 'settlements']) {
      await db.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'),
           (SELECT coalesce(max(id), 1) FROM ${table}))`,
      );
    }
    await moveLedger(db, group, added);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => {});
    throw error;
  }
  report.seconds = round((performance.now() - started) / 1000, 1);
  // What autovacuum would have done by the time a real group grew this large: statistics for
  // the planner, and a visibility map so that counting open splits can use the index alone.
  const vacuumStarted = performance.now();
  await db.query('VACUUM ANALYZE expenses');
  await db.query('VACUUM ANALYZE expense_splits');
  await db.query('VACUUM ANALYZE settlements');
  report.vacuumSeconds = round((performance.now() - vacuumStarted) / 1000, 1);
  return report;
}

async function readPositions(db: Connection, groupId: number): Promise<Map<number, number>> {
  const rows = await db.query(
    'SELECT user_id, net_cents FROM group_balances WHERE group_id = $1 ORDER BY user_id',
    [groupId],
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.net_cents)]));
}

/** Who is in which unit (user id → unit id); members in none are left out. */
async function readUnitOf(db: Connection, groupId: number): Promise<Map<number, number>> {
  const rows = await db.query(
    'SELECT user_id, unit_id FROM group_members WHERE group_id = $1 AND unit_id IS NOT NULL',
    [groupId],
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.unit_id)]));
}

async function readTransfers(db: Connection, groupId: number): Promise<Transfer[]> {
  const [row] = await db.query('SELECT transfers FROM group_ledgers WHERE group_id = $1', [
    groupId,
  ]);
  const transfers = row?.transfers ?? [];
  return (typeof transfers === 'string' ? JSON.parse(transfers) : transfers) as Transfer[];
}

/**
 * Checks the stored ledger against its rows, and fails loudly when they disagree: every position
 * is what the splits and payments add up to; every split is what its expense's shares add up to;
 * a split's settled amount is the sum of the payments against it (the payer's own: all of it);
 * the stored transfers clear every party's position (units and members in none), with at most
 * n − 1 of them; an expense in another currency is its original amount at its rate, rounded.
 */
async function checkLedger(db: Connection, groupId: number): Promise<LedgerState> {
  const problems: string[] = [];
  const wrongPositions = await db.query(
    `WITH moves AS (
       SELECT payer_id AS user_id, amount_cents::bigint AS cents FROM expense_splits
         WHERE group_id = $1
       UNION ALL SELECT user_id, -amount_cents FROM expense_splits WHERE group_id = $1
       UNION ALL SELECT from_id, amount_cents FROM settlements WHERE group_id = $1
       UNION ALL SELECT to_id, -amount_cents FROM settlements WHERE group_id = $1
     ), expected AS (SELECT user_id, sum(cents)::bigint AS cents FROM moves GROUP BY user_id)
     SELECT coalesce(e.user_id, b.user_id) AS user_id, coalesce(e.cents, 0)::text AS expected,
       coalesce(b.net_cents, 0)::text AS stored
     FROM expected e
     FULL JOIN (SELECT user_id, net_cents FROM group_balances WHERE group_id = $1) b
       ON b.user_id = e.user_id
     WHERE coalesce(e.cents, 0) <> coalesce(b.net_cents, 0)`,
    [groupId],
  );
  for (const row of wrongPositions) {
    problems.push(
      `user ${String(row.user_id)}: stored ${String(row.stored)}, rows add up to ${String(row.expected)}`,
    );
  }
  const [counts] = await db.query(
    `SELECT
       (SELECT count(*) FROM expenses WHERE group_id = $1)::int AS expenses,
       (SELECT count(*) FROM expense_splits WHERE group_id = $1)::int AS splits,
       (SELECT count(*) FROM expense_splits WHERE group_id = $1
          AND settled_cents < amount_cents)::int AS open_splits,
       (SELECT count(*) FROM settlements WHERE group_id = $1)::int AS payments,
       (SELECT count(*) FROM expenses e WHERE e.group_id = $1 AND e.amount_cents <>
          (SELECT coalesce(sum(s.amount_cents), 0) FROM expense_splits s
           WHERE s.expense_id = e.id))::int AS wrong_splits,
       (SELECT count(*) FROM expense_splits s WHERE s.group_id = $1 AND s.settled_cents <>
          CASE WHEN s.user_id = s.payer_id THEN s.amount_cents
          ELSE (SELECT coalesce(sum(t.amount_cents), 0) FROM settlements t
                WHERE t.split_id = s.id) END)::int AS wrong_settled,
       (SELECT count(*) FROM expenses WHERE group_id = $1
          AND original_currency IS NOT NULL)::int AS foreign_expenses,
       (SELECT count(*) FROM expenses WHERE group_id = $1 AND original_currency IS NOT NULL
          AND amount_cents <> round(original_amount_minor * exchange_rate::numeric * 100 /
            CASE original_currency WHEN 'JPY' THEN 1 WHEN 'KWD' THEN 1000 ELSE 100 END)
       )::int AS wrong_converted,
       (SELECT count(*) FROM expenses WHERE group_id = $1
          AND jsonb_array_length(payers) > 1)::int AS several_payers,
       (SELECT count(*) FROM group_members WHERE group_id = $1
          AND unit_id IS NOT NULL)::int AS in_units`,
    [groupId],
  );
  if (Number(counts!.wrong_splits) > 0) {
    problems.push(`${String(counts!.wrong_splits)} expenses whose splits do not add up`);
  }
  if (Number(counts!.wrong_converted) > 0) {
    problems.push(
      `${String(counts!.wrong_converted)} expenses in another currency not at their rate`,
    );
  }
  if (Number(counts!.wrong_settled) > 0) {
    problems.push(
      `${String(counts!.wrong_settled)} splits whose settled amount is not their payments`,
    );
  }
  const positions = await readPositions(db, groupId);
  const transfers = await readTransfers(db, groupId);
  const unitOf = await readUnitOf(db, groupId);
  const parties = unitBalances(positions, unitOf);
  const left = new Map(parties);
  for (const { fromId, toId, amountCents } of transfers) {
    left.set(fromId, (left.get(fromId) ?? 0) + amountCents);
    left.set(toId, (left.get(toId) ?? 0) - amountCents);
  }
  const uncleared = [...left].filter(([, cents]) => cents !== 0);
  if (uncleared.length > 0) {
    problems.push(`the stored transfers leave ${JSON.stringify(uncleared)} uncleared`);
  }
  const withBalance = [...parties.values()].filter((cents) => cents !== 0).length;
  if (transfers.length > Math.max(0, withBalance - 1)) {
    problems.push(`${transfers.length} transfers for ${withBalance} people with a balance`);
  }
  if (problems.length > 0) {
    throw new Error(`the ledger of group ${groupId} does not add up:\n  ${problems.join('\n  ')}`);
  }
  let maxOpenSplitsPerTransfer = 0;
  if (transfers.length > 0) {
    // A unit's party is its id negated: its members pay and receive for it.
    const membersOf = (party: number) =>
      party > 0 ? [party] : [...unitOf].filter(([, unit]) => unit === -party).map(([id]) => id);
    const [row] = await db.query(
      `SELECT coalesce(max((SELECT count(*) FROM expense_splits s
         WHERE s.group_id = $1 AND s.user_id = ANY(t.payers) AND s.payer_id = ANY(t.receivers)
           AND s.settled_cents < s.amount_cents)), 0)::int AS most
       FROM json_to_recordset($2::json) AS t(payers int[], receivers int[])`,
      [
        groupId,
        JSON.stringify(
          transfers.map((t) => ({ payers: membersOf(t.fromId), receivers: membersOf(t.toId) })),
        ),
      ],
    );
    maxOpenSplitsPerTransfer = Number(row!.most);
  }
  return {
    expenses: Number(counts!.expenses),
    foreignExpenses: Number(counts!.foreign_expenses),
    severalPayers: Number(counts!.several_payers),
    inUnits: Number(counts!.in_units),
    splits: Number(counts!.splits),
    openSplits: Number(counts!.open_splits),
    payments: Number(counts!.payments),
    transfers: transfers.length,
    maxOpenSplitsPerTransfer,
  };
}

// ---------------------------------------------------------------------------------------------
// The group, through the API

async function createGroup(base: string): Promise<Group> {
  const owner = await signUp(base, 'Owner');
  const group = await call<{ id: number }>(base, owner.accessToken, 'POST', '/groups', {
    name: 'Bench shared house',
  });
  for (let i = 1; i < MEMBERS; i++) {
    const { code } = await call<{ code: string }>(
      base,
      owner.accessToken,
      'POST',
      `/groups/${group.id}/invites`,
    );
    const member = await signUp(base, `Member ${i + 1}`);
    await call(base, member.accessToken, 'POST', '/groups/join', { code });
  }
  const detail = await call<{ members: { id: number; role: string }[] }>(
    base,
    owner.accessToken,
    'GET',
    `/groups/${group.id}`,
  );
  if (detail.members.length !== MEMBERS) {
    throw new Error(`the group has ${detail.members.length} members, not ${MEMBERS}`);
  }
  return {
    id: group.id,
    owner,
    ownerId: detail.members.find((member) => member.role === 'owner')!.id,
    memberIds: detail.members.map((member) => member.id).sort((a, b) => a - b),
  };
}

interface SummaryShape {
  members: { user: { id: number }; net_cents: number }[];
  transfers: { amount_cents: number; expenses: unknown[]; more_expenses: number }[];
}

/** One read of the summary before the load: it must answer what the database holds. */
async function checkSummary(base: string, group: Group, positions: Map<number, number>) {
  const summary = await call<SummaryShape>(
    base,
    group.owner.accessToken,
    'GET',
    `/costs/groups/${group.id}/balance-summary`,
  );
  for (const member of summary.members) {
    if (member.net_cents !== (positions.get(member.user.id) ?? 0)) {
      throw new Error(
        `balance-summary: user ${member.user.id} at ${member.net_cents}, stored ` +
          `${positions.get(member.user.id) ?? 0}`,
      );
    }
  }
  return {
    transfers: summary.transfers.length,
    explainedExpenses: summary.transfers.reduce((sum, t) => sum + t.expenses.length, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  connections: number;
  floor?: string;
  options(base: string, group: Group, random: Random): Omit<autocannon.Options, 'duration'>;
}

const bearer = (group: Group) => ({ authorization: `Bearer ${group.owner.accessToken}` });

const SUMMARY = 'GET /costs/groups/{id}/balance-summary';
const FLOOR = 'floor: GET /groups/:id/balances';

const FLOOR_SCENARIO: Scenario = {
  name: FLOOR,
  connections: READ_CONNECTIONS,
  options: (base, group) => ({
    url: `${base}/groups/${group.id}/balances`,
    headers: bearer(group),
  }),
};

const SUMMARY_SCENARIO: Scenario = {
  name: SUMMARY,
  connections: READ_CONNECTIONS,
  floor: FLOOR,
  options: (base, group) => ({
    url: `${base}${API}/costs/groups/${group.id}/balance-summary`,
    headers: bearer(group),
  }),
};

/** One request at a time: what one person opening the page waits, without queueing. */
const SUMMARY_ALONE_SCENARIO: Scenario = {
  ...SUMMARY_SCENARIO,
  name: `${SUMMARY} (1 connection)`,
  connections: 1,
  floor: undefined,
};

/** POST /expenses, an equal split among `among` members, each with its own Idempotency-Key. */
function createScenario(among: number): Scenario {
  return {
    name: `POST /expenses (equal among ${among})`,
    connections: WRITE_CONNECTIONS,
    options: (base, group, random) => {
      const run = randomBytes(4).toString('hex');
      const today = new Date().toISOString().slice(0, 10);
      let n = 0;
      return {
        url: base,
        requests: [
          {
            method: 'POST',
            path: `${API}/expenses`,
            setupRequest: (request) => {
              const participants = random.someOf(group.memberIds, among);
              n += 1;
              return {
                ...request,
                headers: {
                  ...bearer(group),
                  'content-type': 'application/json',
                  'idempotency-key': `bench-${run}-${n}`,
                },
                body: JSON.stringify({
                  group_id: group.id,
                  description: `Bench create ${n}`,
                  amount_cents: random.between(100, 20_000),
                  date: today,
                  paid_by: random.pick(participants),
                  split: { type: 'equal', participants },
                }),
              };
            },
          },
        ],
      };
    },
  };
}

const CREATE_SCENARIOS = [createScenario(3), createScenario(MEMBERS)];

// ---------------------------------------------------------------------------------------------
// Running

interface Row extends Measured {
  engine: Engine;
  size: number;
  scenario: string;
  ofFloor: number | null;
  /** Answers with status 2xx a second. */
  okPerSecond: number;
}

interface SizeReport {
  size: number;
  seed: SeedReport;
  /** The ledger as the summary was loaded, and after the creates. */
  ledgerBefore: LedgerState;
  ledgerAfter?: LedgerState;
  /** What one read of the summary answered before the load. */
  summary?: { transfers: number; explainedExpenses: number };
}

interface EngineReport extends EngineOutcome {
  sizes: SizeReport[];
  groupSeconds?: number;
  serverLogLines?: number;
  loadAverage1m?: { before: number; after: number };
}

async function runScenario(
  engine: Engine,
  size: number,
  scenario: Scenario,
  server: Server,
  group: Group,
  random: Random,
  timing: { duration: number; warmup: number },
): Promise<Row> {
  checkInterrupted();
  const options = {
    ...scenario.options(server.base, group, random),
    connections: scenario.connections,
  };
  console.log(`[${engine} ${size}] ${scenario.name}: ${scenario.connections} connections`);
  const measured = await measure(
    options,
    timing,
    [server.child.pid!],
    engine === 'postgres' ? PG_BENCH_DB : null,
  );
  const ok = Object.entries(measured.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  if (measured.errors > 0 || ok !== measured.requests.total) {
    console.warn(
      `[${engine} ${size}] ${scenario.name}: ${measured.errors} errors, status codes ` +
        JSON.stringify(measured.statusCodes),
    );
  }
  return {
    engine,
    size,
    scenario: scenario.name,
    ofFloor: null,
    okPerSecond: round(ok / measured.durationSeconds, 1),
    ...measured,
  };
}

/** What measuring one size needs of its engine's run: the server and database, the group, the load. */
interface EngineRun {
  engine: Engine;
  env: Record<string, string>;
  group: Group;
  timing: { duration: number; warmup: number };
  seedRandom: Random;
  loadRandom: Random;
  rows: Row[];
  startServer(options?: { args: string[]; healthPath: string }): Promise<Server>;
  stopServer(): Promise<void>;
  withDatabase<T>(task: (db: Connection) => Promise<T>): Promise<T>;
}

/**
 * One ledger size: grow the ledger, check it, then the floor, the summary and the creates against
 * it, and check the ledger again.
 */
async function measureSize(run: EngineRun, size: number): Promise<SizeReport> {
  const { engine, group, timing, loadRandom } = run;
  console.log(`[${engine} ${size}] writing the ledger…`);
  const { seed, ledgerBefore, positions } = await run.withDatabase(async (db) => {
    const seed = await growLedger(db, group, size, run.seedRandom);
    return {
      seed,
      ledgerBefore: await checkLedger(db, group.id),
      positions: await readPositions(db, group.id),
    };
  });
  console.log(
    `[${engine} ${size}] ${seed.addedExpenses} expenses, ${seed.addedSplits} splits, ` +
      `${seed.addedPayments} payments in ${seed.seconds} s (+${seed.vacuumSeconds} s ` +
      `VACUUM ANALYZE); ${ledgerBefore.foreignExpenses} in another currency, ` +
      `${ledgerBefore.severalPayers} with two payers, ${ledgerBefore.inUnits} members in units; ` +
      `${ledgerBefore.openSplits} open splits, ${ledgerBefore.transfers} ` +
      `transfers, at most ${ledgerBefore.maxOpenSplitsPerTransfer} open splits behind one; ` +
      'the stored balances add up',
  );
  const sizeReport: SizeReport = { size, seed, ledgerBefore };
  const measure = (scenario: Scenario, server: Server) =>
    runScenario(engine, size, scenario, server, group, loadRandom, timing);

  const floorServer = await run.startServer({
    args: ['--import', 'tsx', 'bench/floor/server.ts'],
    healthPath: '/health',
  });
  const floor = await measure(FLOOR_SCENARIO, floorServer);
  run.rows.push(floor);
  await run.stopServer();

  const server = await run.startServer();
  sizeReport.summary = await checkSummary(server.base, group, positions);
  const summary = await measure(SUMMARY_SCENARIO, server);
  summary.ofFloor = round(summary.okPerSecond / floor.okPerSecond, 3);
  run.rows.push(summary, await measure(SUMMARY_ALONE_SCENARIO, server));
  for (const scenario of CREATE_SCENARIOS) run.rows.push(await measure(scenario, server));
  await run.stopServer();

  sizeReport.ledgerAfter = await run.withDatabase((db) => checkLedger(db, group.id));
  const created = run.rows
    .filter((row) => row.size === size && row.engine === engine)
    .filter((row) => row.scenario.startsWith('POST'))
    .reduce((sum, row) => sum + (row.statusCodes['201'] ?? 0), 0);
  // Warm-up creates count too: compare with what the ledger holds, at least the measured ones.
  const grown = sizeReport.ledgerAfter.expenses - ledgerBefore.expenses;
  if (grown < created) {
    throw new Error(`${created} creates answered 201 but the group grew by ${grown} expenses`);
  }
  console.log(
    `[${engine} ${size}] after the creates: ${sizeReport.ledgerAfter.expenses} expenses, ` +
      'the stored balances still add up',
  );
  return sizeReport;
}

async function benchEngine(
  engine: Engine,
  options: ReturnType<typeof parseCli>,
): Promise<{ report: EngineReport; rows: Row[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `household-bench-balances-${engine}-`));
  const report: EngineReport = { engine, status: 'ran', sizes: [] };
  const rows: Row[] = [];
  let createdDatabase = false;
  let server: Server | null = null;
  let logLines = 0;
  const loadBefore = round(os.loadavg()[0] ?? 0);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ...BENCH_LIMITS,
    ...NO_LOAD_SHEDDING,
  };
  const startApp = async (options?: { args: string[]; healthPath: string }) => {
    server = await startServer({ env, ...options });
    return server;
  };
  const stopApp = async () => {
    const current = server!;
    server = null;
    await stopServer(current);
    logLines += current.logLines();
    if (current.logLines() > 0) {
      console.warn(
        `[${engine}] the server logged ${current.logLines()} line(s):\n${current.logTail()}`,
      );
    }
  };
  try {
    if (engine === 'postgres') {
      env.DATABASE_URL = createBenchDatabase(PG_BENCH_DB);
      createdDatabase = true;
    }
    console.log(`[${engine}] starting the server, building a group of ${MEMBERS}…`);
    const groupStarted = performance.now();
    const group = await createGroup((await startApp()).base);
    report.groupSeconds = round((performance.now() - groupStarted) / 1000, 1);
    await stopApp();
    const run: EngineRun = {
      engine,
      env,
      group,
      timing: { duration: options.duration, warmup: options.warmup },
      // Two streams: the ledger written for a seed does not depend on how many requests were sent.
      seedRandom: randomSource(options.seed),
      loadRandom: randomSource(options.seed ^ 0x5bd1e995),
      rows,
      startServer: startApp,
      stopServer: stopApp,
      withDatabase: async (task) => {
        const db = await connect(engine, env);
        try {
          return await task(db);
        } finally {
          await db.close().catch(() => {});
        }
      },
    };
    for (const size of options.sizes) {
      checkInterrupted();
      report.sizes.push(await measureSize(run, size));
    }
    report.loadAverage1m = { before: loadBefore, after: round(os.loadavg()[0] ?? 0) };
  } catch (error) {
    recordFailure(report, error);
  } finally {
    if (server) await stopServer(server);
    report.serverLogLines = logLines;
    if (createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { report, rows };
}

function printResults(rows: Row[], reports: EngineReport[]) {
  console.log();
  console.log(
    table(
      [
        'engine',
        'expenses',
        'scenario',
        'req/s',
        'of floor',
        'p50 ms',
        'p99 ms',
        'bytes/req',
        'status codes',
        'CPU ms/req',
        'others, cores',
      ],
      rows.map((row) => [
        row.engine,
        row.size.toLocaleString('en'),
        row.scenario,
        row.okPerSecond.toFixed(1),
        row.ofFloor === null ? '' : `${Math.round(row.ofFloor * 100)} %`,
        String(row.latencyMs.p50),
        String(row.latencyMs.p99),
        String(row.bytesPerRequest),
        statusCell(row.statusCodes, row.errors),
        cpuPerRequest(row.cpu),
        otherCoresCell(row.cpu),
      ]),
      3,
    ),
  );
  console.log(
    '\nreq/s: answers with a 2xx status a second. CPU ms/req: the server process (+ its ' +
      'PostgreSQL backends).\nothers, cores: CPU used meanwhile by everything else on the machine.\n',
  );
  for (const report of reports) {
    if (report.status !== 'ran') {
      console.log(`${report.engine}: ${report.status} (${report.reason})`);
      continue;
    }
    for (const size of report.sizes) {
      const before = size.ledgerBefore;
      console.log(
        `${report.engine} ${size.size}: seeded in ${size.seed.seconds} s ` +
          `(+${size.seed.vacuumSeconds} s VACUUM ANALYZE); ${before.splits} splits ` +
          `(${before.openSplits} open), ${before.payments} payments, ${before.transfers} ` +
          `transfers, ≤ ${before.maxOpenSplitsPerTransfer} open splits behind one`,
      );
    }
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemoryMiB: Math.round(os.totalmem() / 2 ** 20),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

async function main() {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const startedAt = new Date();
  const reports: EngineReport[] = [];
  const rows: Row[] = [];
  for (const engine of options.engines) {
    if (isInterrupted()) break;
    const outcome = await benchEngine(engine, options);
    reports.push(outcome.report);
    rows.push(...outcome.rows);
  }
  printResults(rows, reports);
  if (isInterrupted()) {
    console.error('\ninterrupted: results not written');
    process.exit(130);
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        machine: machine(),
        options: {
          sizes: options.sizes,
          duration: options.duration,
          warmup: options.warmup,
          seed: options.seed,
          members: MEMBERS,
          readConnections: READ_CONNECTIONS,
          writeConnections: WRITE_CONNECTIONS,
        },
        engines: reports,
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten: ${path.relative(process.cwd(), RESULTS_FILE)}`);
  if (reports.some((report) => report.status === 'failed')) process.exit(1);
}

await main();
