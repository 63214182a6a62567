import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { balanceRoutes } from './balance.routes';
import { exchangeRateRoutes } from './exchange-rate.routes';
import { expenseRoutes } from './expense.routes';
import { expenseSeriesRoutes } from './expense-series.routes';
import { groupExpenseRoutes } from './group-expense.routes';
import { listExpenseRoutes } from './list-expense.routes';
import { reportRoutes } from './report.routes';
import { settlementRoutes } from './settlement.routes';
import { unitRoutes } from './unit.routes';

export function expensesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    // The OpenAPI document lists the paths in the order they are registered here.
    expenseRoutes(api, ctx);
    expenseSeriesRoutes(api, ctx);
    groupExpenseRoutes(api, ctx);
    exchangeRateRoutes(api, ctx);
    listExpenseRoutes(api, ctx);
    settlementRoutes(api, ctx);
    balanceRoutes(api, ctx);
    reportRoutes(api, ctx);
    unitRoutes(api, ctx);
  };
}
