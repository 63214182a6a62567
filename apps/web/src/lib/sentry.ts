import type { RuntimeConfig } from '@household/contracts';
import { ERROR_REPORTING_TRACE_SAMPLE_RATE } from '@household/contracts/limits';
import type * as SentryModule from '@sentry/react';

type Sentry = typeof SentryModule;

/** Loaded only when a DSN is configured, so a home server without one never downloads it. */
let sentry: Sentry | null = null;

/** spec §1: error reporting starts with the app, only when a DSN is configured. */
export async function initErrorReporting(config: RuntimeConfig): Promise<boolean> {
  if (!config.sentry_dsn) return false;
  sentry = await import('@sentry/react');
  sentry.init({
    dsn: config.sentry_dsn,
    // spec §1: trace sample rate 1, environment 'production'.
    environment: 'production',
    tracesSampleRate: ERROR_REPORTING_TRACE_SAMPLE_RATE,
    release: config.version,
    integrations: [sentry.browserTracingIntegration()],
  });
  return true;
}

export function reportError(error: unknown): void {
  sentry?.captureException(error);
}
