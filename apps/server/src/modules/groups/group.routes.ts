import { ZCreateGroupBody, ZGroup, ZGroupSummary, ZUpdateGroupBody } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { createGroup, deleteGroup, updateGroup } from './edit-group';
import { getGroup, listMyGroups } from './group-reads';
import { noContent, security, tags, ZGroupParams, type RouteApi } from './route-schemas';

/** My groups, and a new one. */
export function groupCollectionRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups',
    { schema: { tags, security, response: { 200: z.array(ZGroupSummary) } } },
    (request) => listMyGroups(ctx, currentUser(request)),
  );

  api.post(
    '/groups',
    { schema: { tags, security, body: ZCreateGroupBody, response: { 201: ZGroup } } },
    async (request, reply) =>
      reply.status(201).send(await createGroup(ctx, currentUser(request), request.body)),
  );
}

/** One group: read, renamed, deleted. */
export function groupRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id',
    { schema: { tags, security, params: ZGroupParams, response: { 200: ZGroup } } },
    (request) => getGroup(ctx, currentUser(request), request.params.id),
  );

  api.patch(
    '/groups/:id',
    {
      schema: {
        tags,
        security,
        params: ZGroupParams,
        body: ZUpdateGroupBody,
        response: { 200: ZGroup },
      },
    },
    (request) => updateGroup(ctx, currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/groups/:id',
    { schema: { tags, security, params: ZGroupParams, response: noContent } },
    async (request, reply) => {
      await deleteGroup(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
