import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseSeries, type ExpenseSeriesRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/problem';
import { findMembership, type Membership } from '../groups/membership';

/**
 * Who may see and change a recurring bill (docs/expenses.md "Recurring bills"), as for expenses:
 * a group's series are its members' (anyone else: 404), a personal one its owner's alone; any
 * member may start one; it is changed by who started it, who pays it or a group admin/owner.
 */

export const seriesNotFound = () => notFound('No such recurring expense');

export interface VisibleSeries {
  series: ExpenseSeriesRow;
  membership: Membership | null;
}

export async function requireVisibleSeries(
  db: DbOrTx,
  seriesId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VisibleSeries> {
  const query = db.select().from(expenseSeries).where(eq(expenseSeries.id, seriesId));
  const [series] = options.lock ? await query.for('update') : await query;
  if (!series) throw seriesNotFound();
  if (series.groupId === null) {
    if (series.createdBy !== userId) throw seriesNotFound();
    return { series, membership: null };
  }
  const membership = await findMembership(db, series.groupId, userId);
  if (!membership) throw seriesNotFound();
  return { series, membership };
}

export function assertCanChangeSeries({ series, membership }: VisibleSeries, userId: number) {
  const isManager =
    membership !== null && (membership.role === 'owner' || membership.role === 'admin');
  if (series.createdBy === userId || series.paidBy === userId || isManager) return;
  throw forbidden('Only who added or pays a recurring expense, or a group admin, may change it');
}
