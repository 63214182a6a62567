import { ZNotificationDelivery, ZUpdateNotificationDelivery } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { readDelivery, updateDelivery } from './preferences';
import { security, tags, type RouteApi } from './route-schemas';

/** How the signed-in user is notified: which kinds, at what time, how often by mail. */
export function deliverySettingsRoutes(me: RouteApi, ctx: AppContext): void {
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
}
