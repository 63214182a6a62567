import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PRIVATE_NETWORKS } from '../config';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { expectProblem } from '../../test/support/assertions';

/** Who the client is, behind the proxies TRUST_PROXY names, and what the per-address limit says. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_PER_MINUTE: '2' },
    {
      extend: (app) => app.get('/test/client-ip', async (request) => ({ ip: request.ip })),
    },
  );
});
afterAll(() => t.close());

const ipSeen = async (remoteAddress: string, forwardedFor: string) =>
  (
    await t.app.inject({
      url: '/test/client-ip',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    })
  ).json<{ ip: string }>().ip;

const guestFrom = (remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/guest',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY with a list of proxies', () => {
  it('believes X-Forwarded-For from a listed proxy only', async () => {
    expect(await ipSeen('10.1.2.3', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen('192.0.2.50', '203.0.113.7')).toBe('192.0.2.50');
  });

  it('keeps the per-address limit on a client that forges X-Forwarded-For', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await guestFrom('192.0.2.60', `198.51.100.${i}`)).statusCode).toBe(201);
    }
    const blocked = expectProblem(
      await guestFrom('192.0.2.60', '198.51.100.99'),
      429,
      'rate_limited',
    );
    // A client behind the trusted proxy is counted as itself, not as the proxy.
    expect((await guestFrom('10.1.2.3', '203.0.113.8')).statusCode).toBe(201);
    expect(blocked.detail).toMatch(/^Too many requests; retry in /);
  });
});

describe('TRUST_PROXY values', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes addresses and networks, comma-separated', () => {
    expect(trustProxy('10.0.0.0/8, 192.0.2.1,::1')).toEqual(['10.0.0.0/8', '192.0.2.1', '::1']);
  });

  it('reads true as the loopback and private networks, never every client', () => {
    expect(trustProxy('true')).toEqual([...PRIVATE_NETWORKS]);
    expect(trustProxy('1')).toEqual([...PRIVATE_NETWORKS]);
  });

  it('reads false, 0 and nothing as no proxy', () => {
    expect(trustProxy('false')).toEqual([]);
    expect(trustProxy('0')).toEqual([]);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });

  it('refuses what is not an address or a network', () => {
    expect(() => trustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('10.0.0.0/8,proxy.local')).toThrow(/proxy\.local/);
  });
});
