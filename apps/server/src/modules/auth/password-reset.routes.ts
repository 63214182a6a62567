import { ZAccepted, ZForgotPasswordBody, ZResetPasswordBody } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requestPasswordReset, resetPassword } from './auth.service';
import { perIpRateLimit, tags, type RouteApi } from './route-schemas';

/** A forgotten password: a mailed token, then a new password with it. */
export function passwordResetRoutes(app: RouteApi, ctx: AppContext): void {
  const perIp = perIpRateLimit(ctx);

  app.post(
    '/auth/forgot-password',
    {
      config: perIp,
      schema: { tags, body: ZForgotPasswordBody, response: { 202: ZAccepted } },
    },
    async (request, reply) => {
      // The lookup and the mail run after the answer, so its time is the same for every address.
      const { email } = request.body;
      const source = request.ip;
      ctx.afterAnswer.run('password reset mail', () =>
        requestPasswordReset(ctx, { email, source }),
      );
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/reset-password',
    { config: perIp, schema: { tags, body: ZResetPasswordBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await resetPassword(ctx, request.body);
      return reply.status(204).send(null);
    },
  );
}
