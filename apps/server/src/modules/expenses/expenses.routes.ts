import {
  JSON_BODY_LIMIT_BYTES,
  ZBalanceSummary,
  ZCreateExpenseBody,
  ZCreateSettlementBody,
  ZExpense,
  ZExpensePage,
  ZExpensesQuery,
  ZGroupBalances,
  ZIdParam,
  ZMyBalances,
  ZReportQuery,
  ZSettleSplitBody,
  ZSettleSplitResult,
  ZSettlement,
  ZSettlementPage,
  ZSettlementsQuery,
  ZSplitwiseImportBody,
  ZSplitwiseImportResult,
  ZUpdateExpenseBody,
  ZUpdateSettlementBody,
  ZVersionQuery,
} from '@household/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { currentUser, requireUser } from '../../http/auth';
import { balanceSummary, groupBalances, myBalances } from './balances';
import { createExpense } from './create-expense';
import { deleteExpense, updateExpense } from './edit-expense';
import { getExpense, listExpenses } from './expense-reads';
import { exportGroupExpenses } from './group-export';
import { importSplitwise } from './import-splitwise';
import { buildReport, reportCsv, type ReportFilters } from './reports';
import { settleSplit } from './settle-split';
import {
  createSettlement,
  deleteSettlement,
  getSettlement,
  listSettlements,
  updateSettlement,
} from './settlements';

const tags = ['expenses'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: ZIdParam });
const ZSplitParams = z.object({ id: ZIdParam, splitId: ZIdParam });
/** The filters of a group's or a list's expenses: those of GET /expenses but the scope. */
const ZScopedExpensesQuery = ZExpensesQuery.omit({ group_id: true, personal: true });

function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(body);
}

export function expensesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

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

    api.get(
      '/settlements',
      {
        schema: {
          tags,
          security,
          querystring: ZSettlementsQuery,
          response: { 200: ZSettlementPage },
        },
      },
      (request) => listSettlements(ctx, currentUser(request), request.query),
    );

    api.post(
      '/settlements',
      { schema: { tags, security, body: ZCreateSettlementBody, response: { 201: ZSettlement } } },
      async (request, reply) =>
        reply.status(201).send(await createSettlement(ctx, currentUser(request), request.body)),
    );

    api.get(
      '/settlements/:id',
      { schema: { tags, security, params: ZIdParams, response: { 200: ZSettlement } } },
      (request) => getSettlement(ctx, currentUser(request), request.params.id),
    );

    api.patch(
      '/settlements/:id',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZUpdateSettlementBody,
          response: { 200: ZSettlement },
        },
      },
      (request) => updateSettlement(ctx, currentUser(request), request.params.id, request.body),
    );

    api.delete(
      '/settlements/:id',
      { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
      async (request, reply) => {
        await deleteSettlement(ctx, currentUser(request), request.params.id, request.query.version);
        return reply.status(204).send();
      },
    );

    api.get(
      '/balances',
      { schema: { tags, security, response: { 200: ZMyBalances } } },
      (request) => myBalances(ctx, currentUser(request)),
    );

    api.get(
      '/balances/:id',
      { schema: { tags, security, params: ZIdParams, response: { 200: ZGroupBalances } } },
      (request) => groupBalances(ctx, currentUser(request), request.params.id),
    );

    api.get(
      '/costs/groups/:id/balance-summary',
      {
        schema: {
          tags: ['costs'],
          security,
          params: ZIdParams,
          response: { 200: ZBalanceSummary },
        },
      },
      (request) => balanceSummary(ctx, currentUser(request), request.params.id),
    );

    const sendReport = async (
      reply: FastifyReply,
      user: UserRow,
      query: ReportFilters & { format: 'json' | 'csv' },
    ) => {
      const report = await buildReport(ctx, user, query);
      if (query.format === 'csv') return sendCsv(reply, 'report.csv', reportCsv(report));
      return reply.send(report);
    };

    api.get(
      '/reports',
      { schema: { tags, security, querystring: ZReportQuery } },
      (request, reply) => sendReport(reply, currentUser(request), request.query),
    );

    /** spec §7 /reports/{id}: the report of one group, the id in the path rather than the query. */
    api.get(
      '/reports/:id',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          querystring: ZReportQuery.omit({ group_id: true }),
        },
      },
      (request, reply) =>
        sendReport(reply, currentUser(request), { ...request.query, group_id: request.params.id }),
    );
  };
}
