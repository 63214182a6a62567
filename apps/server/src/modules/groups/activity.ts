import type { ActivityPage, ActivityVerb } from '@household/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import { groupActivity, users } from '../../db/schema';
import { personColumns } from '../people/people.presenter';
import { presentActivity } from './groups.presenter';

export interface ActivityInput {
  groupId: number;
  /** Null when the system acted, e.g. ownership passed on after an account was deleted. */
  actorId: number | null;
  verb: ActivityVerb;
  subjectUserId?: number | null;
  details?: Record<string, unknown>;
}

/** Takes a transaction, never the database: an entry is written with its change or not at all. */
export async function recordActivity(tx: Tx, entry: ActivityInput): Promise<void> {
  await tx.insert(groupActivity).values({
    groupId: entry.groupId,
    actorId: entry.actorId,
    verb: entry.verb,
    subjectUserId: entry.subjectUserId ?? null,
    details: entry.details ?? {},
  });
}

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');
/** Newest first, keyset-paginated on the entry id so that new entries never shift a page. */
export async function listActivity(
  db: DbOrTx,
  config: Pick<Config, 'publicApiUrl'>,
  groupId: number,
  page: { limit: number; cursor?: number | undefined },
): Promise<ActivityPage> {
  const rows = await db
    .select({
      entry: groupActivity,
      actor: personColumns(actors),
      subject: personColumns(subjects),
    })
    .from(groupActivity)
    .leftJoin(actors, eq(actors.id, groupActivity.actorId))
    .leftJoin(subjects, eq(subjects.id, groupActivity.subjectUserId))
    .where(
      and(
        eq(groupActivity.groupId, groupId),
        page.cursor ? lt(groupActivity.id, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(groupActivity.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const items = rows
    .slice(0, page.limit)
    .map((row) => presentActivity(row.entry, row.actor, row.subject, config));
  return { items, next_cursor: hasMore ? String(items.at(-1)!.id) : null };
}
