import { randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@household/contracts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { AppContext } from '../../context';
import {
  choreAssignments,
  choreCalendarFeeds,
  chores,
  groups,
  users,
  type UserRow,
} from '../../db/schema';
import { notFound } from '../../http/problem';

/**
 * A person's private calendar of their chores (docs/chores.md "Calendar feed"): an address with a
 * secret token that any calendar app can subscribe to, so reminders reach any phone. The token is
 * the only key (calendar apps send no credentials); resetting it replaces the address.
 */

const newToken = () => randomBytes(24).toString('base64url');

function feedOf(ctx: AppContext, token: string): CalendarFeed {
  const base = ctx.config.publicApiUrl || ctx.config.publicAppUrl;
  const url = `${base}/api/v1/chores/calendar/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/** GET /chores/calendar-feed: my address; 404 until one was made. */
export async function getCalendarFeed(ctx: AppContext, actor: UserRow): Promise<CalendarFeed> {
  const [feed] = await ctx.db
    .select()
    .from(choreCalendarFeeds)
    .where(eq(choreCalendarFeeds.userId, actor.id));
  if (!feed) throw notFound('No calendar address yet');
  return feedOf(ctx, feed.token);
}

/** POST /chores/calendar-feed: my address, made now unless I have one. */
export async function createCalendarFeed(ctx: AppContext, actor: UserRow): Promise<CalendarFeed> {
  await ctx.db
    .insert(choreCalendarFeeds)
    .values({ userId: actor.id, token: newToken() })
    .onConflictDoNothing({ target: choreCalendarFeeds.userId });
  const [feed] = await ctx.db
    .select()
    .from(choreCalendarFeeds)
    .where(eq(choreCalendarFeeds.userId, actor.id));
  return feedOf(ctx, feed!.token);
}

/** POST /chores/calendar-feed/reset: a new address; the old one answers 404 from now on. */
export async function resetCalendarFeed(ctx: AppContext, actor: UserRow): Promise<CalendarFeed> {
  const token = newToken();
  await ctx.db
    .insert(choreCalendarFeeds)
    .values({ userId: actor.id, token })
    .onConflictDoUpdate({
      target: choreCalendarFeeds.userId,
      set: { token, createdAt: sql`now()` },
    });
  return feedOf(ctx, token);
}

/** GET /chores/calendar/{token}.ics: my open assignments and my personal chores, as all-day events. */
export async function calendarFeedText(ctx: AppContext, token: string): Promise<string> {
  const [owner] = await ctx.db
    .select({ user: users })
    .from(choreCalendarFeeds)
    .innerJoin(users, eq(users.id, choreCalendarFeeds.userId))
    .where(eq(choreCalendarFeeds.token, token));
  if (!owner) throw notFound('No such calendar');
  const userId = owner.user.id;
  const assigned = await ctx.db
    .select({ assignment: choreAssignments, chore: chores, groupName: groups.name })
    .from(choreAssignments)
    .innerJoin(chores, eq(chores.id, choreAssignments.choreId))
    .leftJoin(groups, eq(groups.id, choreAssignments.groupId))
    .where(
      and(
        eq(choreAssignments.userId, userId),
        isNull(choreAssignments.completedOn),
        or(
          isNull(choreAssignments.groupId),
          sql`exists (select 1 from group_members gm where gm.group_id = ${choreAssignments.groupId} and gm.user_id = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(choreAssignments.dueDate));
  const personal = await ctx.db
    .select()
    .from(chores)
    .where(
      and(
        eq(chores.ownerId, userId),
        or(isNull(chores.completedOn), sql`${chores.frequency} <> 'one_time'`),
      ),
    )
    .orderBy(asc(chores.dueDate));

  const calendar = ical({ name: 'Chores', prodId: { company: 'household', product: 'chores' } });
  for (const { assignment, chore, groupName } of assigned) {
    calendar.createEvent({
      id: `assignment-${assignment.id}@household`,
      start: assignment.dueDate,
      allDay: true,
      summary: chore.name,
      description: [groupName, chore.description].filter(Boolean).join('\n'),
    });
  }
  for (const chore of personal) {
    calendar.createEvent({
      id: `chore-${chore.id}-${chore.dueDate}@household`,
      start: chore.dueDate,
      allDay: true,
      summary: chore.name,
      description: chore.description,
    });
  }
  return calendar.toString();
}
