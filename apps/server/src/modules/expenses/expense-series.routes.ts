import {
  ZCalendarDate,
  ZCreateExpenseSeriesBody,
  ZExpense,
  ZExpenseSeries,
  ZExpenseSeriesList,
  ZExpenseSeriesQuery,
  ZFillOccurrenceBody,
  ZIdParam,
  ZSeriesVersionBody,
  ZSkipOccurrenceBody,
  ZUpdateExpenseSeriesBody,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { changeSeriesStatus, skipOccurrence, updateSeries } from './edit-expense-series';
import { createSeries, getSeries, listSeries } from './expense-series';
import { fillOccurrence } from './fill-occurrence';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

const ZOccurrenceParams = z.object({ id: ZIdParam, date: ZCalendarDate });

/** Recurring expenses (docs/expenses.md "Recurring bills"): start, read, edit, pause, skip, end, fill. */
export function expenseSeriesRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/expense-series',
    {
      schema: {
        tags,
        security,
        querystring: ZExpenseSeriesQuery,
        response: { 200: ZExpenseSeriesList },
      },
    },
    (request) => listSeries(ctx, currentUser(request), request.query),
  );

  api.post(
    '/expense-series',
    {
      schema: { tags, security, body: ZCreateExpenseSeriesBody, response: { 201: ZExpenseSeries } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSeries(ctx, currentUser(request), request.body)),
  );

  api.get(
    '/expense-series/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZExpenseSeries } } },
    (request) => getSeries(ctx, currentUser(request), request.params.id),
  );

  api.patch(
    '/expense-series/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateExpenseSeriesBody,
        response: { 200: ZExpenseSeries },
      },
    },
    (request) => updateSeries(ctx, currentUser(request), request.params.id, request.body),
  );

  for (const change of ['pause', 'resume', 'end'] as const) {
    api.post(
      `/expense-series/:id/${change}`,
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZSeriesVersionBody,
          response: { 200: ZExpenseSeries },
        },
      },
      (request) =>
        changeSeriesStatus(ctx, currentUser(request), request.params.id, {
          version: request.body.version,
          change,
        }),
    );
  }

  api.post(
    '/expense-series/:id/skip',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZSkipOccurrenceBody,
        response: { 200: ZExpenseSeries },
      },
    },
    (request) => skipOccurrence(ctx, currentUser(request), request.params.id, request.body),
  );

  api.put(
    '/expense-series/:id/occurrences/:date',
    {
      schema: {
        tags,
        security,
        params: ZOccurrenceParams,
        body: ZFillOccurrenceBody,
        response: { 201: ZExpense },
      },
    },
    async (request, reply) => {
      const expense = await fillOccurrence(ctx, currentUser(request), {
        id: request.params.id,
        date: request.params.date,
        amountCents: request.body.amount_cents,
      });
      return reply.status(201).send(expense);
    },
  );
}
