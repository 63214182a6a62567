import {
  ZChannelStates,
  ZChannelTestBody,
  ZDelivery,
  ZWebhook,
  ZWebhookBody,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import type { Notifications } from './notifier';
import { security, tags, type RouteApi } from './route-schemas';
import { deleteWebhook, readWebhook, saveWebhook } from './webhook-settings';

/** The signed-in user's channels: their webhook, a test per channel, the last deliveries. */
export function channelRoutes(
  me: RouteApi,
  ctx: AppContext,
  notifications: Pick<Notifications, 'sendTest' | 'channels'>,
): void {
  me.get(
    '/notifications/webhook',
    { schema: { tags, security, response: { 200: ZWebhook } } },
    (request) => readWebhook(ctx.db, currentUser(request).id),
  );

  me.put(
    '/notifications/webhook',
    {
      schema: { tags, security, body: ZWebhookBody, response: { 200: ZWebhook, 201: ZWebhook } },
    },
    async (request, reply) => {
      const { webhook, created } = await saveWebhook(ctx.db, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(webhook);
    },
  );

  me.delete(
    '/notifications/webhook',
    { schema: { tags, security, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteWebhook(ctx.db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  me.post(
    '/notifications/test',
    { schema: { tags, security, body: ZChannelTestBody, response: { 200: ZDelivery } } },
    (request) => notifications.sendTest(currentUser(request).id, request.body.channel),
  );

  me.get(
    '/notifications/deliveries',
    { schema: { tags, security, response: { 200: ZChannelStates } } },
    (request) => notifications.channels(currentUser(request).id),
  );
}
