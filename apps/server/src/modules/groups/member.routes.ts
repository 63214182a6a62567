import { ZChangeRoleBody, ZGroupMember, ZIdParam } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { getMembers } from './group-reads';
import { leaveGroup } from './leave-group';
import { changeRole, removeMember } from './manage-members';
import { noContent, security, tags, ZGroupParams, type RouteApi } from './route-schemas';

const ZMemberParams = z.object({ id: ZIdParam, userId: ZIdParam });

/** A group's members: listed, given another role, removed, or leaving on their own. */
export function memberRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/members',
    {
      schema: { tags, security, params: ZGroupParams, response: { 200: z.array(ZGroupMember) } },
    },
    (request) => getMembers(ctx, currentUser(request), request.params.id),
  );

  api.put(
    '/groups/:id/members/:userId',
    {
      schema: {
        tags,
        security,
        params: ZMemberParams,
        body: ZChangeRoleBody,
        response: { 200: ZGroupMember },
      },
    },
    (request) =>
      changeRole(ctx, currentUser(request), {
        groupId: request.params.id,
        userId: request.params.userId,
        to: request.body.role,
      }),
  );

  api.delete(
    '/groups/:id/members/:userId',
    { schema: { tags, security, params: ZMemberParams, response: noContent } },
    async (request, reply) => {
      await removeMember(ctx, currentUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/groups/:id/leave',
    { schema: { tags, security, params: ZGroupParams, response: noContent } },
    async (request, reply) => {
      await leaveGroup(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
