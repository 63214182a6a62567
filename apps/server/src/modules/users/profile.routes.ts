import { ZDeleteMeBody, ZUpdateMeBody, ZUser } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { currentUser } from '../../http/auth';
import { pendingEmailOf } from '../auth/email-change';
import { requesterOf } from '../auth/reauth';
import { presentUser } from '../people/people.presenter';
import { security, tags, type RouteApi } from './route-schemas';
import { deleteAccount, updateProfile } from './users.service';

/** The own account, with the email change that waits for confirmation, if any. */
async function presentMe(ctx: AppContext, user: UserRow) {
  return { ...presentUser(user, ctx.config), pending_email: await pendingEmailOf(ctx.db, user.id) };
}

/** The signed-in user's own account: read it, edit the profile, delete it. */
export function profileRoutes(me: RouteApi, ctx: AppContext): void {
  me.get('/users/me', { schema: { tags, security, response: { 200: ZUser } } }, (request) =>
    presentMe(ctx, currentUser(request)),
  );

  me.patch(
    '/users/me',
    {
      schema: {
        tags,
        security,
        description:
          'An email change needs `current_password` (or a login within 5 minutes) and takes ' +
          'effect once the new address is confirmed; until then the answer shows `pending_email`.',
        body: ZUpdateMeBody,
        response: { 200: ZUser },
      },
    },
    async (request) => presentMe(ctx, await updateProfile(ctx, requesterOf(request), request.body)),
  );

  me.delete(
    '/users/me',
    { schema: { tags, security, body: ZDeleteMeBody.nullish(), response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAccount(ctx, requesterOf(request), request.body?.password);
      return reply.status(204).send(null);
    },
  );
}
