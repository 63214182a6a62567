import {
  ZCreateItemBody,
  ZIdParam,
  ZItem,
  ZMergeItemsBody,
  ZMergeItemsResult,
  ZReorderItemsBody,
  ZUpdateItemBody,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { knownTags, sendTagged } from '../../http/conditional';
import { readList } from '../lists/list-reads';
import { addItem, deleteItem, getItem, reorderItems, updateItem } from './items.service';
import { mergeItems } from './merge-items';

const tags = ['items'];
const security = [{ bearer: [] }];
const ZListParams = z.object({ id: ZIdParam });
const ZListItemParams = z.object({ id: ZIdParam, itemId: ZIdParam });
const ZItemParams = z.object({ id: ZIdParam });

export function itemsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    api.get(
      '/lists/:id/items',
      { schema: { tags, security, params: ZListParams, response: { 200: z.array(ZItem) } } },
      async (request, reply) =>
        sendTagged(
          reply,
          await readList(ctx, currentUser(request), {
            listId: request.params.id,
            knownTags: knownTags(request),
            body: 'items',
          }),
        ),
    );

    api.post(
      '/lists/:id/items',
      {
        schema: {
          tags,
          security,
          params: ZListParams,
          body: ZCreateItemBody,
          response: { 201: ZItem },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await addItem(ctx, currentUser(request), request.params.id, request.body)),
    );

    api.post(
      '/lists/:id/items/merge',
      {
        schema: {
          tags,
          security,
          params: ZListParams,
          body: ZMergeItemsBody,
          description:
            'Adds reviewed items (from a photo) in one change; a name already on the list ' +
            'updates that item (price, quantity) instead of adding a second.',
          response: { 200: ZMergeItemsResult },
        },
      },
      async (request) => mergeItems(ctx, currentUser(request), request.params.id, request.body),
    );

    api.put(
      '/lists/:id/items/order',
      {
        schema: {
          tags,
          security,
          params: ZListParams,
          body: ZReorderItemsBody,
          response: { 200: z.array(ZItem) },
        },
      },
      (request) =>
        reorderItems(ctx, currentUser(request), request.params.id, request.body.item_ids),
    );

    // The same item under its list (spec §7 /lists/{id}/items/{itemId}) and alone (/items/{id}).
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
  };
}
