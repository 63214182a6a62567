import { ZRuntimeConfig } from '@household/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fake-api';
import {
  FALLBACK_RUNTIME_CONFIG,
  loadRuntimeConfig,
  RUNTIME_CONFIG_CHECKS,
} from './runtime-config';

describe('runtime config', () => {
  it('reads /config.json', async () => {
    const config = {
      api_url: 'https://api.example',
      sentry_dsn: null,
      environment: 'production',
      version: '1',
    };
    const fetch = vi.fn(async () => jsonResponse(config));
    await expect(loadRuntimeConfig(fetch)).resolves.toEqual(config);
    expect(fetch).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('falls back to the same origin without error reporting when it cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = vi.fn(async () => new Response('not found', { status: 404 }));
    const invalid = vi.fn(async () => jsonResponse({ api_url: 3 }));
    await expect(loadRuntimeConfig(missing)).resolves.toEqual(FALLBACK_RUNTIME_CONFIG);
    await expect(loadRuntimeConfig(invalid)).resolves.toEqual(FALLBACK_RUNTIME_CONFIG);
  });

  it('checks the fields of the contract, as the contract does', () => {
    expect(Object.keys(RUNTIME_CONFIG_CHECKS).sort()).toEqual(
      Object.keys(ZRuntimeConfig.shape).sort(),
    );
    const samples: unknown[] = ['', 'x', null, undefined, 0, true, {}, []];
    for (const [field, check] of Object.entries(RUNTIME_CONFIG_CHECKS)) {
      const contract = ZRuntimeConfig.shape[field as keyof typeof ZRuntimeConfig.shape];
      for (const sample of samples) {
        expect(check(sample), `${field}: ${JSON.stringify(sample)}`).toBe(
          contract.safeParse(sample).success,
        );
      }
    }
  });
});
