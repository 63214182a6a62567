import { ZExpensePage } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { listExpenses } from './expense-reads';
import { security, tags, ZIdParams, ZScopedExpensesQuery, type RouteApi } from './route-schemas';

/** The expenses booked on a shopping list. */
export function listExpenseRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/lists/:id/expenses',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZScopedExpensesQuery,
        response: { 200: ZExpensePage },
      },
    },
    (request) =>
      listExpenses(
        ctx,
        currentUser(request),
        { kind: 'list', listId: request.params.id },
        request.query,
      ),
  );
}
