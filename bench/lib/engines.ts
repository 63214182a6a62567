/** The database engines the benchmarks run on, and how a run on one of them ended. */
import { Skip } from './postgres';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

export interface EngineOutcome {
  engine: Engine;
  status: 'ran' | 'skipped' | 'failed';
  reason?: string;
}

/** An engine's run that threw: skipped when PostgreSQL cannot be used here, failed otherwise. */
export function recordFailure(report: EngineOutcome, error: unknown): void {
  report.status = error instanceof Skip ? 'skipped' : 'failed';
  report.reason = (error as Error).message;
  console.error(`[${report.engine}] ${report.status}: ${report.reason}`);
}
