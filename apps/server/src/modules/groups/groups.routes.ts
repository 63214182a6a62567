import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { groupActivityRoutes } from './group-activity.routes';
import { groupRoleRoutes } from './group-role.routes';
import { groupSettingsRoutes } from './group-settings.routes';
import { groupCollectionRoutes, groupRoutes } from './group.routes';
import { inviteCodeRoutes } from './invite-code.routes';
import { joinGroupRoutes } from './join-group.routes';
import { memberRoutes } from './member.routes';

// The invites module limits its joins as this one does.

export function groupsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // Runs before the route's own hooks (the rate limit among them), which then know the user.
    api.addHook('onRequest', requireUser(ctx));

    // The OpenAPI document lists the paths in the order they are registered here.
    groupCollectionRoutes(api, ctx);
    // Registered before /groups/:id so that "join" is never read as an id.
    joinGroupRoutes(api, ctx);
    groupRoutes(api, ctx);
    memberRoutes(api, ctx);
    inviteCodeRoutes(api, ctx);
    groupSettingsRoutes(api, ctx);
    groupRoleRoutes(api, ctx);
    groupActivityRoutes(api, ctx);
  };
}
