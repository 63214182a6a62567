import {
  ZCreateSettlementBody,
  ZSettlement,
  ZSettlementPage,
  ZSettlementsQuery,
  ZUpdateSettlementBody,
  ZVersionQuery,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';
import {
  createSettlement,
  deleteSettlement,
  getSettlement,
  listSettlements,
  updateSettlement,
} from './settlements';

/** Settlements: money paid back between two people, listed, recorded, corrected, deleted. */
export function settlementRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/settlements',
    {
      schema: {
        tags,
        security,
        querystring: ZSettlementsQuery,
        response: { 200: ZSettlementPage },
      },
    },
    (request) => listSettlements(ctx, currentUser(request), request.query),
  );

  api.post(
    '/settlements',
    { schema: { tags, security, body: ZCreateSettlementBody, response: { 201: ZSettlement } } },
    async (request, reply) =>
      reply.status(201).send(await createSettlement(ctx, currentUser(request), request.body)),
  );

  api.get(
    '/settlements/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZSettlement } } },
    (request) => getSettlement(ctx, currentUser(request), request.params.id),
  );

  api.patch(
    '/settlements/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateSettlementBody,
        response: { 200: ZSettlement },
      },
    },
    (request) => updateSettlement(ctx, currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/settlements/:id',
    { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
    async (request, reply) => {
      await deleteSettlement(ctx, currentUser(request), request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
}
