import { ZUser, ZVerifyBody } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { confirmEmailChange, undoEmailChange } from '../auth/email-change';
import { perIpRateLimit } from '../auth/route-schemas';
import { presentUser } from '../people/people.presenter';
import type { RouteApi } from './route-schemas';

const tags = ['auth'];

/**
 * The two links of an email change. Public: the token is the proof, and whoever opens the link
 * may be signed out (the undo link) or on another device (the confirm link).
 */
export function emailChangeRoutes(app: RouteApi, ctx: AppContext): void {
  const perIp = perIpRateLimit(ctx);
  app.post(
    '/auth/confirm-email',
    {
      config: perIp,
      schema: {
        tags,
        description: 'Makes the pending address, from the mailed link, the account address.',
        body: ZVerifyBody,
        response: { 200: ZUser },
      },
    },
    async (request) => presentUser(await confirmEmailChange(ctx, request.body.token), ctx.config),
  );
  app.post(
    '/auth/undo-email-change',
    {
      config: perIp,
      schema: {
        tags,
        description:
          'From the old address: cancels or reverses an email change and ends every session.',
        body: ZVerifyBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await undoEmailChange(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  );
}
