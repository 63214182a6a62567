type Id = number | string;

/**
 * The endpoints of expenses and of the ledger on the server (docs/expenses.md), relative to
 * `${api_url}/api/v1`.
 */
export const apiPaths = {
  expenses: '/expenses',
  expense: (id: Id) => `/expenses/${id}`,
  settleSplit: (expenseId: Id, splitId: Id) => `/expenses/${expenseId}/splits/${splitId}/settle`,
  groupExpenses: (id: Id) => `/groups/${id}/expenses`,
  listExpenses: (id: Id) => `/lists/${id}/expenses`,
  /** With `kind=expense`: the spending categories. */
  categories: '/categories',
  myBalances: '/balances',
  groupBalances: (groupId: Id) => `/balances/${groupId}`,
  balanceSummary: (groupId: Id) => `/costs/groups/${groupId}/balance-summary`,
  settlements: '/settlements',
  settlement: (id: Id) => `/settlements/${id}`,
  reports: '/reports',
  groupExport: (groupId: Id) => `/groups/${groupId}/expenses/export`,
  groupImport: (groupId: Id) => `/groups/${groupId}/expenses/import`,
  exchangeRates: (groupId: Id) => `/groups/${groupId}/exchange-rates`,
  /** With `group_id`: a group's recurring bills; without: my personal ones. */
  expenseSeries: '/expense-series',
  oneSeries: (id: Id) => `/expense-series/${id}`,
  seriesAction: (id: Id, action: 'pause' | 'resume' | 'end' | 'skip') =>
    `/expense-series/${id}/${action}`,
  seriesOccurrence: (id: Id, date: string) => `/expense-series/${id}/occurrences/${date}`,
} as const;
