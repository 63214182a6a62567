import { ZIdParam, ZItem, ZUpdateItemBody } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { deleteItem, getItem, updateItem } from './items.service';
import { security, tags, type RouteApi } from './route-schemas';

const ZListItemParams = z.object({ id: ZIdParam, itemId: ZIdParam });
const ZItemParams = z.object({ id: ZIdParam });

/**
 * One item: read, edit, delete. The same item under its list (spec §7 /lists/{id}/items/{itemId})
 * and alone (/items/{id}).
 */
export function singleItemRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/lists/:id/items/:itemId',
    { schema: { tags, security, params: ZListItemParams, response: { 200: ZItem } } },
    (request) => getItem(ctx, currentUser(request), request.params.itemId, request.params.id),
  );
  api.patch(
    '/lists/:id/items/:itemId',
    {
      schema: {
        tags,
        security,
        params: ZListItemParams,
        body: ZUpdateItemBody,
        response: { 200: ZItem },
      },
    },
    (request) =>
      updateItem(ctx, currentUser(request), {
        itemId: request.params.itemId,
        body: request.body,
        listId: request.params.id,
      }),
  );
  api.delete(
    '/lists/:id/items/:itemId',
    { schema: { tags, security, params: ZListItemParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteItem(ctx, currentUser(request), request.params.itemId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/items/:id',
    { schema: { tags, security, params: ZItemParams, response: { 200: ZItem } } },
    (request) => getItem(ctx, currentUser(request), request.params.id),
  );
  api.patch(
    '/items/:id',
    {
      schema: {
        tags,
        security,
        params: ZItemParams,
        body: ZUpdateItemBody,
        response: { 200: ZItem },
      },
    },
    (request) =>
      updateItem(ctx, currentUser(request), { itemId: request.params.id, body: request.body }),
  );
  api.delete(
    '/items/:id',
    { schema: { tags, security, params: ZItemParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteItem(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
