import { EXPORT_FORMAT_VERSION, type DataExport } from '@household/contracts';
import { and, asc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  categories,
  choreAssignments,
  choreHistory,
  chores,
  choreTimeEntries,
  expenses,
  expenseSplits,
  groupActivity,
  groupInvitations,
  groupMembers,
  groups,
  items,
  lists,
  notifications,
  notificationSettings,
  ocrJobs,
  settlements,
  users,
  type UserRow,
} from '../../db/schema';

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** `column IN (...)`, or nothing matches when there is nothing to match. */
function within(column: Parameters<typeof inArray>[0], ids: number[]): SQL {
  return ids.length > 0 ? inArray(column, ids) : sql`false`;
}

/** The file name's date: the user's own calendar day, so that it matches what they see. */
export function exportFilename(now: Date, timeZone: string): string {
  let day: string;
  try {
    day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    day = now.toISOString().slice(0, 10);
  }
  return `household-data-${day}.json`;
}

/**
 * "Download my data" (docs/accounts.md): what the user owns (personal lists, chores and expenses,
 * their settings, their photo jobs, notifications) and what they share in the groups they are in
 * now (the groups, their lists with items, chores, and the expenses and settlements they take part
 * in). Built in memory from one read-only snapshot, so that the parts agree with each other and no
 * connection stays open while a slow client downloads.
 */
export async function exportUserData(ctx: AppContext, user: UserRow): Promise<DataExport> {
  return ctx.db.transaction(
    async (tx) => {
      const me = user.id;
      const [profile] = await tx.select().from(users).where(eq(users.id, me));
      if (!profile) throw new Error('the signed-in user vanished during the export');

      const memberships = await tx
        .select({ group: groups, role: groupMembers.role, joinedAt: groupMembers.joinedAt })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.userId, me))
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

      const [settingsRow] = await tx
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, me));

      const invitationRows = await tx
        .select()
        .from(groupInvitations)
        .where(or(eq(groupInvitations.inviteeId, me), eq(groupInvitations.inviterId, me)))
        .orderBy(asc(groupInvitations.id));

      const categoryRows = await tx
        .select()
        .from(categories)
        .where(or(eq(categories.userId, me), within(categories.groupId, groupIds)))
        .orderBy(asc(categories.id));

      const listRows = await tx
        .select()
        .from(lists)
        .where(
          or(and(isNull(lists.groupId), eq(lists.ownerId, me)), within(lists.groupId, groupIds)),
        )
        .orderBy(asc(lists.id));
      const itemRows = await tx
        .select()
        .from(items)
        .where(
          within(
            items.listId,
            listRows.map((list) => list.id),
          ),
        )
        .orderBy(asc(items.listId), asc(items.position), asc(items.id));

      const takesPart = exists(
        tx
          .select({ one: sql`1` })
          .from(expenseSplits)
          .where(and(eq(expenseSplits.expenseId, expenses.id), eq(expenseSplits.userId, me))),
      );
      const expenseRows = await tx
        .select()
        .from(expenses)
        .where(
          or(
            and(isNull(expenses.groupId), eq(expenses.createdBy, me)),
            and(
              within(expenses.groupId, groupIds),
              or(eq(expenses.paidBy, me), eq(expenses.createdBy, me), takesPart),
            ),
          ),
        )
        .orderBy(asc(expenses.date), asc(expenses.id));
      const splitRows = await tx
        .select()
        .from(expenseSplits)
        .where(
          within(
            expenseSplits.expenseId,
            expenseRows.map((expense) => expense.id),
          ),
        )
        .orderBy(asc(expenseSplits.id));

      const settlementRows = await tx
        .select()
        .from(settlements)
        .where(
          and(
            within(settlements.groupId, groupIds),
            or(eq(settlements.fromId, me), eq(settlements.toId, me), eq(settlements.createdBy, me)),
          ),
        )
        .orderBy(asc(settlements.date), asc(settlements.id));

      const choreRows = await tx
        .select()
        .from(chores)
        .where(
          or(and(isNull(chores.groupId), eq(chores.ownerId, me)), within(chores.groupId, groupIds)),
        )
        .orderBy(asc(chores.id));
      const choreIds = choreRows.map((chore) => chore.id);
      const assignmentRows = await tx
        .select()
        .from(choreAssignments)
        .where(
          and(
            within(choreAssignments.choreId, choreIds),
            or(eq(choreAssignments.userId, me), eq(choreAssignments.completedBy, me)),
          ),
        )
        .orderBy(asc(choreAssignments.dueDate), asc(choreAssignments.id));
      const timeEntryRows = await tx
        .select({ entry: choreTimeEntries })
        .from(choreTimeEntries)
        .innerJoin(choreAssignments, eq(choreAssignments.id, choreTimeEntries.assignmentId))
        .where(and(eq(choreTimeEntries.userId, me), within(choreAssignments.choreId, choreIds)))
        .orderBy(asc(choreTimeEntries.id));

      type Column = Parameters<typeof inArray>[0];
      const involved = (actor: Column, subject: Column) => or(eq(actor, me), eq(subject, me));
      const groupActivityRows = await tx
        .select()
        .from(groupActivity)
        .where(
          and(
            within(groupActivity.groupId, groupIds),
            involved(groupActivity.actorId, groupActivity.subjectUserId),
          ),
        )
        .orderBy(asc(groupActivity.id));
      const choreHistoryRows = await tx
        .select()
        .from(choreHistory)
        .where(
          or(
            eq(choreHistory.ownerId, me),
            and(
              within(choreHistory.groupId, groupIds),
              involved(choreHistory.actorId, choreHistory.subjectUserId),
            ),
          ),
        )
        .orderBy(asc(choreHistory.id));

      const ocrRows = await tx
        .select()
        .from(ocrJobs)
        .where(eq(ocrJobs.userId, me))
        .orderBy(asc(ocrJobs.id));
      const notificationRows = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, me))
        .orderBy(asc(notifications.id));

      return present({
        profile,
        settingsRow: settingsRow ?? null,
        memberships,
        members,
        invitationRows,
        categoryRows,
        listRows,
        itemRows,
        expenseRows,
        splitRows,
        settlementRows,
        choreRows,
        assignmentRows,
        timeEntryRows: timeEntryRows.map((row) => row.entry),
        groupActivityRows,
        choreHistoryRows,
        ocrRows,
        notificationRows,
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

interface Loaded {
  profile: UserRow;
  settingsRow: typeof notificationSettings.$inferSelect | null;
  memberships: {
    group: typeof groups.$inferSelect;
    role: string;
    joinedAt: Date;
  }[];
  members: { groupId: number; userId: number; name: string | null; role: string; joinedAt: Date }[];
  invitationRows: (typeof groupInvitations.$inferSelect)[];
  categoryRows: (typeof categories.$inferSelect)[];
  listRows: (typeof lists.$inferSelect)[];
  itemRows: (typeof items.$inferSelect)[];
  expenseRows: (typeof expenses.$inferSelect)[];
  splitRows: (typeof expenseSplits.$inferSelect)[];
  settlementRows: (typeof settlements.$inferSelect)[];
  choreRows: (typeof chores.$inferSelect)[];
  assignmentRows: (typeof choreAssignments.$inferSelect)[];
  timeEntryRows: (typeof choreTimeEntries.$inferSelect)[];
  groupActivityRows: (typeof groupActivity.$inferSelect)[];
  choreHistoryRows: (typeof choreHistory.$inferSelect)[];
  ocrRows: (typeof ocrJobs.$inferSelect)[];
  notificationRows: (typeof notifications.$inferSelect)[];
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const grouped = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const bucket = grouped.get(k);
    if (bucket) bucket.push(row);
    else grouped.set(k, [row]);
  }
  return grouped;
}

function present(loaded: Loaded): DataExport {
  const { profile, settingsRow } = loaded;
  const membersOf = groupBy(loaded.members, (row) => row.groupId);
  const itemsOf = groupBy(loaded.itemRows, (row) => row.listId);
  const splitsOf = groupBy(loaded.splitRows, (row) => row.expenseId);
  return {
    format: 'household-data-export',
    version: EXPORT_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    // Never the password hash, nor any token: those prove identity, they are not the user's data.
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      is_guest: profile.isGuest,
      is_verified: profile.isVerified,
      has_avatar: profile.avatarKey !== null,
      created_at: iso(profile.createdAt),
      updated_at: iso(profile.updatedAt),
      password_changed_at: isoOrNull(profile.passwordChangedAt),
    },
    settings: {
      locale: profile.locale,
      timezone: profile.timezone,
      theme: profile.theme,
      currency: profile.currency,
      email_notifications: profile.emailNotifications,
      list_updates: profile.listUpdates,
      group_activities: profile.groupActivities,
      notifications: settingsRow
        ? {
            kinds: settingsRow.kinds,
            reminder_time: settingsRow.reminderTime,
            time_zone: settingsRow.timeZone,
            email_digest: settingsRow.emailDigest,
          }
        : null,
    },
    groups: loaded.memberships.map(({ group, role, joinedAt }) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      currency: group.currency,
      time_zone: group.timeZone,
      created_by: group.createdBy,
      created_at: iso(group.createdAt),
      my_role: role,
      joined_at: iso(joinedAt),
      members: (membersOf.get(group.id) ?? []).map((member) => ({
        user_id: member.userId,
        name: member.name,
        role: member.role,
        joined_at: iso(member.joinedAt),
      })),
    })),
    invitations: loaded.invitationRows.map((row) => ({
      id: row.id,
      group_id: row.groupId,
      inviter_id: row.inviterId,
      invitee_id: row.inviteeId,
      status: row.status,
      created_at: iso(row.createdAt),
      responded_at: isoOrNull(row.respondedAt),
    })),
    categories: loaded.categoryRows.map((row) => ({
      id: row.id,
      group_id: row.groupId,
      kind: row.kind,
      name: row.name,
      color: row.color,
      position: row.position,
    })),
    lists: loaded.listRows.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      group_id: list.groupId,
      owner_id: list.ownerId,
      status: list.status,
      created_at: iso(list.createdAt),
      updated_at: iso(list.updatedAt),
      items: (itemsOf.get(list.id) ?? []).map((item) => ({
        id: item.id,
        name: item.name,
        quantity: item.quantity,
        unit: item.unit,
        price_cents: item.priceCents,
        category_id: item.categoryId,
        notes: item.notes,
        position: item.position,
        added_by: item.addedBy,
        done: item.done,
        completed_by: item.completedBy,
        completed_at: isoOrNull(item.completedAt),
        created_at: iso(item.createdAt),
        updated_at: iso(item.updatedAt),
      })),
    })),
    expenses: loaded.expenseRows.map((expense) => ({
      id: expense.id,
      group_id: expense.groupId,
      list_id: expense.listId,
      description: expense.description,
      amount_cents: expense.amountCents,
      currency: expense.currency,
      date: expense.date,
      paid_by: expense.paidBy,
      created_by: expense.createdBy,
      category_id: expense.categoryId,
      notes: expense.notes,
      split_type: expense.splitType,
      created_at: iso(expense.createdAt),
      updated_at: iso(expense.updatedAt),
      splits: (splitsOf.get(expense.id) ?? []).map((split) => ({
        user_id: split.userId,
        payer_id: split.payerId,
        amount_cents: split.amountCents,
        settled_cents: split.settledCents,
      })),
    })),
    settlements: loaded.settlementRows.map((row) => ({
      id: row.id,
      group_id: row.groupId,
      from_id: row.fromId,
      to_id: row.toId,
      amount_cents: row.amountCents,
      date: row.date,
      note: row.note,
      expense_id: row.expenseId,
      created_by: row.createdBy,
      created_at: iso(row.createdAt),
    })),
    chores: loaded.choreRows.map((chore) => ({
      id: chore.id,
      group_id: chore.groupId,
      owner_id: chore.ownerId,
      name: chore.name,
      description: chore.description,
      frequency: chore.frequency,
      interval_days: chore.intervalDays,
      due_date: chore.dueDate,
      effort: chore.effort,
      completed_on: chore.completedOn,
      completed_by: chore.completedBy,
      created_by: chore.createdBy,
      created_at: iso(chore.createdAt),
    })),
    assignments: loaded.assignmentRows.map((row) => ({
      id: row.id,
      chore_id: row.choreId,
      group_id: row.groupId,
      user_id: row.userId,
      due_date: row.dueDate,
      completed_on: row.completedOn,
      completed_by: row.completedBy,
      created_at: iso(row.createdAt),
    })),
    time_entries: loaded.timeEntryRows.map((row) => ({
      id: row.id,
      assignment_id: row.assignmentId,
      started_at: iso(row.startedAt),
      ended_at: isoOrNull(row.endedAt),
      minutes: row.minutes,
      note: row.note,
    })),
    activity: [
      ...loaded.groupActivityRows.map((row) => ({
        id: row.id,
        source: 'group' as const,
        group_id: row.groupId,
        actor_id: row.actorId,
        subject_user_id: row.subjectUserId,
        action: row.verb,
        chore_id: null,
        chore_name: null,
        details: row.details,
        created_at: iso(row.createdAt),
      })),
      ...loaded.choreHistoryRows.map((row) => ({
        id: row.id,
        source: 'chore' as const,
        group_id: row.groupId,
        actor_id: row.actorId,
        subject_user_id: row.subjectUserId,
        action: row.action,
        chore_id: row.choreId,
        chore_name: row.choreName,
        details: row.details,
        created_at: iso(row.createdAt),
      })),
    ].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    ocr_jobs: loaded.ocrRows.map((job) => ({
      id: job.id,
      list_id: job.listId,
      language: job.language,
      state: job.state,
      file_name: job.fileName,
      failure: job.failure,
      items: job.items ?? null,
      total_cents: job.totalCents,
      created_at: iso(job.createdAt),
      finished_at: isoOrNull(job.finishedAt),
    })),
    notifications: loaded.notificationRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      group_id: row.groupId,
      data: row.data,
      link: row.link,
      created_at: iso(row.createdAt),
      read_at: isoOrNull(row.readAt),
    })),
  };
}
