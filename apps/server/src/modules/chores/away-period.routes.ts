import { ZCreateAwayPeriodBody, ZIdParam, ZMemberAwayPeriod } from '@household/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { createAwayPeriod, deleteAwayPeriod, listAwayPeriods } from './away-periods';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

const ZAwayPeriodParams = z.object({ id: ZIdParam, periodId: ZIdParam });

/** A group's stored away periods: listed, added, removed (docs/chores.md "Away periods"). */
export function awayPeriodRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/away-periods',
    {
      schema: { tags, security, params: ZIdParams, response: { 200: z.array(ZMemberAwayPeriod) } },
    },
    (request) => listAwayPeriods(ctx, currentUser(request), request.params.id),
  );
  api.post(
    '/groups/:id/away-periods',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZCreateAwayPeriodBody,
        response: { 201: ZMemberAwayPeriod },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAwayPeriod(ctx, currentUser(request), request.params.id, request.body)),
  );
  api.delete(
    '/groups/:id/away-periods/:periodId',
    { schema: { tags, security, params: ZAwayPeriodParams } },
    async (request, reply) => {
      await deleteAwayPeriod(ctx, currentUser(request), request.params.id, request.params.periodId);
      return reply.status(204).send();
    },
  );
}
