import { ZListDetail, ZShareListBody } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { security, tags, ZListParams, type RouteApi } from './route-schemas';
import { shareList, unshareList } from './share-list';

/** One of my personal lists moved into a group I belong to, and back out. */
export function shareListRoutes(api: RouteApi, ctx: AppContext): void {
  api.post(
    '/lists/:id/share',
    {
      schema: {
        tags,
        security,
        params: ZListParams,
        body: ZShareListBody,
        response: { 200: ZListDetail },
      },
    },
    (request) => shareList(ctx, currentUser(request), request.params.id, request.body.group_id),
  );

  api.post(
    '/lists/:id/unshare',
    { schema: { tags, security, params: ZListParams, response: { 200: ZListDetail } } },
    (request) => unshareList(ctx, currentUser(request), request.params.id),
  );
}
