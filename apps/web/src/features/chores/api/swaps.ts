import {
  ZChoreSwap,
  ZChoreSwapList,
  type ChoreSwap,
  type CreateChoreSwapBody,
} from '@household/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { refreshChores } from './mutations';

// Swaps of chore turns (docs/chores.md "Swaps"). Under ['chores']: a chore, assignment or swap
// event refreshes them with everything else (live.ts).

export const swapPaths = {
  mine: '/chore-swaps',
  ask: (assignmentId: number) => `/chores/assignments/${assignmentId}/swaps`,
  answer: (id: number, answer: SwapAnswer) => `/chore-swaps/${id}/${answer}`,
} as const;

export type SwapAnswer = 'accept' | 'decline' | 'cancel';

export const swapKeys = { mine: ['chores', 'swaps', 'mine'] as const };

/** GET /chore-swaps: the waiting requests I was asked and the ones I asked. */
export const mySwapsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: swapKeys.mine,
    queryFn: ({ signal }) => api.get(swapPaths.mine, { schema: ZChoreSwapList, signal }),
  });

export function useAskSwap() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assignmentId, body }: { assignmentId: number; body: CreateChoreSwapBody }) =>
      api.post(swapPaths.ask(assignmentId), { json: body, schema: ZChoreSwap }),
    onSettled: () => void refreshChores(queryClient),
  });
}

/** Accept or decline (the one asked), or cancel (who asked), with the version shown. */
export function useAnswerSwap() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ swap, answer }: { swap: ChoreSwap; answer: SwapAnswer }) =>
      api.post(swapPaths.answer(swap.id, answer), {
        json: { version: swap.version },
        schema: ZChoreSwap,
      }),
    onSettled: () => void refreshChores(queryClient),
  });
}
