import { ZDuplicateListBody, ZListDetail } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { duplicateList } from './edit-list';
import { transitionList, type ListTransition } from './list-lifecycle';
import { security, tags, ZListParams, type RouteApi } from './route-schemas';

const TRANSITION_NAMES: ListTransition[] = ['complete', 'reopen', 'archive', 'unarchive'];

/** A list's life: completed, reopened, archived, brought back, or started again as a copy. */
export function listLifecycleRoutes(api: RouteApi, ctx: AppContext): void {
  for (const transition of TRANSITION_NAMES) {
    api.post(
      `/lists/:id/${transition}`,
      { schema: { tags, security, params: ZListParams, response: { 200: ZListDetail } } },
      (request) => transitionList(ctx, currentUser(request), request.params.id, transition),
    );
  }

  api.post(
    '/lists/:id/duplicate',
    {
      schema: {
        tags,
        security,
        params: ZListParams,
        body: ZDuplicateListBody.nullish(),
        response: { 201: ZListDetail },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await duplicateList(
            ctx,
            currentUser(request),
            request.params.id,
            request.body?.name ?? undefined,
          ),
        ),
  );
}
