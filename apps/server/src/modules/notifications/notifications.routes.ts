import formbody from '@fastify/formbody';
import {
  JSON_BODY_LIMIT_BYTES,
  UNSUBSCRIBE_TOKEN_MAX_LENGTH,
  ZIdParam,
  ZNotificationDelivery,
  ZNotificationPage,
  ZNotificationsQuery,
  ZPushDevice,
  ZPushDevices,
  ZPushDevicesQuery,
  ZPushPublicKey,
  ZPushSubscriptionBody,
  ZUnsubscribeQuery,
  ZUnsubscribeResult,
  ZUpdateNotificationDelivery,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import type { Notifications } from './notifier';
import {
  listDevices,
  listNotifications,
  markAllRead,
  markRead,
  subscribe,
  unsubscribeByToken,
  unsubscribeDevice,
} from './notifications.service';
import { readDelivery, updateDelivery } from './preferences';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: ZIdParam });

/**
 * The unsubscribe body: `{ token }` from the web page, or a mail client's one-click form
 * (`List-Unsubscribe=One-Click`, token in the query string, RFC 8058), or nothing.
 */
const ZUnsubscribeRequestBody = z
  .looseObject({ token: z.string().max(UNSUBSCRIBE_TOKEN_MAX_LENGTH).optional() })
  .nullish();

export function notificationsRoutes(
  ctx: AppContext,
  notifications: Pick<Notifications, 'publicKey'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Mail clients post the one-click unsubscribe as a form.
    await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });

    app.post(
      '/notifications/unsubscribe',
      {
        schema: {
          tags,
          description:
            'Turns email notifications off for the user the token names; no sign-in. The token ' +
            'comes in the body (`{ token }`) or, for one-click unsubscribe, in the query string.',
          querystring: ZUnsubscribeQuery,
          body: ZUnsubscribeRequestBody,
          response: { 200: ZUnsubscribeResult },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token;
        return unsubscribeByToken(ctx, token);
      },
    );

    app.get('/push/public-key', { schema: { tags, response: { 200: ZPushPublicKey } } }, () => ({
      public_key: notifications.publicKey,
    }));

    app.register(async (scope) => {
      const me = scope.withTypeProvider<ZodTypeProvider>();
      me.addHook('onRequest', requireUser(ctx));

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

      me.get(
        '/notifications/settings',
        { schema: { tags, security, response: { 200: ZNotificationDelivery } } },
        (request) => readDelivery(ctx.db, currentUser(request)),
      );

      me.put(
        '/notifications/settings',
        {
          schema: {
            tags,
            security,
            body: ZUpdateNotificationDelivery,
            response: { 200: ZNotificationDelivery },
          },
        },
        (request) => updateDelivery(ctx.db, currentUser(request), request.body),
      );

      me.get(
        '/push/subscriptions',
        {
          schema: {
            tags,
            security,
            querystring: ZPushDevicesQuery,
            response: { 200: ZPushDevices },
          },
        },
        async (request) => ({
          items: await listDevices(ctx, currentUser(request), request.query.endpoint),
        }),
      );

      me.post(
        '/push/subscriptions',
        {
          schema: {
            tags,
            security,
            body: ZPushSubscriptionBody,
            response: { 200: ZPushDevice, 201: ZPushDevice },
          },
        },
        async (request, reply) => {
          const { device, created } = await subscribe(ctx, currentUser(request), request.body);
          return reply.status(created ? 201 : 200).send(device);
        },
      );

      me.delete(
        '/push/subscriptions/:id',
        { schema: { tags, security, params: idParams, response: { 204: z.null() } } },
        async (request, reply) => {
          await unsubscribeDevice(ctx, currentUser(request), request.params.id);
          return reply.status(204).send(null);
        },
      );
    });
  };
}
