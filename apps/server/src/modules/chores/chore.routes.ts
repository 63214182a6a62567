import {
  ZChore,
  ZChorePage,
  ZChoresQuery,
  ZCreateChoreBody,
  ZUpdateChoreBody,
  ZVersionQuery,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { getChore, listChores } from './chore-reads';
import { createChore, deleteChore, updateChore } from './edit-chore';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

const ZGroupChoresQuery = ZChoresQuery.omit({ group_id: true, personal: true });

/** Chores: listed (mine or a group's), created, read, edited, deleted. */
export function choreRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/chores',
    { schema: { tags, security, querystring: ZChoresQuery, response: { 200: ZChorePage } } },
    (request) => listChores(ctx, currentUser(request), request.query),
  );
  api.post(
    '/chores',
    { schema: { tags, security, body: ZCreateChoreBody, response: { 201: ZChore } } },
    async (request, reply) =>
      reply.status(201).send(await createChore(ctx, currentUser(request), request.body)),
  );
  api.get(
    '/groups/:id/chores',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZGroupChoresQuery,
        response: { 200: ZChorePage },
      },
    },
    (request) =>
      listChores(ctx, currentUser(request), { ...request.query, group_id: request.params.id }),
  );

  api.get(
    '/chores/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZChore } } },
    (request) => getChore(ctx, currentUser(request), request.params.id),
  );
  api.patch(
    '/chores/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateChoreBody,
        response: { 200: ZChore },
      },
    },
    (request) => updateChore(ctx, currentUser(request), request.params.id, request.body),
  );
  api.delete(
    '/chores/:id',
    { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
    async (request, reply) => {
      await deleteChore(ctx, currentUser(request), request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
}
