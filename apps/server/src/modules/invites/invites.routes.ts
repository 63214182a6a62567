import {
  ZCreateInvitationBody,
  ZIdParam,
  ZInvitation,
  ZInvitationsQuery,
  ZJoinGroupResult,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { joinRateLimit } from '../groups/join-group.routes';
import {
  acceptInvitation,
  createInvitation,
  declineInvitation,
  getInvitation,
  listGroupInvitations,
  listPendingInvitations,
  listSentInvitations,
  revokeInvitation,
} from './invites.service';
import { bearerSecurity } from '../../http/route-api';

const tags = ['invites'];
const ZInvitationParams = z.object({ id: ZIdParam });
const ZInvitations = z.array(ZInvitation);

export function invitesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    api.post(
      '/invites',
      {
        // Rate limited like joining: each invitation mails an address in the app's name.
        config: joinRateLimit(ctx),
        schema: {
          tags,
          security: bearerSecurity,
          body: ZCreateInvitationBody,
          response: { 201: ZInvitation },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createInvitation(ctx, currentUser(request), request.body)),
    );

    api.get(
      '/invites',
      {
        schema: {
          tags,
          security: bearerSecurity,
          querystring: ZInvitationsQuery,
          response: { 200: ZInvitations },
        },
      },
      (request) => listGroupInvitations(ctx, currentUser(request), request.query.group_id),
    );

    api.get(
      '/invites/pending',
      { schema: { tags, security: bearerSecurity, response: { 200: ZInvitations } } },
      (request) => listPendingInvitations(ctx, currentUser(request)),
    );

    api.get(
      '/invites/sent',
      { schema: { tags, security: bearerSecurity, response: { 200: ZInvitations } } },
      (request) => listSentInvitations(ctx, currentUser(request)),
    );

    api.get(
      '/invites/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZInvitationParams,
          response: { 200: ZInvitation },
        },
      },
      (request) => getInvitation(ctx, currentUser(request), request.params.id),
    );

    api.post(
      '/invites/accept/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZInvitationParams,
          response: { 200: ZJoinGroupResult },
        },
      },
      (request) => acceptInvitation(ctx, currentUser(request), request.params.id),
    );

    api.post(
      '/invites/decline/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZInvitationParams,
          response: { 200: ZInvitation },
        },
      },
      (request) => declineInvitation(ctx, currentUser(request), request.params.id),
    );

    api.post(
      '/invites/revoke/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZInvitationParams,
          response: { 200: ZInvitation },
        },
      },
      (request) => revokeInvitation(ctx, currentUser(request), request.params.id),
    );
  };
}
