import {
  ZCreateExpenseBody,
  ZExpense,
  ZExpensePage,
  ZExpensesQuery,
  ZIdParam,
  ZSettleSplitBody,
  ZSettleSplitResult,
  ZUpdateExpenseBody,
  ZVersionQuery,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { createExpense } from './create-expense';
import { deleteExpense, updateExpense } from './edit-expense';
import { getExpense, listExpenses } from './expense-reads';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';
import { settleSplit } from './settle-split';

const ZSplitParams = z.object({ id: ZIdParam, splitId: ZIdParam });

/** My expenses, one expense (read, edit, delete), and settling one person's split of it. */
export function expenseRoutes(api: RouteApi, ctx: AppContext): void {
  // spec §7 names the collection /financials/expenses; /expenses is the same, beside /expenses/{id}.
  for (const url of ['/expenses', '/financials/expenses']) {
    api.get(
      url,
      {
        schema: { tags, security, querystring: ZExpensesQuery, response: { 200: ZExpensePage } },
      },
      (request) => listExpenses(ctx, currentUser(request), { kind: 'mine' }, request.query),
    );

    api.post(
      url,
      { schema: { tags, security, body: ZCreateExpenseBody, response: { 201: ZExpense } } },
      async (request, reply) =>
        reply.status(201).send(await createExpense(ctx, currentUser(request), request.body)),
    );
  }

  api.get(
    '/expenses/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZExpense } } },
    (request) => getExpense(ctx, currentUser(request), request.params.id),
  );

  api.patch(
    '/expenses/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateExpenseBody,
        response: { 200: ZExpense },
      },
    },
    (request) => updateExpense(ctx, currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/expenses/:id',
    { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
    async (request, reply) => {
      await deleteExpense(ctx, currentUser(request), request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );

  api.post(
    '/expenses/:id/splits/:splitId/settle',
    {
      schema: {
        tags,
        security,
        params: ZSplitParams,
        body: ZSettleSplitBody,
        response: { 201: ZSettleSplitResult },
      },
    },
    async (request, reply) => {
      const { id, splitId } = request.params;
      const result = await settleSplit(ctx, currentUser(request), {
        expenseId: id,
        splitId,
        amountCents: request.body.amount_cents,
      });
      return reply.status(201).send(result);
    },
  );
}
