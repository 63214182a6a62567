import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { listExportRoutes, listImportRoutes } from './list-import-export.routes';
import { listLifecycleRoutes } from './list-lifecycle.routes';
import { listCollectionRoutes, listRoutes } from './list.routes';
import { shareListRoutes } from './share-list.routes';
import { shopTripRoutes } from './shop-trips.routes';

export function listsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    // The OpenAPI document lists the paths in the order they are registered here.
    listCollectionRoutes(api, ctx);
    listImportRoutes(api, ctx);
    listRoutes(api, ctx);
    listLifecycleRoutes(api, ctx);
    shareListRoutes(api, ctx);
    listExportRoutes(api, ctx);
    shopTripRoutes(api, ctx);
  };
}
