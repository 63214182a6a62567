import type { DataExport } from '@household/contracts';
import { asc, eq, or } from 'drizzle-orm';
import { groupInvitations } from '../../db/schema';
import type { ExportScope } from '../../lib/data-export';

/** Invitations the user sent or received. */
export async function exportInvitations({
  tx,
  userId,
}: ExportScope): Promise<DataExport['invitations']> {
  const rows = await tx
    .select()
    .from(groupInvitations)
    .where(or(eq(groupInvitations.inviteeId, userId), eq(groupInvitations.inviterId, userId)))
    .orderBy(asc(groupInvitations.id));
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    inviter_id: row.inviterId,
    invitee_id: row.inviteeId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    responded_at: row.respondedAt?.toISOString() ?? null,
  }));
}
