import { ZAccepted, ZRequestVerifyTokenBody, ZUser, ZVerifyBody } from '@household/contracts';
import type { AppContext } from '../../context';
import { optionalUser } from '../../http/auth';
import { presentUser } from '../people/people.presenter';
import { requestVerification, verifyEmail } from './auth.service';
import { perIpRateLimit, tags, type RouteApi } from './route-schemas';

/** Proving an email address: a mailed token, then the token back. */
export function emailVerificationRoutes(app: RouteApi, ctx: AppContext): void {
  const perIp = perIpRateLimit(ctx);

  app.post(
    '/auth/request-verify-token',
    {
      config: perIp,
      onRequest: optionalUser(ctx),
      schema: {
        tags,
        description: 'Signed in: mails the caller. Otherwise mails `email` if it is registered.',
        body: ZRequestVerifyTokenBody,
        response: { 202: ZAccepted },
      },
    },
    async (request, reply) => {
      // After the answer, so its time does not tell whether the address has an account.
      const { user: caller, ip: source } = request;
      const email = request.body?.email;
      ctx.afterAnswer.run('verification mail', () =>
        requestVerification(ctx, { caller, email, source }),
      );
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/verify',
    { config: perIp, schema: { tags, body: ZVerifyBody, response: { 200: ZUser } } },
    async (request) => presentUser(await verifyEmail(ctx, request.body.token), ctx.config),
  );
}
