import {
  ZPushDevice,
  ZPushDevices,
  ZPushDevicesQuery,
  ZPushPublicKey,
  ZPushSubscriptionBody,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { assertReauthenticated, requesterOf } from '../auth/reauth';
import type { Notifications } from './notifier';
import { listDevices, subscribe, unsubscribeDevice } from './notifications.service';
import { idParams, security, tags, type RouteApi } from './route-schemas';

/** Public: a browser needs the server's key before it can subscribe to push. */
export function pushPublicKeyRoutes(
  app: RouteApi,
  notifications: Pick<Notifications, 'publicKey'>,
): void {
  app.get('/push/public-key', { schema: { tags, response: { 200: ZPushPublicKey } } }, () => ({
    public_key: notifications.publicKey,
  }));
}

/** The signed-in user's push devices: list them, subscribe one, remove one. */
export function pushSubscriptionRoutes(me: RouteApi, ctx: AppContext): void {
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
      // A device receives my notifications for good: a fresh login or the password, not a
      // stolen access token alone (docs/accounts.md "Sensitive changes").
      const { current_password: password, ...subscription } = request.body;
      await assertReauthenticated(ctx, requesterOf(request), password);
      const { device, created } = await subscribe(ctx, currentUser(request), subscription);
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
}
