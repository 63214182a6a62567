import { AVATAR_MAX_BYTES, ZUser } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { readUpload } from '../../http/multipart';
import { notFound } from '../../http/problem';
import { presentUser } from '../people/people.presenter';
import { findAvatar, removeAvatar, setAvatar } from './avatar';
import { security, tags, type RouteApi } from './route-schemas';

/** Public: the avatar key is random and changes with every upload (see avatar.ts). */
export function avatarFileRoutes(app: RouteApi, ctx: AppContext): void {
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
}

/** The signed-in user's avatar: upload a photo, remove it. */
export function myAvatarRoutes(me: RouteApi, ctx: AppContext): void {
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
      return presentUser(await setAvatar(ctx, currentUser(request), files[0]!.bytes), ctx.config);
    },
  );
  me.delete(
    '/users/avatar',
    { schema: { tags, security, response: { 200: ZUser } } },
    async (request) => presentUser(await removeAvatar(ctx, currentUser(request)), ctx.config),
  );
}
