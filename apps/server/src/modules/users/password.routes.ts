import { ZChangePasswordBody } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requesterOf } from '../auth/reauth';
import { security, tags, type RouteApi } from './route-schemas';
import { changePassword } from './users.service';

/** Changing the password while signed in (a forgotten one is reset through the auth routes). */
export function passwordRoutes(me: RouteApi, ctx: AppContext): void {
  me.post(
    '/users/password',
    { schema: { tags, security, body: ZChangePasswordBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await changePassword(ctx, requesterOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
}
