/** The load's requests counted by outcome, and their latency. */
import { summarize } from '../lib/stats';
import { VICTIM } from './processes';
import type { EngineReport } from './report';
import { countInto, OPERATIONS, type RequestRecord } from './workload';

/** Latency is also reported per window of this many seconds of the load. */
export const WINDOW_SECONDS = 5;

/**
 * Requests by outcome (those that died with the killed process apart: in flight, or sent on a
 * connection it had already dropped) and their latency from when they were due.
 */
export function requestFigures(
  records: RequestRecord[],
  {
    origin,
    killAt,
    durationSeconds,
  }: { origin: number; killAt: number | null; durationSeconds: number },
) {
  const diedWithVictim = (record: RequestRecord) =>
    killAt !== null &&
    record.status === null &&
    record.upstream === VICTIM &&
    record.doneAt >= killAt;
  const requests = {
    ok: 0,
    toggleConflicts: 0,
    errors: 0,
    /** Of the errors: answered 503 at once by a server shedding load. */
    shed: 0,
    unexpectedStatuses: {} as Record<string, number>,
    networkErrors: {} as Record<string, number>,
  };
  const failedByKill: Record<string, number> = {};
  for (const record of records) {
    if (record.status !== null && record.status < 300) requests.ok += 1;
    else if (record.status === 409 && record.operation === 'PATCH /items/:id') {
      requests.toggleConflicts += 1;
    } else if (diedWithVictim(record)) countInto(failedByKill, record.error ?? 'unknown');
    else {
      requests.errors += 1;
      if (record.status === 503) requests.shed += 1;
      if (record.status === null) countInto(requests.networkErrors, record.error ?? 'unknown');
      else countInto(requests.unexpectedStatuses, `${record.operation} ${record.status}`);
    }
  }
  // Latency of the answers that did the work: a refusal of a server shedding load is quick by design.
  const answered = records.filter((record) => record.status !== null && record.status !== 503);
  const latency = (subset: RequestRecord[]) =>
    summarize(subset.map((record) => record.doneAt - record.dueAt));
  const latencyMs: NonNullable<EngineReport['latencyMs']> = {
    all: latency(answered),
    byOperation: Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation,
        latency(answered.filter((record) => record.operation === operation)),
      ]),
    ),
    byWindow: Array.from({ length: Math.ceil(durationSeconds / WINDOW_SECONDS) }, (_, window) => {
      const from = origin + window * WINDOW_SECONDS * 1000;
      const due = records.filter(
        (record) => record.dueAt >= from && record.dueAt < from + WINDOW_SECONDS * 1000,
      );
      return {
        fromSecond: window * WINDOW_SECONDS,
        ...latency(due.filter((record) => record.status !== null && record.status !== 503)),
        failed: due.filter((record) => record.status === null || record.status >= 500).length,
      };
    }),
  };
  if (killAt !== null) {
    latencyMs.beforeKill = latency(answered.filter((record) => record.dueAt < killAt));
    latencyMs.afterKill = latency(answered.filter((record) => record.dueAt >= killAt));
  }
  return { requests, latencyMs, failedByKill };
}
