import {
  ZCreateItemBody,
  ZIdParam,
  ZItem,
  ZMergeItemsBody,
  ZMergeItemsResult,
  ZReorderItemsBody,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { knownTags, sendTagged } from '../../http/conditional';
import { readList } from '../lists/list-reads';
import { addItem, reorderItems } from './items.service';
import { mergeItems } from './merge-items';
import { security, tags, type RouteApi } from './route-schemas';

const ZListParams = z.object({ id: ZIdParam });

/** A list's items as a whole: read them, add one, merge reviewed ones from a photo, reorder. */
export function listItemsRoutes(api: RouteApi, ctx: AppContext): void {
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
    (request) => reorderItems(ctx, currentUser(request), request.params.id, request.body.item_ids),
  );
}
