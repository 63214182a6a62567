import { ZCalendarFeed, ZCalendarFeedBody } from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { assertReauthenticated, requesterOf } from '../auth/reauth';
import {
  calendarFeedText,
  createCalendarFeed,
  getCalendarFeed,
  resetCalendarFeed,
} from './calendar-feed';
import { security, tags, type RouteApi } from './route-schemas';

/** The calendar address is opened by calendar apps, which send no token: the URL is the key. */
export function calendarFeedRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/chores/calendar/:file',
      {
        schema: {
          tags,
          summary: 'A private iCal feed of my chores',
          params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/) }),
        },
      },
      async (request, reply) => {
        const text = await calendarFeedText(ctx, request.params.file.slice(0, -4));
        return reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(text);
      },
    );
  };
}

/**
 * My calendar address, making one and a new one in its place. Making one needs a fresh login or
 * the password (docs/accounts.md): the address reads my chores for good, without signing in, so a
 * stolen access token must not be enough to mint one.
 */
export function calendarAddressRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/chores/calendar-feed',
    { schema: { tags, security, response: { 200: ZCalendarFeed } } },
    (request) => getCalendarFeed(ctx, currentUser(request)),
  );
  const makeAddress = { tags, security, body: ZCalendarFeedBody.nullish() };
  api.post(
    '/chores/calendar-feed',
    { schema: { ...makeAddress, response: { 200: ZCalendarFeed } } },
    async (request) => {
      await assertReauthenticated(ctx, requesterOf(request), request.body?.current_password);
      return createCalendarFeed(ctx, currentUser(request));
    },
  );
  api.post(
    '/chores/calendar-feed/reset',
    { schema: { ...makeAddress, response: { 200: ZCalendarFeed } } },
    async (request) => {
      await assertReauthenticated(ctx, requesterOf(request), request.body?.current_password);
      return resetCalendarFeed(ctx, currentUser(request));
    },
  );
}
