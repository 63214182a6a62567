import type {
  CreateExchangeRateBody,
  ExchangeRate,
  GroupExchangeRates,
  RealtimeEvent,
} from '@household/contracts';
import { EXCHANGE_RATE_HISTORY_MAX } from '@household/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { groupExchangeRates, type GroupExchangeRateRow, type UserRow } from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';
import { todayInZone } from './series-dates';

/**
 * A group's exchange rates (docs/expenses.md "Currencies"): set by its members, never fetched.
 * The latest of a currency (by date, then by when it was set) is proposed for the next expense
 * in it; an expense keeps the rate it was saved with.
 */

/** The latest rate the group set for a currency, or null. */
export async function latestRate(
  db: DbOrTx,
  groupId: number,
  currency: string,
): Promise<GroupExchangeRateRow | null> {
  const [row] = await db
    .select()
    .from(groupExchangeRates)
    .where(and(eq(groupExchangeRates.groupId, groupId), eq(groupExchangeRates.currency, currency)))
    .orderBy(desc(groupExchangeRates.date), desc(groupExchangeRates.id))
    .limit(1);
  return row ?? null;
}

export interface RecordRateOptions {
  groupId: number;
  currency: string;
  rate: string;
  date: string;
  createdBy: number | null;
}

/**
 * Writes a rate in the caller's transaction. A rate an expense was saved with is recorded too,
 * so that the next expense is proposed the last one used; the same rate again on a date no later
 * than the latest adds nothing (the list would only repeat itself).
 */
export async function recordRate(
  tx: Tx,
  options: RecordRateOptions,
  { skipRepeat = false }: { skipRepeat?: boolean } = {},
): Promise<GroupExchangeRateRow | null> {
  if (skipRepeat) {
    const latest = await latestRate(tx, options.groupId, options.currency);
    if (latest && sameRate(latest.rate, options.rate) && latest.date >= options.date) return null;
  }
  const [row] = await tx.insert(groupExchangeRates).values(options).returning();
  return row!;
}

/** "0.50" and "0.5" are the same rate. */
export function sameRate(a: string, b: string): boolean {
  const normal = (text: string) => {
    const [whole = '', fraction = ''] = text.split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '')}`;
  };
  return normal(a) === normal(b);
}

/** The realtime event of a rate set in a group: its members' rate lists and forms refresh. */
export function exchangeRateEvent(row: GroupExchangeRateRow, actorId: number): RealtimeEvent {
  return {
    entity: 'exchange_rate',
    id: row.id,
    action: 'created',
    list_id: null,
    group_id: row.groupId,
    user_id: null,
    version: null,
    actor: actorId,
  };
}

async function presentRates(
  db: DbOrTx,
  config: Pick<Config, 'publicApiUrl'>,
  rows: readonly GroupExchangeRateRow[],
): Promise<ExchangeRate[]> {
  const people = await People.load(
    db,
    config,
    rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy])),
  );
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    rate: row.rate,
    date: row.date,
    created_by: people.refOrNull(row.createdBy),
    created_at: row.createdAt.toISOString(),
  }));
}

/** GET /groups/{id}/exchange-rates: members only (404 for anyone else). */
export async function listExchangeRates(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<GroupExchangeRates> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const latest = await ctx.db
    .selectDistinctOn([groupExchangeRates.currency])
    .from(groupExchangeRates)
    .where(eq(groupExchangeRates.groupId, groupId))
    .orderBy(
      groupExchangeRates.currency,
      desc(groupExchangeRates.date),
      desc(groupExchangeRates.id),
    );
  const history = await ctx.db
    .select()
    .from(groupExchangeRates)
    .where(eq(groupExchangeRates.groupId, groupId))
    .orderBy(desc(groupExchangeRates.id))
    .limit(EXCHANGE_RATE_HISTORY_MAX);
  return {
    group_id: groupId,
    currency: group.currency,
    latest: await presentRates(ctx.db, ctx.config, latest),
    history: await presentRates(ctx.db, ctx.config, history),
  };
}

/** POST /groups/{id}/exchange-rates: any member sets a rate from a date (today by default). */
export async function addExchangeRate(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: CreateExchangeRateBody,
): Promise<ExchangeRate> {
  const row = await ctx.db.transaction(async (tx) => {
    const { group } = await requireMembership(tx, groupId, actor.id);
    if (body.currency === group.currency) {
      throw validationFailed([
        {
          path: 'currency',
          code: 'home_currency',
          message: `${group.currency} is the group's own currency: it needs no rate`,
        },
      ]);
    }
    return (await recordRate(tx, {
      groupId,
      currency: body.currency,
      rate: body.rate,
      date: body.date ?? todayInZone(group.timeZone, new Date()),
      createdBy: actor.id,
    }))!;
  });
  await ctx.events.publish(exchangeRateEvent(row, actor.id));
  const [presented] = await presentRates(ctx.db, ctx.config, [row]);
  return presented!;
}
