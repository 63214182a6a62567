import {
  ZCreateListBody,
  ZDuplicateListBody,
  ZExportQuery,
  ZIdParam,
  ZImportListBody,
  ZImportResult,
  ZList,
  ZListDetail,
  ZListStatus,
  ZListStatusesQuery,
  ZListsQuery,
  ZShareListBody,
  ZUpdateListBody,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { knownTags, sendTagged } from '../../http/conditional';
import { createList, deleteList, duplicateList, updateList } from './edit-list';
import { exportList, importList } from './list-import-export';
import { transitionList, type ListTransition } from './list-lifecycle';
import { listGroupLists, listLists, listStatus, listStatuses, readList } from './list-reads';
import { shareList, unshareList } from './share-list';

const tags = ['lists'];
const security = [{ bearer: [] }];
const ZListParams = z.object({ id: ZIdParam });
const TRANSITION_NAMES: ListTransition[] = ['complete', 'reopen', 'archive', 'unarchive'];

export function listsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

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

    api.post(
      '/lists/import',
      { schema: { tags, security, body: ZImportListBody, response: { 201: ZImportResult } } },
      async (request, reply) =>
        reply.status(201).send(await importList(ctx, currentUser(request), request.body)),
    );

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

    for (const transition of TRANSITION_NAMES) {
      api.post(
        `/lists/:id/${transition}`,
        { schema: { tags, security, params: ZListParams, response: { 200: ZListDetail } } },
        (request) => transitionList(ctx, currentUser(request), request.params.id, transition),
      );
    }

    api.post(
      '/lists/:id/duplicate',
      {
        schema: {
          tags,
          security,
          params: ZListParams,
          body: ZDuplicateListBody.nullish(),
          response: { 201: ZListDetail },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await duplicateList(
              ctx,
              currentUser(request),
              request.params.id,
              request.body?.name ?? undefined,
            ),
          ),
    );

    api.post(
      '/lists/:id/share',
      {
        schema: {
          tags,
          security,
          params: ZListParams,
          body: ZShareListBody,
          response: { 200: ZListDetail },
        },
      },
      (request) => shareList(ctx, currentUser(request), request.params.id, request.body.group_id),
    );

    api.post(
      '/lists/:id/unshare',
      { schema: { tags, security, params: ZListParams, response: { 200: ZListDetail } } },
      (request) => unshareList(ctx, currentUser(request), request.params.id),
    );

    api.get(
      '/lists/:id/export',
      { schema: { tags, security, params: ZListParams, querystring: ZExportQuery } },
      async (request, reply) => {
        const file = await exportList(
          ctx,
          currentUser(request),
          request.params.id,
          request.query.format,
        );
        return reply
          .type(file.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${encodeURIComponent(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .send(file.body);
      },
    );
  };
}
