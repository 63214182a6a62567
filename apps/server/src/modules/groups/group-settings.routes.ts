import { ZGroupSettings, ZUpdateGroupSettingsBody } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { getSettings, updateSettings } from './edit-group';
import { security, tags, ZGroupParams, type RouteApi } from './route-schemas';

/** A group's settings, read and changed. */
export function groupSettingsRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/settings',
    { schema: { tags, security, params: ZGroupParams, response: { 200: ZGroupSettings } } },
    (request) => getSettings(ctx, currentUser(request), request.params.id),
  );

  api.patch(
    '/groups/:id/settings',
    {
      schema: {
        tags,
        security,
        params: ZGroupParams,
        body: ZUpdateGroupSettingsBody,
        response: { 200: ZGroupSettings },
      },
    },
    (request) => updateSettings(ctx, currentUser(request), request.params.id, request.body),
  );
}
