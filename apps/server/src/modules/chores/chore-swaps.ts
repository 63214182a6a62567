import type {
  ChoreSwap,
  ChoreSwapList,
  ChoreSwapStatus,
  RealtimeEvent,
  ZCreateChoreSwapBody,
} from '@household/contracts';
import {
  acceptedTurn,
  swapAnswerProblem,
  swapAskProblem,
  type SwapAnswer,
} from '@household/domain';
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  choreAssignments,
  chores,
  choreSwaps,
  type ChoreAssignmentRow,
  type ChoreSwapRow,
  type UserRow,
} from '../../db/schema';
import { AppError, forbidden, notFound, validationFailed } from '../../http/problem';
import { findMembership, requireMembership } from '../groups/membership';
import { notifySwapAnswered, notifySwapRequested } from '../notifications/fan-out';
import { People } from '../people/people';
import { assignmentEvent, recordChoreChange, scopeOf } from './chore-changes';
import { requireVisibleAssignment, type VisibleAssignment } from './chores.policy';

/*
 * Swaps of chore turns (issue 27 §3, docs/chores.md "Swaps"). The rules are the domain's
 * (chore-swaps.ts); this file reads the rows, applies them in one transaction and tells people.
 */

type CreateBody = z.output<typeof ZCreateChoreSwapBody>;

/** How many swaps a group's list shows: a household has a handful waiting at a time. */
const SWAP_LIST_MAX = 100;

const swapNotFound = () => notFound('No such swap');

const iso = (date: Date) => date.toISOString();

function swapEvent(swap: ChoreSwapRow, action: RealtimeEvent['action'], actorId: number) {
  return {
    entity: 'chore_swap',
    id: swap.id,
    action,
    list_id: null,
    group_id: swap.groupId,
    user_id: null,
    version: swap.version,
    actor: actorId,
  } satisfies RealtimeEvent;
}

async function presentSwaps(
  ctx: AppContext,
  db: DbOrTx,
  where: SQL | undefined,
): Promise<ChoreSwap[]> {
  const rows = await db
    .select({ swap: choreSwaps, choreName: chores.name, dueDate: choreAssignments.dueDate })
    .from(choreSwaps)
    .innerJoin(chores, eq(chores.id, choreSwaps.choreId))
    .innerJoin(choreAssignments, eq(choreAssignments.id, choreSwaps.assignmentId))
    .where(where)
    .orderBy(desc(choreSwaps.id))
    .limit(SWAP_LIST_MAX);
  const people = await People.load(
    db,
    ctx.config,
    rows.flatMap(({ swap }) => [swap.requestedBy, swap.requestedOf]),
  );
  return rows.map(({ swap, choreName, dueDate }) => ({
    id: swap.id,
    group_id: swap.groupId,
    chore_id: swap.choreId,
    chore_name: choreName,
    assignment_id: swap.assignmentId,
    due_date: dueDate,
    requested_by: people.ref(swap.requestedBy),
    requested_of: people.ref(swap.requestedOf),
    status: swap.status,
    note: swap.note,
    answered_at: swap.answeredAt === null ? null : iso(swap.answeredAt),
    created_at: iso(swap.createdAt),
    version: swap.version,
  }));
}

async function presentOne(ctx: AppContext, db: DbOrTx, id: number): Promise<ChoreSwap> {
  const [presented] = await presentSwaps(ctx, db, eq(choreSwaps.id, id));
  return presented!;
}

const turnOf = (assignment: ChoreAssignmentRow) => ({
  userId: assignment.userId,
  forUserId: assignment.forUserId,
  completed: assignment.completedOn !== null,
});

/** POST /chores/assignments/{id}/swaps: the holder of an open turn asks another member. */
export async function askSwap(
  ctx: AppContext,
  actor: UserRow,
  assignmentId: number,
  body: CreateBody,
): Promise<ChoreSwap> {
  const created = await ctx.db.transaction(async (tx) => {
    const { chore, assignment } = await requireVisibleAssignment(tx, assignmentId, actor, {
      lock: true,
    });
    const toIsMember =
      chore.groupId !== null && (await findMembership(tx, chore.groupId, body.to_user_id)) !== null;
    const problem = swapAskProblem(turnOf(assignment), actor.id, body.to_user_id, toIsMember);
    if (problem === 'not_your_turn') throw forbidden('Only who has the turn may ask to swap it');
    if (problem === 'turn_done') {
      throw new AppError(409, 'already_done', 'The assignment is done already');
    }
    if (problem !== null) {
      throw validationFailed([
        {
          path: 'to_user_id',
          code: problem,
          message: 'Ask another member of the group to take the turn',
        },
      ]);
    }
    // A request left waiting by someone who no longer holds the turn (it was handed on since)
    // can never be accepted: it is closed, so that it does not block the holder's own request.
    await tx
      .update(choreSwaps)
      .set({ status: 'cancelled', answeredAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(choreSwaps.assignmentId, assignment.id),
          eq(choreSwaps.status, 'pending'),
          ne(choreSwaps.requestedBy, actor.id),
        ),
      );
    const [swap] = await tx
      .insert(choreSwaps)
      .values({
        groupId: chore.groupId!,
        choreId: chore.id,
        assignmentId: assignment.id,
        requestedBy: actor.id,
        requestedOf: body.to_user_id,
        note: body.note,
      })
      .onConflictDoNothing()
      .returning();
    if (!swap) {
      throw new AppError(409, 'swap_pending', 'A swap of this turn is waiting for an answer');
    }
    await recordChoreChange(tx, chore, scopeOf(chore), {
      action: 'swap_requested',
      actorId: actor.id,
      subjectUserId: body.to_user_id,
      details: { assignment_id: assignment.id, swap_id: swap.id, due_date: assignment.dueDate },
    });
    await notifySwapRequested(tx, chore, swap, assignment.dueDate);
    return swap;
  });
  await ctx.events.publish(swapEvent(created, 'created', actor.id));
  return presentOne(ctx, ctx.db, created.id);
}

/** The swap, its turn locked (chore, then assignment, then the swap), for a member of its group. */
async function lockSwap(
  tx: Tx,
  actor: UserRow,
  id: number,
): Promise<{ swap: ChoreSwapRow; visible: VisibleAssignment }> {
  const [found] = await tx.select().from(choreSwaps).where(eq(choreSwaps.id, id));
  if (!found || (await findMembership(tx, found.groupId, actor.id)) === null) {
    throw swapNotFound();
  }
  const visible = await requireVisibleAssignment(tx, found.assignmentId, actor, {
    lock: true,
  }).catch(() => {
    throw swapNotFound();
  });
  const [swap] = await tx.select().from(choreSwaps).where(eq(choreSwaps.id, id)).for('update');
  if (!swap) throw swapNotFound();
  return { swap, visible };
}

const STATUS_OF: Record<SwapAnswer, ChoreSwapStatus> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
};

const HISTORY_OF = {
  accept: 'swap_accepted',
  decline: 'swap_declined',
  cancel: 'swap_cancelled',
} as const;

/**
 * POST /chore-swaps/{id}/accept, /decline, /cancel. An accept gives the turn to the one asked,
 * done for whose turn it first was; all in one transaction with its history and notification.
 */
export async function answerSwap(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  answer: SwapAnswer,
  version: number,
): Promise<ChoreSwap> {
  const result = await ctx.db.transaction(async (tx) => {
    const { swap, visible } = await lockSwap(tx, actor, id);
    const { chore, assignment } = visible;
    if (swap.version !== version) {
      throw new AppError(
        409,
        'conflict',
        'The swap was changed meanwhile; reload it and try again',
        undefined,
        undefined,
        { current: await presentOne(ctx, tx, swap.id) },
      );
    }
    const problem = swapAnswerProblem(swap, turnOf(assignment), actor.id, answer);
    if (problem === 'forbidden') {
      throw forbidden(
        answer === 'cancel'
          ? 'Only who asked may cancel a swap'
          : 'Only the member asked may accept or decline a swap',
      );
    }
    if (problem === 'not_pending') {
      throw new AppError(409, 'swap_answered', 'The swap was answered already');
    }
    if (problem === 'outdated') {
      throw new AppError(409, 'swap_outdated', 'The turn was done or handed on since the ask');
    }
    const [answered] = await tx
      .update(choreSwaps)
      .set({
        status: STATUS_OF[answer],
        answeredAt: sql`now()`,
        updatedAt: sql`now()`,
        version: swap.version + 1,
      })
      .where(eq(choreSwaps.id, swap.id))
      .returning();
    let moved: ChoreAssignmentRow | null = null;
    if (answer === 'accept') {
      const turn = acceptedTurn(assignment, swap);
      const [row] = await tx
        .update(choreAssignments)
        .set({ ...turn, version: assignment.version + 1, updatedAt: sql`now()` })
        .where(eq(choreAssignments.id, assignment.id))
        .returning();
      moved = row!;
    }
    await recordChoreChange(tx, chore, scopeOf(chore), {
      action: HISTORY_OF[answer],
      actorId: actor.id,
      // Who the answer is about: the other person of the swap.
      subjectUserId: answer === 'cancel' ? swap.requestedOf : swap.requestedBy,
      details: {
        assignment_id: assignment.id,
        swap_id: swap.id,
        due_date: assignment.dueDate,
        ...(moved ? { for_user_id: moved.forUserId } : {}),
      },
    });
    if (answer !== 'cancel') {
      await notifySwapAnswered(tx, chore, answered!, assignment.dueDate);
    }
    return { swap: answered!, moved };
  });
  await ctx.events.publish(swapEvent(result.swap, 'updated', actor.id));
  if (result.moved) {
    await ctx.events.publish(assignmentEvent(result.moved, 'updated', actor.id));
  }
  return presentOne(ctx, ctx.db, result.swap.id);
}

/** GET /groups/{id}/chore-swaps: the group's swaps, newest first, for its members. */
export async function listGroupSwaps(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  status: ChoreSwapStatus | undefined,
): Promise<ChoreSwapList> {
  await requireMembership(ctx.db, groupId, actor.id);
  const where = and(
    eq(choreSwaps.groupId, groupId),
    status === undefined ? undefined : eq(choreSwaps.status, status),
  );
  return { items: await presentSwaps(ctx, ctx.db, where) };
}

/**
 * GET /chore-swaps: the waiting requests I was asked and the ones I asked, in every group I am
 * still a member of: what the chores page shows as "Swap requests".
 */
export async function listMySwaps(ctx: AppContext, actor: UserRow): Promise<ChoreSwapList> {
  const where = and(
    eq(choreSwaps.status, 'pending'),
    or(eq(choreSwaps.requestedOf, actor.id), eq(choreSwaps.requestedBy, actor.id)),
    sql`exists (select 1 from group_members gm where gm.group_id = ${choreSwaps.groupId} and gm.user_id = ${actor.id})`,
  );
  return { items: await presentSwaps(ctx, ctx.db, where) };
}
