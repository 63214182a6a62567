import {
  ZCreateTimeEntryBody,
  ZTimeEntry,
  ZTimeEntryList,
  ZUpdateTimeEntryBody,
  ZVersionQuery,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';
import { createTimeEntry, deleteTimeEntry, listTimeEntries, updateTimeEntry } from './time-entries';

/** The time spent on an assignment, entry by entry. */
export function timeEntryRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/chores/assignments/:id/time-entries',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZTimeEntryList } } },
    (request) => listTimeEntries(ctx, currentUser(request), request.params.id),
  );
  api.post(
    '/chores/assignments/:id/time-entries',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZCreateTimeEntryBody,
        response: { 201: ZTimeEntry },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTimeEntry(ctx, currentUser(request), request.params.id, request.body)),
  );
  api.patch(
    '/chores/time-entries/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateTimeEntryBody,
        response: { 200: ZTimeEntry },
      },
    },
    (request) => updateTimeEntry(ctx, currentUser(request), request.params.id, request.body),
  );
  api.delete(
    '/chores/time-entries/:id',
    { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
    async (request, reply) => {
      await deleteTimeEntry(ctx, currentUser(request), request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
}
