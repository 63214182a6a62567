import { ZAccepted, ZUnlockBody, ZUnlockRequestBody } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { knownDeviceCookie, readKnownDevices } from './known-devices';
import { requestUnlockLink, unlockDevice } from './login-unlock';
import { perIpRateLimit, tags, type RouteApi } from './route-schemas';

/** A mailed link that lets one browser sign in while others' guesses slow the account down. */
export function loginUnlockRoutes(app: RouteApi, ctx: AppContext): void {
  const perIp = perIpRateLimit(ctx);

  app.post(
    '/auth/unlock-request',
    {
      config: perIp,
      schema: {
        tags,
        description: 'Mails a one-time link if the address has an account; always 202.',
        body: ZUnlockRequestBody,
        response: { 202: ZAccepted },
      },
    },
    async (request, reply) => {
      // After the answer, so its time does not tell whether the address has an account.
      const { email } = request.body;
      const source = request.ip;
      ctx.afterAnswer.run('unlock mail', () => requestUnlockLink(ctx, { email, source }));
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/unlock',
    {
      config: perIp,
      schema: {
        tags,
        description: 'Uses a mailed unlock token: this browser becomes a known device.',
        body: ZUnlockBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userId = await unlockDevice(ctx, request.body.token);
      const devices = readKnownDevices(ctx.jwtKey, request.headers.cookie);
      reply.header(
        'set-cookie',
        knownDeviceCookie({
          key: ctx.jwtKey,
          devices,
          userId,
          secure: request.protocol === 'https',
        }),
      );
      return reply.status(204).send(null);
    },
  );
}
