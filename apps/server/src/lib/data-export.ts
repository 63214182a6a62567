import type { DataExport } from '@household/contracts';
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * What each module's part of "Download my data" reads from (modules/users/data-export.ts): one
 * read-only snapshot, the user, and the groups they are in now.
 */
export interface ExportScope {
  tx: Tx;
  userId: number;
  groupIds: number[];
}

/** `column IN (...)`, or nothing matches when there is nothing to match. */
export function within(column: Parameters<typeof inArray>[0], ids: number[]): SQL {
  return ids.length > 0 ? inArray(column, ids) : sql`false`;
}

/** Rows the user did (`actor`) or that were done to them (`subject`). */
export function involving(
  userId: number,
  actor: Parameters<typeof eq>[0],
  subject: Parameters<typeof eq>[0],
): SQL | undefined {
  return or(eq(actor, userId), eq(subject, userId));
}

type ActivityEntry = DataExport['activity'][number];

/** One entry of the export's `activity`, which merges group activity and chore history. */
export function activityEntry(
  row: {
    id: number;
    groupId: number | null;
    actorId: number | null;
    subjectUserId: number | null;
    details: ActivityEntry['details'];
    createdAt: Date;
  },
  what: Pick<ActivityEntry, 'source' | 'action' | 'chore_id' | 'chore_name'>,
): ActivityEntry {
  return {
    id: row.id,
    source: what.source,
    group_id: row.groupId,
    actor_id: row.actorId,
    subject_user_id: row.subjectUserId,
    action: what.action,
    chore_id: what.chore_id,
    chore_name: what.chore_name,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const grouped = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const bucket = grouped.get(k);
    if (bucket) bucket.push(row);
    else grouped.set(k, [row]);
  }
  return grouped;
}
