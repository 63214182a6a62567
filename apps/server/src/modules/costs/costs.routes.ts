import { ZCostSummary, ZIdParam } from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { listCostSummary } from './costs.service';
import { bearerSecurity } from '../../http/route-api';

export function costsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    api.get(
      '/costs/lists/:id/cost-summary',
      {
        schema: {
          tags: ['costs'],
          security: bearerSecurity,
          params: z.object({ id: ZIdParam }),
          response: { 200: ZCostSummary },
        },
      },
      (request) => listCostSummary(ctx, currentUser(request), request.params.id),
    );
  };
}
