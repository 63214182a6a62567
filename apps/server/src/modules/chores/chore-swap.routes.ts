import {
  ZChoreSwap,
  ZChoreSwapAnswerBody,
  ZChoreSwapList,
  ZChoreSwapsQuery,
  ZCreateChoreSwapBody,
} from '@household/contracts';
import type { SwapAnswer } from '@household/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { answerSwap, askSwap, listGroupSwaps, listMySwaps } from './chore-swaps';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

const ANSWERS: readonly SwapAnswer[] = ['accept', 'decline', 'cancel'];

/** Swaps of chore turns (docs/chores.md "Swaps"): ask, answer, and what waits. */
export function choreSwapRoutes(api: RouteApi, ctx: AppContext): void {
  api.post(
    '/chores/assignments/:id/swaps',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZCreateChoreSwapBody,
        response: { 201: ZChoreSwap },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await askSwap(ctx, currentUser(request), request.params.id, request.body)),
  );
  api.get(
    '/groups/:id/chore-swaps',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZChoreSwapsQuery,
        response: { 200: ZChoreSwapList },
      },
    },
    (request) => listGroupSwaps(ctx, currentUser(request), request.params.id, request.query.status),
  );
  api.get(
    '/chore-swaps',
    { schema: { tags, security, response: { 200: ZChoreSwapList } } },
    (request) => listMySwaps(ctx, currentUser(request)),
  );
  for (const answer of ANSWERS) {
    api.post(
      `/chore-swaps/:id/${answer}`,
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZChoreSwapAnswerBody,
          response: { 200: ZChoreSwap },
        },
      },
      (request) =>
        answerSwap(ctx, currentUser(request), request.params.id, answer, request.body.version),
    );
  }
}
