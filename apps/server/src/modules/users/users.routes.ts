import {
  AVATAR_MAX_BYTES,
  ZChangePasswordBody,
  ZDataExport,
  ZDeleteMeBody,
  ZNotificationSettings,
  ZPreferences,
  ZSettings,
  ZUpdateMeBody,
  ZUpdateNotificationSettings,
  ZUpdatePreferences,
  ZUpdateSettings,
  ZUser,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { readUpload } from '../../http/multipart';
import { notFound } from '../../http/problem';
import { findAvatar, removeAvatar, setAvatar } from './avatar';
import { exportFilename, exportUserData } from './data-export';
import { presentUser } from '../people/people.presenter';
import { presentNotifications, presentPreferences } from './users.presenter';
import { changePassword, deleteAccount, updateProfile, updateSettings } from './users.service';

const tags = ['users'];
const security = [{ bearer: [] }];

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the avatar key is random and changes with every upload (see avatar.ts).
    app.get(
      '/avatars/:file',
      { schema: { tags, params: z.object({ file: z.string().regex(/^[\w-]{20,64}\.webp$/) }) } },
      async (request, reply) => {
        const avatar = await findAvatar(ctx, request.params.file.replace(/\.webp$/, ''));
        if (!avatar) throw notFound('No such avatar');
        return reply
          .type(avatar.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(avatar.content);
      },
    );

    app.register(async (scope) => {
      const me = scope.withTypeProvider<ZodTypeProvider>();
      me.addHook('onRequest', requireUser(ctx));

      me.get('/users/me', { schema: { tags, security, response: { 200: ZUser } } }, (request) =>
        presentUser(currentUser(request), ctx.config),
      );

      me.patch(
        '/users/me',
        { schema: { tags, security, body: ZUpdateMeBody, response: { 200: ZUser } } },
        async (request) =>
          presentUser(await updateProfile(ctx, currentUser(request), request.body), ctx.config),
      );

      me.delete(
        '/users/me',
        { schema: { tags, security, body: ZDeleteMeBody.nullish(), response: { 204: z.null() } } },
        async (request, reply) => {
          await deleteAccount(ctx, currentUser(request), request.body?.password);
          return reply.status(204).send(null);
        },
      );

      me.get(
        '/users/me/export',
        {
          schema: {
            tags,
            security,
            description:
              'Download my data: everything the caller owns or shares, as one JSON file.',
            response: { 200: ZDataExport },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const data = await exportUserData(ctx, user);
          const filename = exportFilename(new Date(data.exported_at), user.timezone);
          return reply
            .header('content-disposition', `attachment; filename="${filename}"`)
            .header('cache-control', 'no-store')
            .send(data);
        },
      );

      me.post(
        '/users/password',
        { schema: { tags, security, body: ZChangePasswordBody, response: { 204: z.null() } } },
        async (request, reply) => {
          await changePassword(ctx, currentUser(request), request.sessionId, request.body);
          return reply.status(204).send(null);
        },
      );

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

      me.put(
        '/users/avatar',
        {
          schema: {
            tags,
            security,
            consumes: ['multipart/form-data'],
            description: 'Multipart field `file`: PNG, JPEG or WebP, at most 2 MB.',
            response: { 200: ZUser },
          },
        },
        async (request) => {
          const { files } = await readUpload(request, {
            maxFiles: 1,
            maxFileBytes: AVATAR_MAX_BYTES,
          });
          return presentUser(
            await setAvatar(ctx, currentUser(request), files[0]!.bytes),
            ctx.config,
          );
        },
      );
      me.delete(
        '/users/avatar',
        { schema: { tags, security, response: { 200: ZUser } } },
        async (request) => presentUser(await removeAvatar(ctx, currentUser(request)), ctx.config),
      );
    });
  };
}
