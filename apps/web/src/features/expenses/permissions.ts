import type { Expense, GroupRole } from '@household/contracts';

/**
 * docs/expenses.md "Who may do what": an expense is changed or deleted by who added it, who paid
 * it (any of its payers), or a group admin or owner; a recurring bill likewise. The server decides; this only hides
 * buttons that would fail.
 */
export function mayChangeExpense(
  expense: Pick<Expense, 'created_by' | 'paid_by' | 'group_id'> & Partial<Pick<Expense, 'payers'>>,
  myId: number | undefined,
  roleIn: (groupId: number) => GroupRole | undefined,
): boolean {
  if (myId === undefined) return false;
  if (expense.created_by?.id === myId || expense.paid_by?.id === myId) return true;
  if (expense.payers?.some((payer) => payer.user.id === myId)) return true;
  if (expense.group_id === null) return false;
  const role = roleIn(expense.group_id);
  return role === 'owner' || role === 'admin';
}
