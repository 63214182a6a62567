import type { ActivityVerb, RealtimeEvent } from '@household/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users, type ExpenseRow, type ExpenseSeriesRow, type SettlementRow } from '../../db/schema';
import { recordActivity } from '../groups/activity';

/** The realtime event of an expense change: to its group's members, or to its owner alone. */
export function expenseEvent(
  expense: Pick<ExpenseRow, 'id' | 'groupId' | 'createdBy' | 'listId' | 'version'>,
  action: RealtimeEvent['action'],
  actorId: number | null,
): RealtimeEvent {
  return {
    entity: 'expense',
    id: expense.id,
    action,
    list_id: expense.listId,
    group_id: expense.groupId,
    user_id: expense.groupId === null ? expense.createdBy : null,
    version: expense.version,
    actor: actorId,
  };
}

/** The realtime event of a recurring expense's change: to its group, or to its owner alone. */
export function seriesEvent(
  series: Pick<ExpenseSeriesRow, 'id' | 'groupId' | 'createdBy' | 'version'>,
  action: RealtimeEvent['action'],
  actorId: number,
): RealtimeEvent {
  return {
    entity: 'expense_series',
    id: series.id,
    action,
    list_id: null,
    group_id: series.groupId,
    user_id: series.groupId === null ? series.createdBy : null,
    version: series.version,
    actor: actorId,
  };
}

export function settlementEvent(
  settlement: Pick<SettlementRow, 'id' | 'groupId' | 'version'>,
  action: RealtimeEvent['action'],
  actorId: number,
): RealtimeEvent {
  return {
    entity: 'settlement',
    id: settlement.id,
    action,
    list_id: null,
    group_id: settlement.groupId,
    user_id: null,
    version: settlement.version,
    actor: actorId,
  };
}

/** The ledger keeps ids of deleted accounts; the activity log names only people who exist. */
async function existingPerson(tx: Tx, userId: number | undefined): Promise<number | null> {
  if (userId === undefined) return null;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

export interface ExpenseActivityOptions {
  expense: Pick<ExpenseRow, 'id' | 'groupId' | 'description' | 'amountCents' | 'currency'>;
  actorId: number | null;
  verb: ActivityVerb;
  subjectUserId?: number;
  /** Added to the expense's own details. */
  details?: Record<string, unknown>;
}

/** One activity entry for a change of a group expense (personal expenses have no log). */
export async function recordExpenseActivity(
  tx: Tx,
  { expense, actorId, verb, subjectUserId, details }: ExpenseActivityOptions,
) {
  if (expense.groupId === null) return;
  await recordActivity(tx, {
    groupId: expense.groupId,
    actorId,
    verb,
    subjectUserId: await existingPerson(tx, subjectUserId),
    details: {
      expense_id: expense.id,
      description: expense.description,
      amount_cents: expense.amountCents,
      currency: expense.currency,
      ...details,
    },
  });
}

export interface SettlementActivityOptions {
  settlement: Pick<SettlementRow, 'id' | 'groupId' | 'fromId' | 'toId' | 'amountCents'>;
  /** The group's currency: a settlement row does not carry it. */
  currency: string;
  actorId: number;
  verb: ActivityVerb;
}

/** One activity entry for a payment between two members: the subject is who received it. */
export async function recordSettlementActivity(
  tx: Tx,
  { settlement, currency, actorId, verb }: SettlementActivityOptions,
) {
  await recordActivity(tx, {
    groupId: settlement.groupId,
    actorId,
    verb,
    subjectUserId: await existingPerson(tx, settlement.toId),
    details: {
      settlement_id: settlement.id,
      from_id: settlement.fromId,
      to_id: settlement.toId,
      amount_cents: settlement.amountCents,
      currency,
    },
  });
}
