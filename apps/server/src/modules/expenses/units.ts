import type { GroupMember, GroupUnit } from '@household/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { groupMembers, groupUnits, type UserRow } from '../../db/schema';
import { notFound, validationFailed } from '../../http/problem';
import { groupEvent } from '../../realtime/events';
import { recordActivity } from '../groups/activity';
import { listMembers, listUnits } from '../groups/group-reads';
import { assertCan } from '../groups/groups.policy';
import { requireMembership } from '../groups/membership';
import { lockLedger, refreshSuggestions } from './ledger';

/**
 * Units and weights (docs/expenses.md "Units", "Weights"): owners and admins join members in a unit
 * that settles as one party, and set each member's default weight of "shares" splits. A change of
 * units changes the parties, so the suggested transfers are made afresh in its transaction, under
 * the ledger lock.
 */

/** The caller may manage members (403 otherwise, 404 for outsiders); the ledger is locked. */
async function lockForUnits(tx: Tx, groupId: number, actor: UserRow) {
  const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
  assertCan(role, 'manage_members');
  return lockLedger(tx, groupId);
}

/** Every id is a member of the group, in no unit but (when given) `unitId`. */
async function checkUnitMembers(
  tx: Tx,
  groupId: number,
  memberIds: readonly number[],
  unitId?: number,
) {
  const rows = await tx
    .select({ userId: groupMembers.userId, unitId: groupMembers.unitId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...memberIds])));
  const found = new Map(rows.map((row) => [row.userId, row.unitId]));
  for (const [index, id] of memberIds.entries()) {
    if (!found.has(id)) {
      throw validationFailed([
        {
          path: `member_ids.${index}`,
          code: 'not_a_member',
          message: 'Not a member of this group',
        },
      ]);
    }
    const current = found.get(id);
    if (current !== null && current !== unitId) {
      throw validationFailed([
        {
          path: `member_ids.${index}`,
          code: 'in_another_unit',
          message: 'This member is already in another unit',
        },
      ]);
    }
  }
}

async function requireUnit(tx: Tx, groupId: number, unitId: number) {
  const [unit] = await tx
    .select()
    .from(groupUnits)
    .where(and(eq(groupUnits.id, unitId), eq(groupUnits.groupId, groupId)));
  if (!unit) throw notFound('No such unit in this group');
  return unit;
}

async function presentedUnit(ctx: AppContext, groupId: number, unitId: number) {
  const units = await listUnits(ctx, ctx.db, groupId);
  return units.find((unit) => unit.id === unitId)!;
}

export async function getUnits(ctx: AppContext, actor: UserRow, groupId: number) {
  await requireMembership(ctx.db, groupId, actor.id);
  return listUnits(ctx, ctx.db, groupId);
}

export interface CreateUnitOptions {
  groupId: number;
  name: string;
  memberIds: readonly number[];
}

export async function createUnit(
  ctx: AppContext,
  actor: UserRow,
  { groupId, name, memberIds }: CreateUnitOptions,
): Promise<GroupUnit> {
  const unitId = await ctx.db.transaction(async (tx) => {
    const ledger = await lockForUnits(tx, groupId, actor);
    await checkUnitMembers(tx, groupId, memberIds);
    const [unit] = await tx.insert(groupUnits).values({ groupId, name }).returning();
    await tx
      .update(groupMembers)
      .set({ unitId: unit!.id })
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...memberIds])));
    await refreshSuggestions(tx, ledger, { afresh: true });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'unit_created',
      details: { name, member_ids: [...memberIds] },
    });
    return unit!.id;
  });
  await ctx.events.publish(groupEvent(groupId, 'updated', actor.id));
  return presentedUnit(ctx, groupId, unitId);
}

export interface UpdateUnitOptions {
  groupId: number;
  unitId: number;
  name?: string | undefined;
  memberIds?: readonly number[] | undefined;
}

/** Renames a unit or changes who is in it. */
export async function updateUnit(
  ctx: AppContext,
  actor: UserRow,
  { groupId, unitId, name, memberIds }: UpdateUnitOptions,
): Promise<GroupUnit> {
  await ctx.db.transaction(async (tx) => {
    const ledger = await lockForUnits(tx, groupId, actor);
    const unit = await requireUnit(tx, groupId, unitId);
    if (name !== undefined && name !== unit.name) {
      await tx.update(groupUnits).set({ name }).where(eq(groupUnits.id, unitId));
    }
    if (memberIds !== undefined) {
      await checkUnitMembers(tx, groupId, memberIds, unitId);
      await tx.update(groupMembers).set({ unitId: null }).where(eq(groupMembers.unitId, unitId));
      await tx
        .update(groupMembers)
        .set({ unitId })
        .where(
          and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...memberIds])),
        );
      await refreshSuggestions(tx, ledger, { afresh: true });
    }
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'unit_updated',
      details: { name: name ?? unit.name, from: unit.name, member_ids: memberIds ?? null },
    });
  });
  await ctx.events.publish(groupEvent(groupId, 'updated', actor.id));
  return presentedUnit(ctx, groupId, unitId);
}

/** Dissolves a unit: its members settle on their own again. */
export async function dissolveUnit(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  unitId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const ledger = await lockForUnits(tx, groupId, actor);
    const unit = await requireUnit(tx, groupId, unitId);
    await tx.update(groupMembers).set({ unitId: null }).where(eq(groupMembers.unitId, unitId));
    await tx.delete(groupUnits).where(eq(groupUnits.id, unitId));
    await refreshSuggestions(tx, ledger, { afresh: true });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'unit_deleted',
      details: { name: unit.name },
    });
  });
  await ctx.events.publish(groupEvent(groupId, 'updated', actor.id));
}

export interface SetWeightOptions {
  groupId: number;
  userId: number;
  shareWeight: number;
}

/** A member's default weight in "shares" splits, in percent. */
export async function setShareWeight(
  ctx: AppContext,
  actor: UserRow,
  { groupId, userId, shareWeight }: SetWeightOptions,
): Promise<GroupMember> {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'manage_members');
    const [row] = await tx
      .update(groupMembers)
      .set({ shareWeight })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
      .returning({ userId: groupMembers.userId });
    if (!row) throw notFound('No such member in this group');
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'member_weight_changed',
      subjectUserId: userId,
      details: { share_weight: shareWeight },
    });
  });
  await ctx.events.publish(groupEvent(groupId, 'updated', actor.id));
  const members = await listMembers(ctx, ctx.db, groupId);
  return members.find((member) => member.id === userId)!;
}
