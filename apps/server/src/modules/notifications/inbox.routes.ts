import { ZNotificationPage, ZNotificationsQuery } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { listNotifications, markAllRead, markRead } from './notifications.service';
import { idParams, security, tags, type RouteApi } from './route-schemas';

/** The signed-in user's notifications: a page of them, and marking them read. */
export function inboxRoutes(me: RouteApi, ctx: AppContext): void {
  me.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationPage },
      },
    },
    (request) => listNotifications(ctx, currentUser(request), request.query),
  );

  me.post(
    '/notifications/read-all',
    { schema: { tags, security, response: { 204: z.null() } } },
    async (request, reply) => {
      await markAllRead(ctx, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  me.post(
    '/notifications/:id/read',
    { schema: { tags, security, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await markRead(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
