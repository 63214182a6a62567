import type { DataExport } from '@household/contracts';
import { asc, eq, or } from 'drizzle-orm';
import { categories } from '../../db/schema';
import { within, type ExportScope } from '../../lib/data-export';

/** The user's own categories and those of their groups. */
export async function exportCategories({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<DataExport['categories']> {
  const rows = await tx
    .select()
    .from(categories)
    .where(or(eq(categories.userId, userId), within(categories.groupId, groupIds)))
    .orderBy(asc(categories.id));
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    kind: row.kind,
    name: row.name,
    color: row.color,
    position: row.position,
  }));
}
