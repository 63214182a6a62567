import { ZActivityPage, ZPageQuery } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { listActivity } from './activity';
import { assertCan } from './groups.policy';
import { requireMembership } from './membership';
import { security, tags, ZGroupParams, type RouteApi } from './route-schemas';

/** A group's activity log, newest first, for members who may view it. */
export function groupActivityRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/activity',
    {
      schema: {
        tags,
        security,
        params: ZGroupParams,
        querystring: ZPageQuery,
        response: { 200: ZActivityPage },
      },
    },
    async (request) => {
      const { role } = await requireMembership(ctx.db, request.params.id, currentUser(request).id);
      assertCan(role, 'view_activity');
      return listActivity(ctx.db, ctx.config, request.params.id, request.query);
    },
  );
}
