import { ZChore, ZSkipChoreBody, ZSnoozeChoreBody } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { skipChore, snoozeChore } from './chore-due';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

/** Moving a chore's turn without doing it: skipping it for a reason, or snoozing it. */
export function choreDueRoutes(api: RouteApi, ctx: AppContext): void {
  api.post(
    '/chores/:id/skip',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZSkipChoreBody,
        response: { 200: ZChore },
      },
    },
    (request) => skipChore(ctx, currentUser(request), request.params.id, request.body),
  );
  api.post(
    '/chores/:id/snooze',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZSnoozeChoreBody,
        response: { 200: ZChore },
      },
    },
    (request) => snoozeChore(ctx, currentUser(request), request.params.id, request.body),
  );
}
