import { ZBalanceSummary, ZGroupBalances, ZMyBalances } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { balanceSummary } from './balance-summary';
import { groupBalances, myBalances } from './balances';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

/** Who owes whom: mine across my groups, a group's, and a group's summary for the costs page. */
export function balanceRoutes(api: RouteApi, ctx: AppContext): void {
  api.get('/balances', { schema: { tags, security, response: { 200: ZMyBalances } } }, (request) =>
    myBalances(ctx, currentUser(request)),
  );

  api.get(
    '/balances/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZGroupBalances } } },
    (request) => groupBalances(ctx, currentUser(request), request.params.id),
  );

  api.get(
    '/costs/groups/:id/balance-summary',
    {
      schema: {
        tags: ['costs'],
        security,
        params: ZIdParams,
        response: { 200: ZBalanceSummary },
      },
    },
    (request) => balanceSummary(ctx, currentUser(request), request.params.id),
  );
}
