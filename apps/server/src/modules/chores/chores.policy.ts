import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  choreAssignments,
  chores,
  type ChoreAssignmentRow,
  type ChoreRow,
  type UserRow,
} from '../../db/schema';
import { forbidden, notFound } from '../../http/problem';
import { findMembership, type Membership } from '../groups/membership';

/**
 * Who may see and change chores (docs/chores.md "Who may do what"):
 * - a group's chores, assignments and time entries: its members see them; anyone else gets 404;
 *   a personal chore: only its owner;
 * - any member creates, edits, completes and assigns the group's chores (a household shares the
 *   work); deleting a chore is for its creator or a group admin/owner;
 * - an assignment is completed or undone by its assignee or a group admin/owner (who may record
 *   it on someone's behalf); handed on or removed also by who created it;
 * - a time entry is changed only by the person who recorded it.
 */

export const choreNotFound = () => notFound('No such chore');
export const assignmentNotFound = () => notFound('No such assignment');

export interface VisibleChore {
  chore: ChoreRow;
  membership: Membership | null;
  /** The zone the chore's dates are in: its group's, or its owner's. */
  timeZone: string;
}

const isManager = (membership: Membership | null) =>
  membership !== null && (membership.role === 'owner' || membership.role === 'admin');

export async function visibleChore(
  db: DbOrTx,
  chore: ChoreRow | undefined,
  user: UserRow,
): Promise<VisibleChore> {
  if (!chore) throw choreNotFound();
  if (chore.groupId === null) {
    if (chore.ownerId !== user.id) throw choreNotFound();
    return { chore, membership: null, timeZone: user.timezone };
  }
  const membership = await findMembership(db, chore.groupId, user.id);
  if (!membership) throw choreNotFound();
  return { chore, membership, timeZone: membership.group.timeZone };
}

export async function requireVisibleChore(
  db: DbOrTx,
  choreId: number,
  user: UserRow,
  options: { lock?: boolean } = {},
): Promise<VisibleChore> {
  const query = db.select().from(chores).where(eq(chores.id, choreId));
  const [chore] = options.lock ? await query.for('update') : await query;
  return visibleChore(db, chore, user);
}

export function assertCanDeleteChore({ chore, membership }: VisibleChore, userId: number) {
  if (chore.groupId === null || chore.createdBy === userId || isManager(membership)) return;
  throw forbidden('Only who created a chore, or a group admin, may delete it');
}

export interface VisibleAssignment extends VisibleChore {
  assignment: ChoreAssignmentRow;
}

/** The assignment and its chore; with `lock`, the chore row first, then the assignment. */
export async function requireVisibleAssignment(
  db: DbOrTx,
  assignmentId: number,
  user: UserRow,
  options: { lock?: boolean } = {},
): Promise<VisibleAssignment> {
  const [found] = await db
    .select({ choreId: choreAssignments.choreId })
    .from(choreAssignments)
    .where(eq(choreAssignments.id, assignmentId));
  if (!found) throw assignmentNotFound();
  const visible = await requireVisibleChore(db, found.choreId, user, options).catch(() => {
    throw assignmentNotFound();
  });
  const query = db.select().from(choreAssignments).where(eq(choreAssignments.id, assignmentId));
  const [assignment] = options.lock ? await query.for('update') : await query;
  if (!assignment) throw assignmentNotFound();
  return { ...visible, assignment };
}

export function assertCanCompleteAssignment(visible: VisibleAssignment, userId: number) {
  if (visible.assignment.userId === userId || isManager(visible.membership)) return;
  throw forbidden('Only the assignee, or a group admin, may complete an assignment');
}

export function assertCanChangeAssignment(visible: VisibleAssignment, userId: number) {
  const { assignment, membership } = visible;
  if (assignment.userId === userId || assignment.createdBy === userId || isManager(membership)) {
    return;
  }
  throw forbidden('Only the assignee, who assigned it, or a group admin may change an assignment');
}
