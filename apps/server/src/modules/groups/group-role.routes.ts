import { GROUP_ROLES, ZGroupRole, ZGroupRoleInfo, ZIdParam } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { ROLE_PERMISSIONS } from './groups.policy';
import { requireMembership } from './membership';
import { security, tags, ZGroupParams, type RouteApi } from './route-schemas';

/** What each role of a group may do, for its members. */
export function groupRoleRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/roles',
    {
      schema: {
        tags,
        security,
        params: ZGroupParams,
        response: { 200: z.array(ZGroupRoleInfo) },
      },
    },
    async (request) => {
      await requireMembership(ctx.db, request.params.id, currentUser(request).id);
      return GROUP_ROLES.map((role) => ({ role, permissions: [...ROLE_PERMISSIONS[role]] }));
    },
  );

  api.get(
    '/groups/:id/roles/:role',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: ZIdParam, role: ZGroupRole }),
        response: { 200: ZGroupRoleInfo },
      },
    },
    async (request) => {
      await requireMembership(ctx.db, request.params.id, currentUser(request).id);
      const { role } = request.params;
      return { role, permissions: [...ROLE_PERMISSIONS[role]] };
    },
  );
}
