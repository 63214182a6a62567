import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/support/assertions';
import type { Admission, AdmissionLimits } from './admission';
import { BUSY_RETRY_AFTER_SECONDS, shedExcessLoad } from './load-shedding';

// A real Fastify instance with a route that waits until the test lets it answer, on a clock the
// test moves by hand.
let app: FastifyInstance;
let release: () => void = () => {};
let clock = 0;
let slowStarted = 0;
let admission: Admission;

async function buildBusyApp(limits: Partial<AdmissionLimits>) {
  clock = 0;
  slowStarted = 0;
  app = Fastify({ forceCloseConnections: true });
  admission = shedExcessLoad(
    app,
    { maxActive: 1, maxInFlight: 32, queueDelayTargetMs: 100, intervalMs: 1000, ...limits },
    () => clock,
  );
  const gate = new Promise<void>((resolve) => (release = resolve));
  app.get('/api/v1/slow', async () => {
    slowStarted += 1;
    await gate;
    return { ok: true };
  });
  app.get('/api/v1/fast', async () => ({ ok: true }));
  app.get('/api/v1/health/status', async () => ({ status: 'ok' }));
  app.get('/assets/app.js', async () => 'console.log(1)');
  await app.ready();
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(async () => {
  release();
  await app.close();
});

describe('shedding excess load (docs/decisions.md "Load and faults")', () => {
  it('answers 503 problem+json with Retry-After while a line stands, and serves again once it moves', async () => {
    await buildBusyApp({ maxActive: 2 });
    const held = Array.from({ length: 6 }, () => app.inject('/api/v1/slow'));
    await tick();
    expect(slowStarted).toBe(2);
    clock += 1100;

    const refused = await app.inject('/api/v1/fast');
    expectProblem(refused, 503, 'service_unavailable');
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    // Health checks and static files are not API work: never refused here.
    expect((await app.inject('/api/v1/health/status')).statusCode).toBe(200);
    expect((await app.inject('/assets/app.js')).statusCode).toBe(200);

    release();
    expect((await Promise.all(held)).map((answer) => answer.statusCode)).toEqual(
      Array(6).fill(200),
    );
    expect((await app.inject('/api/v1/fast')).statusCode).toBe(200);
  });

  it('answers past the in-flight cap at once, without reading the request', async () => {
    await buildBusyApp({ maxActive: 2, maxInFlight: 6 });
    const held = Array.from({ length: 6 }, () => app.inject('/api/v1/slow'));
    await tick();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/fast',
      headers: { 'content-type': 'application/json' },
      payload: '{ not even json',
    });
    expectProblem(refused, 503, 'service_unavailable');
    release();
    await Promise.all(held);
  });

  it('frees the place of a client that hung up before its answer', async () => {
    await buildBusyApp({ maxActive: 1, maxInFlight: 1 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const gone = fetch(`${address}/api/v1/slow`, { signal: abort.signal }).catch(() => 'aborted');
    await expect.poll(() => slowStarted).toBe(1);
    abort.abort();
    expect(await gone).toBe('aborted');
    // The slow handler still waits; its client is gone, so it no longer holds the place.
    await expect.poll(async () => (await fetch(`${address}/api/v1/fast`)).status).toBe(200);
  });

  it('drops a request whose client hung up while it waited in line: its handler never runs', async () => {
    await buildBusyApp({ maxActive: 1 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = fetch(`${address}/api/v1/slow`);
    await expect.poll(() => slowStarted).toBe(1);
    const abort = new AbortController();
    const waiting = fetch(`${address}/api/v1/slow`, { signal: abort.signal }).catch(() => 'gone');
    await expect.poll(() => admission.state().waiting).toBe(1);
    abort.abort();
    expect(await waiting).toBe('gone');
    await expect.poll(() => admission.state().waiting).toBe(0);
    release();
    expect((await first).status).toBe(200);
    expect((await fetch(`${address}/api/v1/fast`)).status).toBe(200);
    expect(slowStarted).toBe(1);
  });
});
