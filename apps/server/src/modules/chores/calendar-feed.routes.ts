import { ZCalendarFeed } from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { calendarFeedText, getCalendarFeed, resetCalendarFeed } from './calendar-feed';
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

/** My calendar address, made on first use, and a new one in its place. */
export function calendarAddressRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/chores/calendar-feed',
    { schema: { tags, security, response: { 200: ZCalendarFeed } } },
    (request) => getCalendarFeed(ctx, currentUser(request)),
  );
  api.post(
    '/chores/calendar-feed/reset',
    { schema: { tags, security, response: { 200: ZCalendarFeed } } },
    (request) => resetCalendarFeed(ctx, currentUser(request)),
  );
}
