import {
  ZCategory,
  type Category,
  type CreateCategoryBody,
  type UpdateCategoryBody,
} from '@household/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { inAisleOrder } from '../grouping';
import { categoryKeys, listKeys } from './keys';

/**
 * After any change to the categories they are refetched, and so is the open list: grouping by
 * category follows the categories' positions, and a deleted category leaves its items without one.
 */
function refreshCategories(queryClient: QueryClient, groupId: number | null) {
  void queryClient.invalidateQueries({ queryKey: categoryKeys.of(groupId) });
  void queryClient.invalidateQueries({ queryKey: listKeys.details });
}

export function useCreateCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateCategoryBody, 'group_id'>) =>
      api.post(apiPaths.categories, {
        json: groupId === null ? body : { ...body, group_id: groupId },
        schema: ZCategory,
      }),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.of(groupId), (categories) =>
        categories ? [...categories.filter(({ id }) => id !== category.id), category] : categories,
      );
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}

export type CategoryUpdate = Omit<UpdateCategoryBody, 'position'> & { id: number };

/** PATCH /categories/{id}: a new name or colour. */
export function useUpdateCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryUpdate) =>
      api.patch(apiPaths.category(id), { json: body, schema: ZCategory }),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.of(groupId), (categories) =>
        categories?.map((known) => (known.id === category.id ? category : known)),
      );
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}

/**
 * PATCH /categories/{id} {position}: the category moves to that index of the aisle order and the
 * server renumbers the rest. Shown at once, put back if the server refuses it.
 */
export function useMoveCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = categoryKeys.of(groupId);
  return useMutation({
    mutationFn: ({ id, position }: { id: number; position: number }) =>
      api.patch(apiPaths.category(id), { json: { position }, schema: ZCategory }),
    onMutate: async ({ id, position }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Category[]>(key);
      queryClient.setQueryData<Category[]>(key, (categories) => {
        if (!categories) return categories;
        const ordered = inAisleOrder(categories);
        const from = ordered.findIndex((category) => category.id === id);
        if (from < 0) return categories;
        const [moved] = ordered.splice(from, 1);
        ordered.splice(Math.min(position, ordered.length), 0, moved!);
        return ordered.map((category, index) => ({ ...category, position: index }));
      });
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}

/** DELETE /categories/{id}: its items are shown under "No Category" from then on. */
export function useDeleteCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPaths.category(id)),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Category[]>(categoryKeys.of(groupId), (categories) =>
        categories?.filter((category) => category.id !== id),
      );
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}
