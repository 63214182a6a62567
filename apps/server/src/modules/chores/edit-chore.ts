import type { Chore, ZCreateChoreBody, ZUpdateChoreBody } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { chores, type ChoreRow, type UserRow } from '../../db/schema';
import { AppError, validationFailed } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import {
  assertStrategyMembers,
  assignCurrentTurn,
  type StrategyOptions,
} from './assignment-strategy';
import { assignmentEvent, choreEvent, recordChoreChange, scopeOf } from './chore-changes';
import { presentChores } from './chores.presenter';
import { assertCanDeleteChore, requireVisibleChore, type VisibleChore } from './chores.policy';

type CreateBody = z.output<typeof ZCreateChoreBody>;
type UpdateBody = z.output<typeof ZUpdateChoreBody>;

export const staleChore = (current: Chore) =>
  new AppError(
    409,
    'conflict',
    'The chore was changed meanwhile; reload it and try again',
    undefined,
    undefined,
    { current },
  );

export interface LockChoreOptions {
  actor: UserRow;
  id: number;
  /** The version the change was based on. */
  version: number;
}

/** Locks a chore for a change and checks the version the change was based on. */
export async function lockChore(
  ctx: AppContext,
  tx: Tx,
  { actor, id, version }: LockChoreOptions,
): Promise<VisibleChore> {
  const visible = await requireVisibleChore(tx, id, actor, { lock: true });
  if (visible.chore.version !== version) {
    const [current] = await presentChores(tx, ctx.config, actor, [visible.chore]);
    throw staleChore(current!);
  }
  return visible;
}

/** The row values of a change: the next version, now. */
export const bumped = (chore: ChoreRow) => ({
  version: chore.version + 1,
  updatedAt: sql`now()`,
});

/** The strategy fields of a create or an edit, over what the chore had; checked whole. */
async function strategyOf(
  tx: Tx,
  groupId: number | null,
  body: Pick<CreateBody, 'assignment_strategy' | 'rotation_order' | 'assignee_id' | 'fair_window'>,
  before?: ChoreRow,
): Promise<StrategyOptions> {
  const options: StrategyOptions = {
    assignmentStrategy: body.assignment_strategy ?? before?.assignmentStrategy ?? 'least_effort',
    rotationOrder: [...new Set(body.rotation_order ?? before?.rotationOrder ?? [])],
    assigneeId: body.assignee_id === undefined ? (before?.assigneeId ?? null) : body.assignee_id,
    fairWindow: body.fair_window === undefined ? (before?.fairWindow ?? null) : body.fair_window,
  };
  const touched = [
    body.assignment_strategy,
    body.rotation_order,
    body.assignee_id,
    body.fair_window,
  ].some((value) => value !== undefined);
  if (!touched) return options;
  if (groupId === null) {
    throw validationFailed([
      {
        path: 'assignment_strategy',
        code: 'invalid',
        message: 'Only a group chore hands out turns',
      },
    ]);
  }
  if (options.assignmentStrategy === 'fixed_rotation' && options.rotationOrder.length === 0) {
    throw validationFailed([
      { path: 'rotation_order', code: 'required', message: 'Put at least one member in the order' },
    ]);
  }
  if (options.assignmentStrategy === 'same_person' && options.assigneeId === null) {
    throw validationFailed([
      { path: 'assignee_id', code: 'required', message: 'Please choose who does it' },
    ]);
  }
  await assertStrategyMembers(tx, groupId, options);
  return options;
}

/** When the next turn is due (docs/chores.md "When the next one is due"), over what it had. */
function dueFieldsOf(
  body: Pick<CreateBody, 'due_rule' | 'completion_window_days' | 'skip_policy'>,
  before?: ChoreRow,
): Pick<ChoreRow, 'dueRule' | 'completionWindowDays' | 'skipPolicy'> {
  return {
    dueRule: body.due_rule ?? before?.dueRule ?? 'due_date',
    completionWindowDays:
      body.completion_window_days === undefined
        ? (before?.completionWindowDays ?? null)
        : body.completion_window_days,
    skipPolicy: body.skip_policy ?? before?.skipPolicy ?? 'next_person',
  };
}

export async function createChore(ctx: AppContext, actor: UserRow, body: CreateBody) {
  const groupId = body.type === 'group' ? (body.group_id ?? null) : null;
  const result = await ctx.db.transaction(async (tx) => {
    if (groupId !== null) await requireMembership(tx, groupId, actor.id);
    const strategy = await strategyOf(tx, groupId, body);
    const [chore] = await tx
      .insert(chores)
      .values({
        groupId,
        ownerId: groupId === null ? actor.id : null,
        createdBy: actor.id,
        name: body.name,
        description: body.description,
        frequency: body.frequency,
        intervalDays: body.frequency === 'custom' ? (body.interval_days ?? null) : null,
        dueDate: body.due_date,
        anchorDate: body.due_date,
        effort: body.effort,
        ...strategy,
        ...dueFieldsOf(body),
      })
      .returning();
    await recordChoreChange(tx, chore!, scopeOf(chore!), {
      action: 'created',
      actorId: actor.id,
      details: { due_date: chore!.dueDate, frequency: chore!.frequency },
    });
    // A chosen strategy hands out the first turn at once.
    const first =
      body.assignment_strategy === undefined ? null : await assignCurrentTurn(tx, chore!, actor.id);
    return { chore: chore!, first };
  });
  const { first } = result;
  const created = result.chore;
  await ctx.events.publish(choreEvent(created, 'created', actor.id));
  if (first) await ctx.events.publish(assignmentEvent(first, 'created', actor.id));
  const [presented] = await presentChores(ctx.db, ctx.config, actor, [created]);
  return presented!;
}

/** What an edit changes, field by field, for the history: `{ name: { from, to } }`. */
function changesOf(chore: ChoreRow, body: UpdateBody) {
  const before: Record<string, unknown> = {
    name: chore.name,
    description: chore.description,
    frequency: chore.frequency,
    interval_days: chore.intervalDays,
    due_date: chore.dueDate,
    effort: chore.effort,
    assignment_strategy: chore.assignmentStrategy,
    rotation_order: chore.rotationOrder,
    assignee_id: chore.assigneeId,
    fair_window: chore.fairWindow,
    due_rule: chore.dueRule,
    completion_window_days: chore.completionWindowDays,
    skip_policy: chore.skipPolicy,
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'version' || value === undefined || !(field in before)) continue;
    const same = Array.isArray(value)
      ? JSON.stringify(before[field]) === JSON.stringify(value)
      : before[field] === value;
    if (!same) changes[field] = { from: before[field], to: value };
  }
  return changes;
}

export async function updateChore(ctx: AppContext, actor: UserRow, id: number, body: UpdateBody) {
  const result = await ctx.db.transaction(async (tx) => {
    const { chore } = await lockChore(ctx, tx, { actor, id, version: body.version });
    const changes = changesOf(chore, body);
    if (Object.keys(changes).length === 0) return null;
    const strategy = await strategyOf(tx, chore.groupId, body, chore);
    const frequency = body.frequency ?? chore.frequency;
    const intervalDays =
      frequency === 'custom' ? (body.interval_days ?? chore.intervalDays ?? 1) : null;
    // A due date set by a person is the new anchor of the recurrence.
    const dueDate = body.due_date ?? chore.dueDate;
    const [row] = await tx
      .update(chores)
      .set({
        name: body.name ?? chore.name,
        description: body.description ?? chore.description,
        frequency,
        intervalDays,
        dueDate,
        anchorDate:
          body.due_date !== undefined || body.frequency !== undefined ? dueDate : chore.anchorDate,
        effort: body.effort ?? chore.effort,
        ...strategy,
        ...dueFieldsOf(body, chore),
        ...bumped(chore),
      })
      .where(eq(chores.id, id))
      .returning();
    await recordChoreChange(tx, row!, scopeOf(row!), {
      action: 'updated',
      actorId: actor.id,
      details: { changes },
    });
    // A newly chosen strategy gives the current turn, if nobody has it yet.
    const first =
      'assignment_strategy' in changes ? await assignCurrentTurn(tx, row!, actor.id) : null;
    return { row: row!, first };
  });
  if (result) {
    await ctx.events.publish(choreEvent(result.row, 'updated', actor.id));
    if (result.first) await ctx.events.publish(assignmentEvent(result.first, 'created', actor.id));
  }
  const { chore } = await requireVisibleChore(ctx.db, id, actor);
  const [presented] = await presentChores(ctx.db, ctx.config, actor, [chore]);
  return presented!;
}

export async function deleteChore(ctx: AppContext, actor: UserRow, id: number, version: number) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const visible = await lockChore(ctx, tx, { actor, id, version });
    assertCanDeleteChore(visible, actor.id);
    const { chore } = visible;
    await recordChoreChange(tx, chore, scopeOf(chore), { action: 'deleted', actorId: actor.id });
    await tx.delete(chores).where(eq(chores.id, id));
    return chore;
  });
  await ctx.events.publish(choreEvent(deleted, 'deleted', actor.id));
}
