import {
  ZActivityPage,
  ZChangeRoleBody,
  ZCreateGroupBody,
  ZGroup,
  ZGroupMember,
  ZGroupRole,
  ZGroupRoleInfo,
  ZGroupSettings,
  ZGroupSummary,
  ZIdParam,
  ZInviteCode,
  ZInviteCodeInput,
  ZInviteCodePreview,
  ZJoinGroupBody,
  ZJoinGroupResult,
  ZPageQuery,
  ZUpdateGroupBody,
  ZUpdateGroupSettingsBody,
  GROUP_ROLES,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { listActivity } from './activity';
import { assertCan, ROLE_PERMISSIONS } from './groups.policy';
import { createGroup, deleteGroup, getSettings, updateGroup, updateSettings } from './edit-group';
import { getGroup, getMembers, listMyGroups } from './group-reads';
import { getActiveCode, regenerateCode, revokeCode } from './invite-codes';
import { joinByCode, previewCode } from './join-group';
import { leaveGroup } from './leave-group';
import { changeRole, removeMember } from './manage-members';
import { requireMembership } from './membership';

const tags = ['groups'];
const security = [{ bearer: [] }];
const ZGroupParams = z.object({ id: ZIdParam });
const ZMemberParams = z.object({ id: ZIdParam, userId: ZIdParam });
const noContent = { 204: z.null() };

/** Per signed-in person: code guessing is bounded however many addresses they use. */
export function joinRateLimit(ctx: AppContext) {
  return {
    rateLimit: {
      max: ctx.config.joinRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: { user?: { id: number } | null; ip: string }) =>
        request.user ? `join:user:${request.user.id}` : `join:ip:${request.ip}`,
    },
  };
}

export function groupsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // Runs before the route's own hooks (the rate limit among them), which then know the user.
    api.addHook('onRequest', requireUser(ctx));

    api.get(
      '/groups',
      { schema: { tags, security, response: { 200: z.array(ZGroupSummary) } } },
      (request) => listMyGroups(ctx, currentUser(request)),
    );

    api.post(
      '/groups',
      { schema: { tags, security, body: ZCreateGroupBody, response: { 201: ZGroup } } },
      async (request, reply) =>
        reply.status(201).send(await createGroup(ctx, currentUser(request), request.body)),
    );

    // Registered before /groups/:id so that "join" is never read as an id.
    api.get(
      '/groups/join/:code',
      {
        config: joinRateLimit(ctx),
        schema: {
          tags,
          security,
          params: z.object({ code: ZInviteCodeInput }),
          response: { 200: ZInviteCodePreview },
        },
      },
      (request) => previewCode(ctx, currentUser(request), request.params.code),
    );

    api.post(
      '/groups/join',
      {
        config: joinRateLimit(ctx),
        schema: { tags, security, body: ZJoinGroupBody, response: { 200: ZJoinGroupResult } },
      },
      (request) => joinByCode(ctx, currentUser(request), request.body.code),
    );

    api.get(
      '/groups/:id',
      { schema: { tags, security, params: ZGroupParams, response: { 200: ZGroup } } },
      (request) => getGroup(ctx, currentUser(request), request.params.id),
    );

    api.patch(
      '/groups/:id',
      {
        schema: {
          tags,
          security,
          params: ZGroupParams,
          body: ZUpdateGroupBody,
          response: { 200: ZGroup },
        },
      },
      (request) => updateGroup(ctx, currentUser(request), request.params.id, request.body),
    );

    api.delete(
      '/groups/:id',
      { schema: { tags, security, params: ZGroupParams, response: noContent } },
      async (request, reply) => {
        await deleteGroup(ctx, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    api.get(
      '/groups/:id/members',
      {
        schema: { tags, security, params: ZGroupParams, response: { 200: z.array(ZGroupMember) } },
      },
      (request) => getMembers(ctx, currentUser(request), request.params.id),
    );

    api.put(
      '/groups/:id/members/:userId',
      {
        schema: {
          tags,
          security,
          params: ZMemberParams,
          body: ZChangeRoleBody,
          response: { 200: ZGroupMember },
        },
      },
      (request) =>
        changeRole(ctx, currentUser(request), {
          groupId: request.params.id,
          userId: request.params.userId,
          to: request.body.role,
        }),
    );

    api.delete(
      '/groups/:id/members/:userId',
      { schema: { tags, security, params: ZMemberParams, response: noContent } },
      async (request, reply) => {
        await removeMember(ctx, currentUser(request), request.params.id, request.params.userId);
        return reply.status(204).send(null);
      },
    );

    api.post(
      '/groups/:id/leave',
      { schema: { tags, security, params: ZGroupParams, response: noContent } },
      async (request, reply) => {
        await leaveGroup(ctx, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    api.get(
      '/groups/:id/invites',
      {
        schema: { tags, security, params: ZGroupParams, response: { 200: ZInviteCode.nullable() } },
      },
      (request) => getActiveCode(ctx, currentUser(request), request.params.id),
    );

    api.post(
      '/groups/:id/invites',
      { schema: { tags, security, params: ZGroupParams, response: { 201: ZInviteCode } } },
      async (request, reply) =>
        reply.status(201).send(await regenerateCode(ctx, currentUser(request), request.params.id)),
    );

    api.delete(
      '/groups/:id/invites',
      { schema: { tags, security, params: ZGroupParams, response: noContent } },
      async (request, reply) => {
        await revokeCode(ctx, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    api.get(
      '/groups/:id/settings',
      { schema: { tags, security, params: ZGroupParams, response: { 200: ZGroupSettings } } },
      (request) => getSettings(ctx, currentUser(request), request.params.id),
    );

    api.patch(
      '/groups/:id/settings',
      {
        schema: {
          tags,
          security,
          params: ZGroupParams,
          body: ZUpdateGroupSettingsBody,
          response: { 200: ZGroupSettings },
        },
      },
      (request) => updateSettings(ctx, currentUser(request), request.params.id, request.body),
    );

    api.get(
      '/groups/:id/roles',
      {
        schema: {
          tags,
          security,
          params: ZGroupParams,
          response: { 200: z.array(ZGroupRoleInfo) },
        },
      },
      async (request) => {
        await requireMembership(ctx.db, request.params.id, currentUser(request).id);
        return GROUP_ROLES.map((role) => ({ role, permissions: [...ROLE_PERMISSIONS[role]] }));
      },
    );

    api.get(
      '/groups/:id/roles/:role',
      {
        schema: {
          tags,
          security,
          params: z.object({ id: ZIdParam, role: ZGroupRole }),
          response: { 200: ZGroupRoleInfo },
        },
      },
      async (request) => {
        await requireMembership(ctx.db, request.params.id, currentUser(request).id);
        const { role } = request.params;
        return { role, permissions: [...ROLE_PERMISSIONS[role]] };
      },
    );

    api.get(
      '/groups/:id/activity',
      {
        schema: {
          tags,
          security,
          params: ZGroupParams,
          querystring: ZPageQuery,
          response: { 200: ZActivityPage },
        },
      },
      async (request) => {
        const { role } = await requireMembership(
          ctx.db,
          request.params.id,
          currentUser(request).id,
        );
        assertCan(role, 'view_activity');
        return listActivity(ctx.db, ctx.config, request.params.id, request.query);
      },
    );
  };
}
