import {
  JSON_BODY_LIMIT_BYTES,
  ZExpensePage,
  ZSplitwiseImportBody,
  ZSplitwiseImportResult,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { listExpenses } from './expense-reads';
import { exportGroupExpenses } from './group-export';
import { importSplitwise } from './import-splitwise';
import {
  security,
  sendCsv,
  tags,
  ZIdParams,
  ZScopedExpensesQuery,
  type RouteApi,
} from './route-schemas';

/** A group's expenses: read page by page, exported as CSV, imported from a Splitwise export. */
export function groupExpenseRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/expenses',
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
        { kind: 'group', groupId: request.params.id },
        request.query,
      ),
  );

  api.get(
    '/groups/:id/expenses/export',
    { schema: { tags, security, params: ZIdParams } },
    async (request, reply) => {
      const file = await exportGroupExpenses(ctx, currentUser(request), request.params.id);
      return sendCsv(reply, file.filename, file.body);
    },
  );

  api.post(
    '/groups/:id/expenses/import',
    {
      // A year or more of a household in CSV, quoted as JSON, may pass the 1 MB of other bodies.
      bodyLimit: 2 * JSON_BODY_LIMIT_BYTES,
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZSplitwiseImportBody,
        response: { 200: ZSplitwiseImportResult },
      },
    },
    (request) => importSplitwise(ctx, currentUser(request), request.params.id, request.body),
  );
}
