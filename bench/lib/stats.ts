/** Percentiles of a sample, as the benchmarks report them. */
import { round } from './cpu';

export interface Summary {
  count: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** The nearest-rank percentile of an ascending sample. */
export function percentile(sorted: number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export function summarize(values: number[]): Summary {
  if (values.length === 0) return { count: 0, p50: null, p99: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted.at(-1)!, 1),
  };
}
