import {
  ZChore,
  ZChoreHistoryPage,
  ZChoreHistoryQuery,
  ZChoreStatusBody,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { choreHistoryOf, groupChoreHistory } from './chore-reads';
import { completeChore, undoChore } from './complete-chore';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

/** Doing a chore: completing it, undoing that, and the history of completions. */
export function choreCompletionRoutes(api: RouteApi, ctx: AppContext): void {
  api.post(
    '/chores/:id/complete',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZChoreStatusBody,
        response: { 200: ZChore },
      },
    },
    (request) => completeChore(ctx, currentUser(request), request.params.id, request.body.version),
  );
  api.post(
    '/chores/:id/undo',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZChoreStatusBody,
        response: { 200: ZChore },
      },
    },
    (request) => undoChore(ctx, currentUser(request), request.params.id, request.body.version),
  );

  api.get(
    '/chores/:id/history',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZChoreHistoryQuery,
        response: { 200: ZChoreHistoryPage },
      },
    },
    (request) => choreHistoryOf(ctx, currentUser(request), request.params.id, request.query),
  );
  api.get(
    '/groups/:id/chores/history',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZChoreHistoryQuery,
        response: { 200: ZChoreHistoryPage },
      },
    },
    (request) => groupChoreHistory(ctx, currentUser(request), request.params.id, request.query),
  );
}
