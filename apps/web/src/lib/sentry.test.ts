import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@sentry/react', () => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  captureException: vi.fn(),
}));

const config = { api_url: '', environment: 'staging', version: '1.2.3' };

/** A fresh copy of lib/sentry.ts: it keeps whether reporting started. */
async function load() {
  vi.resetModules();
  return {
    Sentry: await import('@sentry/react'),
    ...(await import('./sentry')),
  };
}

describe('error reporting (spec §1)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('starts with trace sample rate 1 and environment production when a DSN is configured', async () => {
    const { Sentry, initErrorReporting, reportError } = await load();

    await expect(
      initErrorReporting({ ...config, sentry_dsn: 'https://key@sentry.example/1' }),
    ).resolves.toBe(true);

    expect(Sentry.init).toHaveBeenCalledTimes(1);
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@sentry.example/1',
        tracesSampleRate: 1,
        environment: 'production',
        release: '1.2.3',
      }),
    );
    const error = new Error('reported');
    reportError(error);
    expect(Sentry.captureException).toHaveBeenCalledWith(error);
  });

  it('stays off without a DSN, and reports nothing', async () => {
    const { Sentry, initErrorReporting, reportError } = await load();

    await expect(initErrorReporting({ ...config, sentry_dsn: null })).resolves.toBe(false);
    await expect(initErrorReporting({ ...config, sentry_dsn: '' })).resolves.toBe(false);
    reportError(new Error('not sent'));

    expect(Sentry.init).not.toHaveBeenCalled();
    expect(Sentry.captureException).not.toHaveBeenCalled();
  });
});
