import {
  ZCreateListBody,
  ZList,
  ZListDetail,
  ZListStatus,
  ZListStatusesQuery,
  ZListsQuery,
  ZUpdateListBody,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { knownTags, sendTagged } from '../../http/conditional';
import { createList, deleteList, updateList } from './edit-list';
import { listGroupLists, listLists, listStatus, listStatuses, readList } from './list-reads';
import { security, tags, ZListParams, type RouteApi } from './route-schemas';

/** My lists (current or archived), a group's lists, a new list, and the statuses of several. */
export function listCollectionRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/lists',
    { schema: { tags, security, querystring: ZListsQuery, response: { 200: z.array(ZList) } } },
    (request) =>
      listLists(ctx, currentUser(request), { groupId: request.query.group_id, archived: false }),
  );

  api.get(
    '/lists/archived',
    { schema: { tags, security, querystring: ZListsQuery, response: { 200: z.array(ZList) } } },
    (request) =>
      listLists(ctx, currentUser(request), { groupId: request.query.group_id, archived: true }),
  );

  api.get(
    '/groups/:id/lists',
    { schema: { tags, security, params: ZListParams, response: { 200: z.array(ZList) } } },
    (request) => listGroupLists(ctx, currentUser(request), request.params.id),
  );

  api.post(
    '/lists',
    { schema: { tags, security, body: ZCreateListBody, response: { 201: ZListDetail } } },
    async (request, reply) =>
      reply.status(201).send(await createList(ctx, currentUser(request), request.body)),
  );

  api.get(
    '/lists/statuses',
    {
      schema: {
        tags,
        security,
        querystring: ZListStatusesQuery,
        response: { 200: z.array(ZListStatus) },
      },
    },
    (request) => listStatuses(ctx, currentUser(request), request.query.ids),
  );
}

/** One list: read (with its entity tag), edited, deleted, and its status alone. */
export function listRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/lists/:id',
    { schema: { tags, security, params: ZListParams, response: { 200: ZListDetail } } },
    async (request, reply) =>
      sendTagged(
        reply,
        await readList(ctx, currentUser(request), {
          listId: request.params.id,
          knownTags: knownTags(request),
          body: 'detail',
        }),
      ),
  );

  api.patch(
    '/lists/:id',
    {
      schema: {
        tags,
        security,
        params: ZListParams,
        body: ZUpdateListBody,
        response: { 200: ZListDetail },
      },
    },
    (request) => updateList(ctx, currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/lists/:id',
    { schema: { tags, security, params: ZListParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteList(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/lists/:id/status',
    { schema: { tags, security, params: ZListParams, response: { 200: ZListStatus } } },
    (request) => listStatus(ctx, currentUser(request), request.params.id),
  );
}
