import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { avatarFileRoutes, myAvatarRoutes } from './avatar.routes';
import { dataExportRoutes } from './data-export.routes';
import { emailChangeRoutes } from './email-change.routes';
import { passwordRoutes } from './password.routes';
import { profileRoutes } from './profile.routes';
import { settingsRoutes } from './settings.routes';

/** The users' routes: avatar files and the email-change links for anyone, the rest for the signed-in user about themselves. */
export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    avatarFileRoutes(app, ctx);
    emailChangeRoutes(app.withTypeProvider<ZodTypeProvider>(), ctx);

    app.register(async (scope) => {
      const me = scope.withTypeProvider<ZodTypeProvider>();
      me.addHook('onRequest', requireUser(ctx));
      profileRoutes(me, ctx);
      dataExportRoutes(me, ctx);
      passwordRoutes(me, ctx);
      settingsRoutes(me, ctx);
      myAvatarRoutes(me, ctx);
    });
  };
}
