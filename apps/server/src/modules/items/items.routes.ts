import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { listItemsRoutes } from './list-items.routes';
import { singleItemRoutes } from './single-item.routes';

export function itemsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    listItemsRoutes(api, ctx);
    singleItemRoutes(api, ctx);
  };
}
