import type { OcrHistoryPage, OcrJob, RealtimeEvent } from '@household/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { ocrKeys } from './keys';

/**
 * An event that only moves a running job's bar further (short of 100). Anything else (the start
 * at 0, the end at 100, the same progress again) may carry a new state, which the event does not
 * say: the job is asked for then.
 */
export function isProgressStep(job: OcrJob, event: RealtimeEvent): boolean {
  return (
    job.state === 'running' &&
    event.progress !== undefined &&
    event.progress > job.progress &&
    event.progress < 100
  );
}

const withProgress = (job: OcrJob, progress: number): OcrJob => ({ ...job, progress });

/**
 * docs/realtime.md: an `ocr_job` event reaches the job's owner on every change. A progress step
 * moves the cached job's bar without a request; any other change refetches the job's status and
 * the history of its list.
 */
export function applyOcrEvent(queryClient: QueryClient, event: RealtimeEvent) {
  if (event.entity !== 'ocr_job') return;
  const statusKey = ocrKeys.status(event.id);
  const cached = queryClient.getQueryData<OcrJob>(statusKey);
  if (cached) {
    if (isProgressStep(cached, event)) {
      queryClient.setQueryData<OcrJob>(statusKey, withProgress(cached, event.progress!));
    } else {
      void queryClient.invalidateQueries({ queryKey: statusKey });
    }
  }
  if (event.list_id === null) return;
  // The list's history and each search of it (ocrHistoryQueryOptions) are cached apart.
  const histories = queryClient.getQueriesData<InfiniteData<OcrHistoryPage>>({
    queryKey: ocrKeys.history(event.list_id),
  });
  for (const [queryKey, history] of histories) {
    if (!history) continue;
    const shown = history.pages.flatMap((page) => page.items).find((job) => job.id === event.id);
    if (shown && isProgressStep(shown, event)) {
      // Kept up to date, so that the step after the last one is seen as the change of state it is.
      queryClient.setQueryData<InfiniteData<OcrHistoryPage>>(queryKey, {
        ...history,
        pages: history.pages.map((page) => ({
          ...page,
          items: page.items.map((job) =>
            job.id === event.id ? withProgress(job, event.progress!) : job,
          ),
        })),
      });
    } else {
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  }
}

/** After a reconnect the missed events are lost: the jobs and histories shown are asked for. */
export function refreshOcrJobs(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ocrKeys.statuses });
  void queryClient.invalidateQueries({ queryKey: ocrKeys.histories });
}
