import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../test/assertions';
import { BUSY_RETRY_AFTER_SECONDS, shedExcessLoad } from './load-shedding';

// A real Fastify instance with a route that waits until the test lets it answer.
let app: FastifyInstance;
let release: () => void = () => {};

async function buildBusyApp(maxConcurrentRequests: number, maxEventLoopUtilization = 1) {
  app = Fastify();
  shedExcessLoad(app, { maxConcurrentRequests, maxEventLoopUtilization });
  const gate = new Promise<void>((resolve) => (release = resolve));
  app.get('/api/v1/slow', async () => {
    await gate;
    return { ok: true };
  });
  app.get('/api/v1/fast', async () => ({ ok: true }));
  app.get('/api/v1/health/status', async () => ({ status: 'ok' }));
  app.get('/assets/app.js', async () => 'console.log(1)');
  await app.ready();
}

afterEach(async () => {
  release();
  await app.close();
});

describe('shedding excess load (bench/README.md "Soak")', () => {
  it('answers 503 problem+json with Retry-After past the limit, and serves again once a slot frees', async () => {
    await buildBusyApp(2);
    const slow = [app.inject('/api/v1/slow'), app.inject('/api/v1/slow')];
    await new Promise((resolve) => setImmediate(resolve));

    const refused = await app.inject('/api/v1/fast');
    expectProblem(refused, 503, 'service_unavailable');
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    // Health checks and static files are not API work: never refused here.
    expect((await app.inject('/api/v1/health/status')).statusCode).toBe(200);
    expect((await app.inject('/assets/app.js')).statusCode).toBe(200);

    release();
    expect((await Promise.all(slow)).map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await app.inject('/api/v1/fast')).statusCode).toBe(200);
  });

  it('frees the slot of a client that hung up before its answer', async () => {
    await buildBusyApp(1);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const gone = fetch(`${address}/api/v1/slow`, { signal: abort.signal }).catch(() => 'aborted');
    await expect.poll(async () => (await fetch(`${address}/api/v1/fast`)).status).toBe(503);
    abort.abort();
    expect(await gone).toBe('aborted');
    // The slow handler still waits; its client is gone, so it no longer counts.
    await expect.poll(async () => (await fetch(`${address}/api/v1/fast`)).status).toBe(200);
  });

  it('refuses API requests while the event loop is busy (work on this thread, e.g. the embedded database)', async () => {
    await buildBusyApp(1000, 0.9);
    // The thread busy for 1.2 s in turns of 200 ms, as queries of the embedded database keep it
    // under overload.
    for (let turn = 0; turn < 6; turn += 1) {
      const until = Date.now() + 200;
      while (Date.now() < until) {
        // busy
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expectProblem(await app.inject('/api/v1/fast'), 503, 'service_unavailable');
    expect((await app.inject('/api/v1/health/status')).statusCode).toBe(200);
    // Once the loop idles again, the next reading lets requests in.
    await expect.poll(async () => (await app.inject('/api/v1/fast')).statusCode).toBe(200);
  });
});
