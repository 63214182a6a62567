import {
  UNSUBSCRIBE_TOKEN_MAX_LENGTH,
  ZUnsubscribeQuery,
  ZUnsubscribeResult,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { unsubscribeByToken } from './notifications.service';
import { tags, type RouteApi } from './route-schemas';

/**
 * The unsubscribe body: `{ token }` from the web page, or a mail client's one-click form
 * (`List-Unsubscribe=One-Click`, token in the query string, RFC 8058), or nothing.
 */
const ZUnsubscribeRequestBody = z
  .looseObject({ token: z.string().max(UNSUBSCRIBE_TOKEN_MAX_LENGTH).optional() })
  .nullish();

/** The link in every notification mail: no sign-in, the token names the user. */
export function unsubscribeRoutes(app: RouteApi, ctx: AppContext): void {
  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        description:
          'Turns email notifications off for the user the token names; no sign-in. The token ' +
          'comes in the body (`{ token }`) or, for one-click unsubscribe, in the query string.',
        querystring: ZUnsubscribeQuery,
        body: ZUnsubscribeRequestBody,
        response: { 200: ZUnsubscribeResult },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      return unsubscribeByToken(ctx, token);
    },
  );
}
