import type { DataExport } from '@household/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { groupInvitations, users } from '../../db/schema';
import type { ExportScope } from '../../lib/data-export';

/** Invitations the user sent or answered, and those pending for their verified address. */
export async function exportInvitations({
  tx,
  userId,
}: ExportScope): Promise<DataExport['invitations']> {
  const rows = await tx
    .select()
    .from(groupInvitations)
    .where(
      or(
        eq(groupInvitations.inviteeId, userId),
        eq(groupInvitations.inviterId, userId),
        and(
          eq(groupInvitations.status, 'pending'),
          sql`${groupInvitations.email} = (select lower(${users.email}) from ${users}
            where ${users.id} = ${userId} and ${users.isVerified} and not ${users.isGuest})`,
        ),
      ),
    )
    .orderBy(asc(groupInvitations.id));
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    inviter_id: row.inviterId,
    email: row.email,
    invitee_id: row.inviteeId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    responded_at: row.respondedAt?.toISOString() ?? null,
  }));
}
