import formbody from '@fastify/formbody';
import {
  JSON_BODY_LIMIT_BYTES,
  ZAccepted,
  ZClaimBody,
  ZForgotPasswordBody,
  ZLoginForm,
  ZLogoutBody,
  ZRefreshBody,
  ZRegisterBody,
  ZRequestVerifyTokenBody,
  ZResetPasswordBody,
  ZTokenPair,
  ZUser,
  ZVerifyBody,
} from '@household/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, optionalUser, requireUser } from '../../http/auth';
import { presentUser } from '../people/people.presenter';
import {
  claimGuest,
  createGuest,
  login,
  registerUser,
  requestPasswordReset,
  resetPassword,
  requestVerification,
  verifyEmail,
} from './auth.service';
import { familyOfRefreshToken, revokeFamily, rotateRefreshToken } from './sessions';

const tags = ['auth'];

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Per-IP limits on the endpoints an attacker would hammer (issue 2 §3); per-account limits are
  // in the service, in the database, so they hold across processes.
  const perIp = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  return async (app) => {
    // Form bodies only here, for the OAuth2-style login; the rest of the API speaks JSON.
    await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });

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
      async (request) =>
        login(ctx, { email: request.body.username, password: request.body.password }),
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
        schema: { tags, security: [{ bearer: [] }], body: ZClaimBody, response: { 200: ZUser } },
      },
      async (request) =>
        presentUser(await claimGuest(ctx, currentUser(request), request.body), ctx.config),
    );

    app.post(
      '/auth/jwt/refresh',
      { schema: { tags, body: ZRefreshBody, response: { 200: ZTokenPair } } },
      async (request) => rotateRefreshToken(ctx, request.body.refresh_token),
    );

    app.post(
      '/auth/jwt/logout',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: ZLogoutBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const ended: string[] = [];
        if (request.sessionId) {
          await revokeFamily(ctx.db, request.sessionId);
          ended.push(request.sessionId);
        }
        const presented = request.body?.refresh_token;
        if (presented) {
          const family = await familyOfRefreshToken(ctx.db, presented);
          if (family?.userId === user.id) {
            await revokeFamily(ctx.db, family.familyId);
            ended.push(family.familyId);
          }
        }
        await ctx.sessions.announce(user.id, ended);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        config: perIp,
        schema: { tags, body: ZForgotPasswordBody, response: { 202: ZAccepted } },
      },
      async (request, reply) => {
        await requestPasswordReset(ctx, request.body.email);
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
        await requestVerification(ctx, request.user, request.body?.email);
        return reply.status(202).send({ status: 'accepted' as const });
      },
    );

    app.post(
      '/auth/verify',
      { config: perIp, schema: { tags, body: ZVerifyBody, response: { 200: ZUser } } },
      async (request) => presentUser(await verifyEmail(ctx, request.body.token), ctx.config),
    );
  };
}
