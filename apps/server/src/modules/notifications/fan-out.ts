import type { Share } from '@household/domain';
import type { Tx } from '../../db/client';
import type {
  ChoreAssignmentRow,
  ChoreRow,
  ChoreSwapRow,
  ExpenseRow,
  ExpenseSeriesRow,
  SettlementRow,
} from '../../db/schema';
import { notify, personName } from './record';

/*
 * Who is told of which change (docs/notifications.md "What is sent when"). Each is called in the
 * change's transaction; the person who made the change is never told of it.
 */

/** An occurrence given to someone by someone else. */
export async function notifyAssigned(
  tx: Tx,
  chore: Pick<ChoreRow, 'name' | 'groupId'>,
  assignment: Pick<ChoreAssignmentRow, 'userId' | 'dueDate'>,
  actorId: number,
): Promise<void> {
  if (chore.groupId === null) return;
  await notify(tx, [assignment.userId], actorId, {
    kind: 'chore_assigned',
    groupId: chore.groupId,
    data: { chore_name: chore.name, due_date: assignment.dueDate, count: 1 },
    link: `/groups/${chore.groupId}/chores`,
  });
}

export interface ScheduledOptions {
  groupId: number;
  actorId: number;
  /** The assignments the schedule created. */
  rows: readonly { choreId: number; userId: number; dueDate: string }[];
  /** The chores of those assignments, for their names. */
  chores: readonly Pick<ChoreRow, 'id' | 'name'>[];
}

/** A generated schedule: one notification per member, with how many occurrences they got. */
export async function notifyScheduled(
  tx: Tx,
  { groupId, actorId, rows, chores }: ScheduledOptions,
): Promise<void> {
  const names = new Map(chores.map((chore) => [chore.id, chore.name]));
  const byUser = new Map<number, { choreId: number; dueDate: string }[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const [userId, own] of byUser) {
    const first = [...own].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0]!;
    await notify(tx, [userId], actorId, {
      kind: 'chore_assigned',
      groupId,
      data: {
        chore_name: names.get(first.choreId) ?? '',
        due_date: first.dueDate,
        count: own.length,
      },
      link: `/groups/${groupId}/chores`,
    });
  }
}

/** A group expense: for those who paid or share in it. */
export async function notifyExpense(
  tx: Tx,
  expense: ExpenseRow,
  shares: readonly Share[],
  actorId: number | null,
): Promise<void> {
  if (expense.groupId === null) return;
  const involved = [
    expense.paidBy,
    ...(expense.payers ?? []).map((payer) => payer.user_id),
    ...shares.filter((share) => share.amountCents !== 0).map((share) => share.userId),
  ];
  await notify(tx, involved, actorId, {
    kind: 'expense_added',
    groupId: expense.groupId,
    data: {
      expense_description: expense.description,
      amount_cents: expense.amountCents,
      currency: expense.currency,
      payer_name: await personName(tx, expense.paidBy),
    },
    link: `/groups/${expense.groupId}/expenses`,
  });
}

/**
 * A variable bill's occurrence waits for its amount (docs/expenses.md "Recurring bills"): for its
 * payer, who knows it; it counts in no balance until then.
 */
export async function notifyBillAmountNeeded(
  tx: Tx,
  series: Pick<ExpenseSeriesRow, 'id' | 'groupId' | 'paidBy' | 'description'>,
  date: string,
  actorId: number | null,
): Promise<void> {
  await notify(tx, [series.paidBy], actorId, {
    kind: 'bill_amount_needed',
    groupId: series.groupId,
    data: { expense_description: series.description, due_date: date, series_id: series.id },
    link: series.groupId === null ? '/expenses' : `/groups/${series.groupId}/expenses`,
  });
}

/** A payment recorded: for the person it was paid to. */
export async function notifySettlement(
  tx: Tx,
  settlement: SettlementRow,
  currency: string,
  actorId: number,
): Promise<void> {
  await notify(tx, [settlement.toId], actorId, {
    kind: 'settlement_received',
    groupId: settlement.groupId,
    data: {
      amount_cents: settlement.amountCents,
      currency,
      payer_name: await personName(tx, settlement.fromId),
    },
    link: `/groups/${settlement.groupId}/expenses`,
  });
}

/** A personal invitation to a group: for the invitee (the groups page lists it). */
export async function notifyInvitation(
  tx: Tx,
  groupId: number,
  inviteeId: number,
  actorId: number,
): Promise<void> {
  await notify(tx, [inviteeId], actorId, {
    kind: 'invitation',
    groupId,
    data: {},
    link: '/groups',
  });
}

/** Someone keeps failing to sign in to this account (docs/decisions.md "Failed logins"). */
export async function notifySignInAttempts(tx: Tx, userId: number, count: number): Promise<void> {
  await notify(tx, [userId], null, {
    kind: 'sign_in_attempts',
    groupId: null,
    data: { count },
    link: '/account',
  });
}

/** Someone asks a housemate to take their chore turn: for the one asked (issue 27 §3). */
export async function notifySwapRequested(
  tx: Tx,
  chore: Pick<ChoreRow, 'name'>,
  swap: Pick<ChoreSwapRow, 'groupId' | 'requestedBy' | 'requestedOf' | 'note'>,
  dueDate: string,
): Promise<void> {
  await notify(tx, [swap.requestedOf], swap.requestedBy, {
    kind: 'chore_swap_requested',
    groupId: swap.groupId,
    data: { chore_name: chore.name, due_date: dueDate, note: swap.note },
    link: `/groups/${swap.groupId}/chores`,
  });
}

/** A swap accepted or declined (`data.answer`): for who asked. */
export async function notifySwapAnswered(
  tx: Tx,
  chore: Pick<ChoreRow, 'name'>,
  swap: Pick<ChoreSwapRow, 'groupId' | 'requestedBy' | 'requestedOf' | 'status'>,
  dueDate: string,
): Promise<void> {
  await notify(tx, [swap.requestedBy], swap.requestedOf, {
    kind: 'chore_swap_answered',
    groupId: swap.groupId,
    data: { chore_name: chore.name, due_date: dueDate, answer: swap.status },
    link: `/groups/${swap.groupId}/chores`,
  });
}
