import { ZInviteCode } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { getActiveCode, regenerateCode, revokeCode } from './invite-codes';
import { noContent, security, tags, ZGroupParams, type RouteApi } from './route-schemas';

/** A group's invite code: the active one, a new one in its place, or none. */
export function inviteCodeRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/invites',
    {
      schema: { tags, security, params: ZGroupParams, response: { 200: ZInviteCode.nullable() } },
    },
    (request) => getActiveCode(ctx, currentUser(request), request.params.id),
  );

  api.post(
    '/groups/:id/invites',
    { schema: { tags, security, params: ZGroupParams, response: { 201: ZInviteCode } } },
    async (request, reply) =>
      reply.status(201).send(await regenerateCode(ctx, currentUser(request), request.params.id)),
  );

  api.delete(
    '/groups/:id/invites',
    { schema: { tags, security, params: ZGroupParams, response: noContent } },
    async (request, reply) => {
      await revokeCode(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
