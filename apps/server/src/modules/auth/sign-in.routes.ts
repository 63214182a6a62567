import { ZClaimBody, ZLoginForm, ZRegisterBody, ZTokenPair, ZUser } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { presentUser } from '../people/people.presenter';
import { claimGuest, createGuest, login, registerUser } from './auth.service';
import { knownDeviceCookie, readKnownDevices } from './known-devices';
import { perIpRateLimit, security, tags, type RouteApi } from './route-schemas';

/** The ways in: a new account, a password login, a guest, and a guest claiming an account. */
export function signInRoutes(app: RouteApi, ctx: AppContext): void {
  const perIp = perIpRateLimit(ctx);

  app.post(
    '/auth/register',
    {
      config: perIp,
      schema: { tags, body: ZRegisterBody, response: { 201: ZUser } },
    },
    async (request, reply) => {
      const user = await registerUser(ctx, request.body);
      return reply.status(201).send(presentUser(user, ctx.config));
    },
  );

  app.post(
    '/auth/jwt/login',
    {
      config: perIp,
      schema: {
        tags,
        description: 'OAuth2 password form: `username` is the email.',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZLoginForm,
        response: { 200: ZTokenPair },
      },
    },
    async (request, reply) => {
      const knownDevices = readKnownDevices(ctx.jwtKey, request.headers.cookie);
      const { tokens, userId } = await login(ctx, {
        email: request.body.username,
        password: request.body.password,
        source: request.ip,
        knownDevices,
      });
      // This browser is now a known device of the account: others' failures never slow it.
      reply.header(
        'set-cookie',
        knownDeviceCookie({
          key: ctx.jwtKey,
          devices: knownDevices,
          userId,
          secure: request.protocol === 'https',
        }),
      );
      return tokens;
    },
  );

  app.post(
    '/auth/guest',
    { config: perIp, schema: { tags, response: { 201: ZTokenPair } } },
    async (_request, reply) => reply.status(201).send(await createGuest(ctx)),
  );

  app.post(
    '/auth/claim',
    {
      onRequest: requireUser(ctx),
      schema: { tags, security, body: ZClaimBody, response: { 200: ZUser } },
    },
    async (request) =>
      presentUser(await claimGuest(ctx, currentUser(request), request.body), ctx.config),
  );
}
