import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { assignmentRoutes } from './assignment.routes';
import { awayPeriodRoutes } from './away-period.routes';
import { calendarAddressRoutes, calendarFeedRoute } from './calendar-feed.routes';
import { choreCompletionRoutes } from './chore-completion.routes';
import { choreDueRoutes } from './chore-due.routes';
import { choreSwapRoutes } from './chore-swap.routes';
import { choreRoutes } from './chore.routes';
import { timeEntryRoutes } from './time-entry.routes';

export function choresRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(calendarFeedRoute(ctx));
    await app.register(signedInRoutes(ctx));
  };
}

function signedInRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    // The OpenAPI document lists the paths in the order they are registered here.
    choreRoutes(api, ctx);
    choreCompletionRoutes(api, ctx);
    choreDueRoutes(api, ctx);
    assignmentRoutes(api, ctx);
    choreSwapRoutes(api, ctx);
    timeEntryRoutes(api, ctx);
    awayPeriodRoutes(api, ctx);
    calendarAddressRoutes(api, ctx);
  };
}
