import { ZDeleteMeBody, ZUpdateMeBody, ZUser } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { presentUser } from '../people/people.presenter';
import { security, tags, type RouteApi } from './route-schemas';
import { deleteAccount, updateProfile } from './users.service';

/** The signed-in user's own account: read it, edit the profile, delete it. */
export function profileRoutes(me: RouteApi, ctx: AppContext): void {
  me.get('/users/me', { schema: { tags, security, response: { 200: ZUser } } }, (request) =>
    presentUser(currentUser(request), ctx.config),
  );

  me.patch(
    '/users/me',
    { schema: { tags, security, body: ZUpdateMeBody, response: { 200: ZUser } } },
    async (request) =>
      presentUser(await updateProfile(ctx, currentUser(request), request.body), ctx.config),
  );

  me.delete(
    '/users/me',
    { schema: { tags, security, body: ZDeleteMeBody.nullish(), response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAccount(ctx, currentUser(request), request.body?.password);
      return reply.status(204).send(null);
    },
  );
}
