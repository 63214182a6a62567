import {
  ZInviteCodeInput,
  ZInviteCodePreview,
  ZJoinGroupBody,
  ZJoinGroupResult,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { joinByCode, previewCode } from './join-group';
import { security, tags, type RouteApi } from './route-schemas';

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

/** Joining a group with an invite code, and what the code leads to before that. */
export function joinGroupRoutes(api: RouteApi, ctx: AppContext): void {
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
}
