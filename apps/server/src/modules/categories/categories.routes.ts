import {
  ZCategoriesQuery,
  ZCategory,
  ZCreateCategoryBody,
  ZIdParam,
  ZUpdateCategoryBody,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './categories.service';
import { bearerSecurity } from '../../http/route-api';

const tags = ['categories'];
const ZCategoryParams = z.object({ id: ZIdParam });

export function categoriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    api.get(
      '/categories',
      {
        schema: {
          tags,
          security: bearerSecurity,
          querystring: ZCategoriesQuery,
          response: { 200: z.array(ZCategory) },
        },
      },
      (request) =>
        listCategories(ctx, currentUser(request), request.query.group_id, request.query.kind),
    );

    api.post(
      '/categories',
      {
        schema: {
          tags,
          security: bearerSecurity,
          body: ZCreateCategoryBody,
          response: { 201: ZCategory },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createCategory(ctx, currentUser(request), request.body)),
    );

    api.patch(
      '/categories/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZCategoryParams,
          body: ZUpdateCategoryBody,
          response: { 200: ZCategory },
        },
      },
      (request) => updateCategory(ctx, currentUser(request), request.params.id, request.body),
    );

    api.delete(
      '/categories/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZCategoryParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteCategory(ctx, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
