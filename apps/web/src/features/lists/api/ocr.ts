import {
  OCR_FINAL_STATES,
  OCR_HISTORY_PAGE_DEFAULT,
  ZMergeItemsResult,
  ZOcrBatch,
  ZOcrHistoryPage,
  ZOcrJob,
  ZOcrResult,
  type ListDetail,
  type MergeItemsBody,
  type OcrJob,
  type OcrLanguageChoice,
} from '@household/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { mergeItem } from './items-cache';
import { activeOutbox } from './outbox-registry';
import { listKeys, ocrKeys } from './keys';

/** Done, failed or cancelled: nothing about the job changes any more. */
export const isFinalJob = (job: Pick<OcrJob, 'state'>) => OCR_FINAL_STATES.includes(job.state);

/** How often a job that is not over is asked for, in case its realtime events do not arrive. */
export const OCR_POLL_MS = 2000;

/** GET /ocr/status/{id}, asked again every 2 s until the job is over. */
export const ocrStatusQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: ocrKeys.status(id),
    queryFn: ({ signal }) => api.get(apiPaths.ocrStatus(id), { schema: ZOcrJob, signal }),
    staleTime: OCR_POLL_MS,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      // A job that is gone (404) will not come back: asking again would go on for ever.
      if (error instanceof ApiError && error.status < 500) return false;
      return data && isFinalJob(data) ? false : OCR_POLL_MS;
    },
  });

/** GET /ocr/result/{id}: what a done job found, which never changes. */
export const ocrResultQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: ocrKeys.result(id),
    queryFn: ({ signal }) => api.get(apiPaths.ocrResult(id), { schema: ZOcrResult, signal }),
    staleTime: Infinity,
  });

/**
 * GET /ocr/history?list_id=&q=: the photos read for this list, newest first, a page at a time;
 * with `q`, only those whose recognised text contains it. While a new search loads, the last
 * answer stays on screen (the search field stays where it is).
 */
export const ocrHistoryQueryOptions = (api: ApiClient, listId: number, q = '') =>
  infiniteQueryOptions({
    // Under the list's history key, so that what invalidates the history invalidates searches.
    queryKey: [...ocrKeys.history(listId), q] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.ocrHistory, {
        query: {
          list_id: listId,
          q: q || undefined,
          limit: OCR_HISTORY_PAGE_DEFAULT,
          cursor: pageParam,
        },
        schema: ZOcrHistoryPage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
  });

/** GET /ocr/image/{id}: the prepared picture of a job (owner only), which never changes. */
export const ocrImagePath = (id: number) => `/ocr/image/${id}`;

export const ocrImageQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: [...ocrKeys.all, 'image', id] as const,
    queryFn: ({ signal }) => api.get<Blob>(ocrImagePath(id), { blob: true, signal }),
    staleTime: Infinity,
    // A picture is large: it is not kept once the review that showed it is gone.
    gcTime: 0,
  });

export interface PhotoUpload {
  files: readonly File[];
  /** `auto`: the server detects the language from the photo. */
  language: OcrLanguageChoice;
  listId: number;
}

/** One photo: POST /ocr/extract-items; several: POST /ocr/batch. Either answers the queued jobs. */
export function useUploadPhotos() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, language, listId }: PhotoUpload): Promise<OcrJob[]> => {
      const formData = new FormData();
      // The text fields go first: the server can refuse a bad one before it reads the photos.
      formData.append('language', language);
      formData.append('list_id', String(listId));
      for (const file of files) formData.append('file', file, file.name);
      if (files.length === 1) {
        return [await api.post(apiPaths.ocrExtractItems, { formData, schema: ZOcrJob })];
      }
      const batch = await api.post(apiPaths.ocrBatch, { formData, schema: ZOcrBatch });
      return batch.jobs;
    },
    onSuccess: (jobs, { listId }) => {
      for (const job of jobs) queryClient.setQueryData(ocrKeys.status(job.id), job);
      void queryClient.invalidateQueries({ queryKey: ocrKeys.history(listId) });
    },
  });
}

/**
 * POST /ocr/cancel/{id} for each job. A job that ended meanwhile answers 409, which is what
 * cancelling wanted anyway; every job's status is asked for again afterwards.
 */
export function useCancelOcrJobs() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      Promise.allSettled(ids.map((id) => api.post(apiPaths.ocrCancel(id), { schema: ZOcrJob }))),
    onSuccess: (outcomes, ids) => {
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') {
          queryClient.setQueryData(ocrKeys.status(outcome.value.id), outcome.value);
        } else {
          void queryClient.invalidateQueries({ queryKey: ocrKeys.status(ids[index]!) });
        }
      }
      void queryClient.invalidateQueries({ queryKey: ocrKeys.histories });
    },
  });
}

/**
 * POST /lists/{id}/items/merge: the added and the updated items go into the cached list at once;
 * their realtime events, which come back too, then find nothing newer to fetch.
 */
export function useMergeItems(listId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeItemsBody) =>
      api.post(apiPaths.listItemsMerge(listId), { json: body, schema: ZMergeItemsResult }),
    onSuccess: ({ added, updated }) => {
      queryClient.setQueryData<ListDetail>(listKeys.detail(listId), (detail) => {
        if (!detail) return detail;
        const merged = [...added, ...updated].reduce(mergeItem, detail);
        return activeOutbox(queryClient)?.overlay(merged) ?? merged;
      });
      void queryClient.invalidateQueries({ queryKey: listKeys.indexes, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: listKeys.costSummary(listId) });
    },
  });
}
