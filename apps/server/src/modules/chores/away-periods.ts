import type { MemberAwayPeriod, ZCreateAwayPeriodBody } from '@household/contracts';
import { todayIn } from '@household/domain';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  groupMembers,
  memberAwayPeriods,
  type MemberAwayPeriodRow,
  type UserRow,
} from '../../db/schema';
import { forbidden, notFound, validationFailed } from '../../http/problem';
import { recordActivity } from '../groups/activity';
import { requireMembership, type Membership } from '../groups/membership';
import { People } from '../people/people';

/**
 * Stored away periods (docs/chores.md "Away periods"): who is away from the household when. Every
 * strategy passes them over, and the schedule generator plans around them.
 *
 * Who may: any member sees the group's; a member marks themselves away, an admin or owner anyone;
 * a period is removed by its person, who marked it, or an admin or owner. Outsiders get 404.
 */

type CreateBody = z.output<typeof ZCreateAwayPeriodBody>;

const isManager = (membership: Membership) =>
  membership.role === 'owner' || membership.role === 'admin';

export const awayPeriodNotFound = () => notFound('No such away period');

function presentAwayPeriod(row: MemberAwayPeriodRow, people: People): MemberAwayPeriod {
  return {
    id: row.id,
    group_id: row.groupId,
    user: people.ref(row.userId),
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The stored periods of these groups that end on or after `from`, as the domain's periods. */
export async function storedAwayPeriods(db: DbOrTx, groupIds: readonly number[], from: string) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      groupId: memberAwayPeriods.groupId,
      userId: memberAwayPeriods.userId,
      from: memberAwayPeriods.startsOn,
      to: memberAwayPeriods.endsOn,
    })
    .from(memberAwayPeriods)
    .where(
      and(inArray(memberAwayPeriods.groupId, [...groupIds]), gte(memberAwayPeriods.endsOn, from)),
    );
  return rows;
}

/** The group's current and future away periods (ending today or later), soonest first. */
export async function listAwayPeriods(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<MemberAwayPeriod[]> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const rows = await ctx.db
    .select()
    .from(memberAwayPeriods)
    .where(
      and(
        eq(memberAwayPeriods.groupId, groupId),
        gte(memberAwayPeriods.endsOn, todayIn(group.timeZone)),
      ),
    )
    .orderBy(
      asc(memberAwayPeriods.startsOn),
      asc(memberAwayPeriods.endsOn),
      asc(memberAwayPeriods.id),
    );
  const people = await People.load(
    ctx.db,
    ctx.config,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => presentAwayPeriod(row, people));
}

export async function createAwayPeriod(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: CreateBody,
): Promise<MemberAwayPeriod> {
  const row = await ctx.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, groupId, actor.id);
    const userId = body.user_id ?? actor.id;
    if (userId !== actor.id && !isManager(membership)) {
      throw forbidden('Only a group admin may mark someone else away');
    }
    const [member] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!member) {
      throw validationFailed([
        { path: 'user_id', code: 'not_a_member', message: 'Only members of the group can be away' },
      ]);
    }
    const [created] = await tx
      .insert(memberAwayPeriods)
      .values({
        groupId,
        userId,
        startsOn: body.starts_on,
        endsOn: body.ends_on,
        createdBy: actor.id,
      })
      .returning();
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'away_period_added',
      subjectUserId: userId,
      details: { away_period_id: created!.id, starts_on: body.starts_on, ends_on: body.ends_on },
    });
    return created!;
  });
  await ctx.events.publish(awayPeriodEvent(row, 'created', actor.id));
  const people = await People.load(ctx.db, ctx.config, [row.userId]);
  return presentAwayPeriod(row, people);
}

export async function deleteAwayPeriod(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  periodId: number,
): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, groupId, actor.id);
    const [period] = await tx
      .select()
      .from(memberAwayPeriods)
      .where(and(eq(memberAwayPeriods.id, periodId), eq(memberAwayPeriods.groupId, groupId)))
      .for('update');
    if (!period) throw awayPeriodNotFound();
    if (period.userId !== actor.id && period.createdBy !== actor.id && !isManager(membership)) {
      throw forbidden('Only the person away, who marked it, or a group admin may remove it');
    }
    await tx.delete(memberAwayPeriods).where(eq(memberAwayPeriods.id, periodId));
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'away_period_removed',
      subjectUserId: period.userId,
      details: { away_period_id: period.id, starts_on: period.startsOn, ends_on: period.endsOn },
    });
    return period;
  });
  await ctx.events.publish(awayPeriodEvent(row, 'deleted', actor.id));
}

function awayPeriodEvent(row: MemberAwayPeriodRow, action: 'created' | 'deleted', actorId: number) {
  return {
    entity: 'away_period' as const,
    id: row.id,
    action,
    list_id: null,
    group_id: row.groupId,
    user_id: null,
    version: null,
    actor: actorId,
  };
}
