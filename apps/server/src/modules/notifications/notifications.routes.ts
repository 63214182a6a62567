import formbody from '@fastify/formbody';
import { JSON_BODY_LIMIT_BYTES } from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { channelRoutes } from './channels.routes';
import { deliverySettingsRoutes } from './delivery-settings.routes';
import { inboxRoutes } from './inbox.routes';
import type { Notifications } from './notifier';
import { pushPublicKeyRoutes, pushSubscriptionRoutes } from './push.routes';
import { unsubscribeRoutes } from './unsubscribe.routes';

export function notificationsRoutes(
  ctx: AppContext,
  notifications: Pick<Notifications, 'publicKey' | 'sendTest' | 'channels'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Mail clients post the one-click unsubscribe as a form.
    await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });

    unsubscribeRoutes(app, ctx);
    pushPublicKeyRoutes(app, notifications);

    app.register(async (scope) => {
      const me = scope.withTypeProvider<ZodTypeProvider>();
      me.addHook('onRequest', requireUser(ctx));
      inboxRoutes(me, ctx);
      deliverySettingsRoutes(me, ctx);
      pushSubscriptionRoutes(me, ctx);
      channelRoutes(me, ctx, notifications);
    });
  };
}
