import type { OcrHistoryPage, OcrJob, RealtimeEvent } from '@household/contracts';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ocrKeys } from './keys';
import { applyOcrEvent } from './ocr-live';

const running = (progress: number): OcrJob => ({
  id: 7,
  state: 'running',
  progress,
  language: 'eng',
  language_detected: false,
  list_id: 1,
  batch_id: null,
  file_name: 'receipt.jpg',
  item_count: null,
  failure: null,
  created_at: '2025-03-12T10:00:00.000Z',
  started_at: '2025-03-12T10:00:01.000Z',
  finished_at: null,
});

const event = (progress: number): RealtimeEvent => ({
  entity: 'ocr_job',
  id: 7,
  action: 'updated',
  list_id: 1,
  group_id: null,
  user_id: 5,
  version: null,
  actor: null,
  progress,
});

/** A client that follows job 7 and the history of list 1, as the list page does. */
function following(job: OcrJob) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(ocrKeys.status(7), job);
  queryClient.setQueryData<InfiniteData<OcrHistoryPage>>(ocrKeys.history(1), {
    pages: [{ items: [job], next_cursor: null }],
    pageParams: [null],
  });
  const stale = () => ({
    status: queryClient.getQueryState(ocrKeys.status(7))!.isInvalidated,
    history: queryClient.getQueryState(ocrKeys.history(1))!.isInvalidated,
  });
  return { queryClient, stale };
}

describe('photo job events (docs/realtime.md)', () => {
  it('move a running job’s bar without asking the server', () => {
    const { queryClient, stale } = following(running(20));
    applyOcrEvent(queryClient, event(45));
    expect(queryClient.getQueryData<OcrJob>(ocrKeys.status(7))).toMatchObject({
      state: 'running',
      progress: 45,
    });
    expect(stale()).toEqual({ status: false, history: false });
  });

  it.each([
    ['the end of the job (100)', running(80), 100],
    ['a state change without progress (the same value again)', running(40), 40],
    ['the start of a queued job (0)', { ...running(0), state: 'queued' as const }, 0],
  ])('have the job and its list’s history asked for at %s', (_label, job, progress) => {
    const { queryClient, stale } = following(job);
    applyOcrEvent(queryClient, event(progress));
    expect(stale()).toEqual({ status: true, history: true });
  });

  it('keep a search of the list’s history up to date too', () => {
    const { queryClient } = following(running(20));
    const searchKey = [...ocrKeys.history(1), 'milk'];
    queryClient.setQueryData<InfiniteData<OcrHistoryPage>>(searchKey, {
      pages: [{ items: [running(20)], next_cursor: null }],
      pageParams: [null],
    });
    applyOcrEvent(queryClient, event(45));
    const search = queryClient.getQueryData<InfiniteData<OcrHistoryPage>>(searchKey)!;
    expect(search.pages[0]!.items[0]).toMatchObject({ progress: 45 });
    applyOcrEvent(queryClient, event(100));
    expect(queryClient.getQueryState(searchKey)!.isInvalidated).toBe(true);
  });

  it('leave alone the jobs of other entities and of no followed job', () => {
    const { queryClient, stale } = following(running(20));
    applyOcrEvent(queryClient, { ...event(100), entity: 'item' });
    applyOcrEvent(queryClient, { ...event(100), id: 8, list_id: 2 });
    expect(stale()).toEqual({ status: false, history: false });
  });
});
