import type { RuntimeConfig } from '@household/contracts';

/** Same origin, no error reporting: what a server without /config.json gets. */
export const FALLBACK_RUNTIME_CONFIG: RuntimeConfig = {
  api_url: '',
  sentry_dsn: null,
  environment: 'production',
  version: 'unknown',
};

/**
 * The contract `ZRuntimeConfig`, checked by hand: the config is read before the first page draws,
 * and zod would add ~27 kB to that page's code (issue 9). A test holds the two together.
 */
export const RUNTIME_CONFIG_CHECKS: Record<keyof RuntimeConfig, (value: unknown) => boolean> = {
  api_url: (value) => typeof value === 'string',
  sentry_dsn: (value) => value === null || typeof value === 'string',
  environment: (value) => typeof value === 'string',
  version: (value) => typeof value === 'string',
};

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return Object.entries(RUNTIME_CONFIG_CHECKS).every(([field, check]) => check(fields[field]));
}

/** GET /config.json before the app renders, so one build serves every host. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
    const config: unknown = await response.json();
    if (!isRuntimeConfig(config)) throw new Error('GET /config.json answered an invalid config');
    const { api_url, sentry_dsn, environment, version } = config;
    return { api_url, sentry_dsn, environment, version };
  } catch (error) {
    console.warn('Runtime config unavailable, using the same origin for the API', error);
    return FALLBACK_RUNTIME_CONFIG;
  }
}
