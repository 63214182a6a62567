import { ZCreateExchangeRateBody, ZExchangeRate, ZGroupExchangeRates } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { addExchangeRate, listExchangeRates } from './exchange-rates';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

/** A group's own exchange rates: the latest per currency and the recent ones; any member adds one. */
export function exchangeRateRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/groups/:id/exchange-rates',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZGroupExchangeRates } } },
    (request) => listExchangeRates(ctx, currentUser(request), request.params.id),
  );

  api.post(
    '/groups/:id/exchange-rates',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZCreateExchangeRateBody,
        response: { 201: ZExchangeRate },
      },
    },
    async (request, reply) => {
      const rate = await addExchangeRate(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(rate);
    },
  );
}
