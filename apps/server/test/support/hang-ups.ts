import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app';

/** A request as a client sends it over a real connection to the listening app. */
export interface RawRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** pino's error level: a line at or above it is one a self-hoster's alerts fire on. */
export const PINO_ERROR_LEVEL = 50;

export type LogLine = { level: number; msg?: string; reqId?: string; [field: string]: unknown };

/** The app's base address once it listens (on 127.0.0.1, a free port). */
export function addressOf(app: App): { host: string; port: number } {
  const { port } = app.server.address() as AddressInfo;
  return { host: '127.0.0.1', port };
}

function send(app: App, request: RawRequest): http.ClientRequest {
  const body = request.body ?? '';
  const client = http.request({
    ...addressOf(app),
    agent: false,
    method: request.method,
    path: request.path,
    headers: {
      ...request.headers,
      ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    },
  });
  // The hang-up is on purpose: the client side's own reset is no news.
  client.on('error', () => {});
  client.end(body);
  return client;
}

/**
 * Sends the request, waits until the server has it (and until `serverAtWork` resolves, when the
 * test can tell that the handler is at work), then closes the connection before any answer, and
 * resolves once the server saw the connection close. `requestId` (X-Request-Id) names it in the
 * app's log.
 */
export async function hangUpBeforeTheAnswer(
  app: App,
  request: RawRequest & { requestId: string; serverAtWork?: () => Promise<void> },
): Promise<void> {
  const arrived = new Promise<http.IncomingMessage>((resolve) => {
    const onRequest = (incoming: http.IncomingMessage) => {
      if (incoming.headers['x-request-id'] !== request.requestId) return;
      app.server.off('request', onRequest);
      resolve(incoming);
    };
    app.server.on('request', onRequest);
  });
  const client = send(app, {
    ...request,
    headers: { ...request.headers, 'x-request-id': request.requestId },
  });
  const incoming = await arrived;
  await request.serverAtWork?.();
  const closed = new Promise((resolve) => incoming.socket.once('close', resolve));
  client.destroy();
  await closed;
}

/** Sends the request and closes the connection once the first bytes of the body arrived. */
export function hangUpDuringTheAnswer(
  app: App,
  request: RawRequest & { requestId: string },
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const client = send(app, {
      ...request,
      headers: { ...request.headers, 'x-request-id': request.requestId },
    });
    client.on('response', (response) => {
      response.once('data', () => {
        client.destroy();
        resolve({ status: response.statusCode ?? 0 });
      });
      response.once('end', () => reject(new Error(`${request.path} ended before the hang-up`)));
    });
  });
}

/**
 * Sends the request and closes the connection after `afterMs`, whether the answer came or not;
 * resolves with the status when the whole answer arrived first, else null.
 */
export function requestWithPatience(
  app: App,
  request: RawRequest & { requestId: string; afterMs: number },
): Promise<number | null> {
  return new Promise((resolve) => {
    const client = send(app, {
      ...request,
      headers: { ...request.headers, 'x-request-id': request.requestId },
    });
    const timer = setTimeout(() => {
      client.destroy();
      resolve(null);
    }, request.afterMs);
    client.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
    });
    client.on('close', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

/** Resolves once `holds` returns true, polling every 10 ms for up to `timeoutMs`. */
export async function until(holds: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until `found` holds for the log (read through GET /health/logs as an administrator). */
export async function waitForLogLines(
  readLog: () => Promise<LogLine[]>,
  found: (lines: LogLine[]) => boolean,
  timeoutMs = 5_000,
): Promise<LogLine[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = await readLog();
    if (found(lines) || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
