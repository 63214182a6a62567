import {
  ZNotificationSettings,
  ZPreferences,
  ZSettings,
  ZUpdateNotificationSettings,
  ZUpdatePreferences,
  ZUpdateSettings,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { security, tags, type RouteApi } from './route-schemas';
import { presentNotifications, presentPreferences } from './users.presenter';
import { updateSettings } from './users.service';

/** The user's settings: notifications, preferences, and both together. */
export function settingsRoutes(me: RouteApi, ctx: AppContext): void {
  me.get(
    '/users/notifications',
    { schema: { tags, security, response: { 200: ZNotificationSettings } } },
    (request) => presentNotifications(currentUser(request)),
  );
  me.put(
    '/users/notifications',
    {
      schema: {
        tags,
        security,
        body: ZUpdateNotificationSettings,
        response: { 200: ZNotificationSettings },
      },
    },
    async (request) =>
      presentNotifications(
        await updateSettings(ctx, currentUser(request), { notifications: request.body }),
      ),
  );

  me.get(
    '/users/preferences',
    { schema: { tags, security, response: { 200: ZPreferences } } },
    (request) => presentPreferences(currentUser(request)),
  );
  me.put(
    '/users/preferences',
    { schema: { tags, security, body: ZUpdatePreferences, response: { 200: ZPreferences } } },
    async (request) =>
      presentPreferences(
        await updateSettings(ctx, currentUser(request), { preferences: request.body }),
      ),
  );

  me.get(
    '/users/settings',
    { schema: { tags, security, response: { 200: ZSettings } } },
    (request) => {
      const user = currentUser(request);
      return {
        notifications: presentNotifications(user),
        preferences: presentPreferences(user),
      };
    },
  );
  me.put(
    '/users/settings',
    { schema: { tags, security, body: ZUpdateSettings, response: { 200: ZSettings } } },
    async (request) => {
      const user = await updateSettings(ctx, currentUser(request), request.body);
      return {
        notifications: presentNotifications(user),
        preferences: presentPreferences(user),
      };
    },
  );
}
