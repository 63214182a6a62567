import { ZRuntimeConfig, type RuntimeConfig } from '@household/contracts';

/** Same origin, no error reporting: what a server without /config.json gets. */
export const FALLBACK_RUNTIME_CONFIG: RuntimeConfig = {
  api_url: '',
  sentry_dsn: null,
  environment: 'production',
  version: 'unknown',
};

/** GET /config.json before the app renders, so one build serves every host. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
    return ZRuntimeConfig.parse(await response.json());
  } catch (error) {
    console.warn('Runtime config unavailable, using the same origin for the API', error);
    return FALLBACK_RUNTIME_CONFIG;
  }
}
