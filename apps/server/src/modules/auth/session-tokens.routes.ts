import { ZLogoutBody, ZRefreshBody, ZTokenPair } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { security, tags, type RouteApi } from './route-schemas';
import { familyOfRefreshToken, revokeFamily, rotateRefreshToken } from './sessions';

/** A session's tokens: a refresh token buys a new pair; logout ends the session. */
export function sessionTokenRoutes(app: RouteApi, ctx: AppContext): void {
  app.post(
    '/auth/jwt/refresh',
    { schema: { tags, body: ZRefreshBody, response: { 200: ZTokenPair } } },
    async (request) => rotateRefreshToken(ctx, request.body.refresh_token),
  );

  app.post(
    '/auth/jwt/logout',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags,
        security,
        body: ZLogoutBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ended: string[] = [];
      if (request.sessionId) {
        await revokeFamily(ctx.db, request.sessionId);
        ended.push(request.sessionId);
      }
      const presented = request.body?.refresh_token;
      if (presented) {
        const family = await familyOfRefreshToken(ctx.db, presented);
        if (family?.userId === user.id) {
          await revokeFamily(ctx.db, family.familyId);
          ended.push(family.familyId);
        }
      }
      await ctx.sessions.announce(user.id, ended);
      return reply.status(204).send(null);
    },
  );
}
