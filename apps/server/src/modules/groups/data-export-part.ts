import type { DataExport } from '@household/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { groupActivity, groupMembers, groups, users } from '../../db/schema';
import { activityEntry, groupBy, involving, within, type ExportScope } from '../../lib/data-export';

/** The groups the user is in, with their members: the groups every other part reads within. */
export async function exportGroups({
  tx,
  userId,
}: Pick<ExportScope, 'tx' | 'userId'>): Promise<DataExport['groups']> {
  const memberships = await tx
    .select({ group: groups, role: groupMembers.role, joinedAt: groupMembers.joinedAt })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.id));
  const groupIds = memberships.map((row) => row.group.id);
  const members = await tx
    .select({
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      name: users.name,
      role: groupMembers.role,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(within(groupMembers.groupId, groupIds))
    .orderBy(asc(groupMembers.groupId), asc(groupMembers.userId));
  const membersOf = groupBy(members, (row) => row.groupId);
  return memberships.map(({ group, role, joinedAt }) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    currency: group.currency,
    time_zone: group.timeZone,
    created_by: group.createdBy,
    created_at: group.createdAt.toISOString(),
    my_role: role,
    joined_at: joinedAt.toISOString(),
    members: (membersOf.get(group.id) ?? []).map((member) => ({
      user_id: member.userId,
      name: member.name,
      role: member.role,
      joined_at: member.joinedAt.toISOString(),
    })),
  }));
}

/** The activity of the user's groups that the user did or that was done to them. */
export async function exportGroupActivity({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<DataExport['activity']> {
  const rows = await tx
    .select()
    .from(groupActivity)
    .where(
      and(
        within(groupActivity.groupId, groupIds),
        involving(userId, groupActivity.actorId, groupActivity.subjectUserId),
      ),
    )
    .orderBy(asc(groupActivity.id));
  return rows.map((row) =>
    activityEntry(row, { source: 'group', action: row.verb, chore_id: null, chore_name: null }),
  );
}
