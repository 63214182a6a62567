import {
  ZCreateUnitBody,
  ZGroupMember,
  ZGroupUnit,
  ZIdParam,
  ZUpdateMemberWeightBody,
  ZUpdateUnitBody,
} from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { security, ZIdParams, type RouteApi } from './route-schemas';
import { createUnit, dissolveUnit, getUnits, setShareWeight, updateUnit } from './units';

const tags = ['groups'];
const ZUnitParams = z.object({ id: ZIdParam, unitId: ZIdParam });
const ZMemberParams = z.object({ id: ZIdParam, userId: ZIdParam });

/** How a group's members share money: units (couples) and default weights. */
export function unitRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/units',
    { schema: { tags, security, params: ZIdParams, response: { 200: z.array(ZGroupUnit) } } },
    (request) => getUnits(ctx, currentUser(request), request.params.id),
  );

  api.post(
    '/groups/:id/units',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZCreateUnitBody,
        response: { 201: ZGroupUnit },
      },
    },
    async (request, reply) => {
      const unit = await createUnit(ctx, currentUser(request), {
        groupId: request.params.id,
        name: request.body.name,
        memberIds: request.body.member_ids,
      });
      return reply.status(201).send(unit);
    },
  );

  api.patch(
    '/groups/:id/units/:unitId',
    {
      schema: {
        tags,
        security,
        params: ZUnitParams,
        body: ZUpdateUnitBody,
        response: { 200: ZGroupUnit },
      },
    },
    (request) =>
      updateUnit(ctx, currentUser(request), {
        groupId: request.params.id,
        unitId: request.params.unitId,
        name: request.body.name,
        memberIds: request.body.member_ids,
      }),
  );

  api.delete(
    '/groups/:id/units/:unitId',
    { schema: { tags, security, params: ZUnitParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await dissolveUnit(ctx, currentUser(request), request.params.id, request.params.unitId);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/groups/:id/members/:userId/weight',
    {
      schema: {
        tags,
        security,
        params: ZMemberParams,
        body: ZUpdateMemberWeightBody,
        response: { 200: ZGroupMember },
      },
    },
    (request) =>
      setShareWeight(ctx, currentUser(request), {
        groupId: request.params.id,
        userId: request.params.userId,
        shareWeight: request.body.share_weight,
      }),
  );
}
