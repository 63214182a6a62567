import { ZSuggestions, ZSuggestionsQuery, ZWalkingOrder } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { security, tags, ZListParams, type RouteApi } from './route-schemas';
import { suggestions, walkingOrder } from './shop-trips';

/** What a household's trips teach (docs/shop-trips.md): the walking order and suggestions. */
export function shopTripRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/lists/:id/walking-order',
    {
      schema: {
        tags,
        security,
        description:
          'The walking order learned from the ticks made in the list’s shop by its group (or owner).',
        params: ZListParams,
        response: { 200: ZWalkingOrder },
      },
    },
    (request) => walkingOrder(ctx, currentUser(request), request.params.id),
  );

  api.get(
    '/lists/:id/suggestions',
    {
      schema: {
        tags,
        security,
        description:
          'Items usually bought with `item`, then items due again; never one already on the list.',
        params: ZListParams,
        querystring: ZSuggestionsQuery,
        response: { 200: ZSuggestions },
      },
    },
    (request) => suggestions(ctx, currentUser(request), request.params.id, request.query.item),
  );
}
