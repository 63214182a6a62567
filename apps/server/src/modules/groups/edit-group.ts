import type {
  CreateGroupBody,
  Group,
  GroupSettings,
  UpdateGroupBody,
  UpdateGroupSettingsBody,
} from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { groupMembers, groups, type GroupRow, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { groupEvent, membershipEvent } from '../../realtime/events';
import { recordActivity } from './activity';
import { getGroup } from './group-reads';
import { assertCan } from './groups.policy';
import { requireMembership } from './membership';

export async function createGroup(
  ctx: AppContext,
  actor: UserRow,
  body: CreateGroupBody,
): Promise<Group> {
  const groupId = await ctx.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({
        name: body.name,
        description: body.description ?? '',
        currency: body.currency ?? actor.currency,
        timeZone: actor.timezone,
        createdBy: actor.id,
      })
      .returning();
    const id = group!.id;
    await tx.insert(groupMembers).values({ groupId: id, userId: actor.id, role: 'owner' });
    await recordActivity(tx, {
      groupId: id,
      actorId: actor.id,
      verb: 'group_created',
      details: { name: body.name },
    });
    return id;
  });
  await ctx.events.publish(membershipEvent(groupId, actor.id, 'created', actor.id));
  return getGroup(ctx, actor, groupId);
}

const staleVersion = () =>
  new AppError(409, 'conflict', 'The group was changed meanwhile; reload it and try again');

/** The changed fields as `{ field: { from, to } }`, for the activity log. */
function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    if (to !== undefined && before[key] !== to) changes[key] = { from: before[key], to };
  }
  return changes;
}

async function bumpGroup(tx: Tx, group: GroupRow, values: Partial<GroupRow>) {
  await tx
    .update(groups)
    .set({ ...values, version: group.version + 1, updatedAt: sql`now()` })
    .where(eq(groups.id, group.id));
}

export async function updateGroup(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: UpdateGroupBody,
): Promise<Group> {
  await ctx.db.transaction(async (tx) => {
    const { group, role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'edit_group');
    if (body.version !== group.version) throw staleVersion();
    const changes = diff(
      { name: group.name, description: group.description },
      { name: body.name, description: body.description },
    );
    if (Object.keys(changes).length === 0) return;
    await bumpGroup(tx, group, {
      ...(changes.name ? { name: body.name } : {}),
      ...(changes.description ? { description: body.description } : {}),
    });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'group_updated',
      details: { changes },
    });
  });
  return getGroup(ctx, actor, groupId);
}

function presentSettings(group: GroupRow): GroupSettings {
  return {
    currency: group.currency,
    time_zone: group.timeZone,
    invite_valid_days: group.inviteValidDays,
    version: group.version,
  };
}

export async function getSettings(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<GroupSettings> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  return presentSettings(group);
}

export async function updateSettings(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: UpdateGroupSettingsBody,
): Promise<GroupSettings> {
  await ctx.db.transaction(async (tx) => {
    const { group, role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'edit_group');
    if (body.version !== group.version) throw staleVersion();
    const changes = diff(
      {
        currency: group.currency,
        time_zone: group.timeZone,
        invite_valid_days: group.inviteValidDays,
      },
      {
        currency: body.currency,
        time_zone: body.time_zone,
        invite_valid_days: body.invite_valid_days,
      },
    );
    if (Object.keys(changes).length === 0) return;
    await bumpGroup(tx, group, {
      ...(changes.currency ? { currency: body.currency } : {}),
      ...(changes.time_zone ? { timeZone: body.time_zone } : {}),
      ...(changes.invite_valid_days ? { inviteValidDays: body.invite_valid_days } : {}),
    });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'group_settings_updated',
      details: { changes },
    });
  });
  return getSettings(ctx, actor, groupId);
}

export async function deleteGroup(ctx: AppContext, actor: UserRow, groupId: number) {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'delete_group');
    await tx.delete(groups).where(eq(groups.id, groupId));
  });
  await ctx.events.publish(groupEvent(groupId, 'deleted', actor.id));
}
