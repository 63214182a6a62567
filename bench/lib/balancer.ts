/**
 * What a load balancer in front of several server processes does, played by the benchmark's own
 * clients: new requests and WebSocket connections go round the processes; a process that refuses a
 * connection or drops one is passed over for a while (a passive health check, like nginx's
 * max_fails=1 fail_timeout=10s), and a request that could not even connect is sent to the next
 * process at once (nginx's `proxy_next_upstream error`). A request that failed after it was sent is
 * an error its client sees, as behind a real balancer, which does not resend a write.
 */
import http from 'node:http';

/** How long a process that failed a connection is passed over. */
const PASSED_OVER_MS = 10_000;
/**
 * No answer this long after the client sent it (waiting for a connection included): the client
 * gives up and the request counts as failed. This also bounds the run when the server falls behind.
 */
const REQUEST_TIMEOUT_MS = 10_000;

export interface Upstream {
  index: number;
  port: number;
  /** Keep-alive connections to this process, as a balancer's upstream pool keeps them. */
  agent: http.Agent;
  passedOverUntil: number;
}

export interface HttpRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Keep the answer's body (writes read the version they produced); reads only drain it. */
  keepBody: boolean;
}

export interface HttpOutcome {
  /** The process that answered, or the last one tried. */
  upstream: number;
  /** null: no answer (the connection failed or timed out). */
  status: number | null;
  /** The network error's code when there was no answer. */
  error: string | null;
  body: string | null;
  headers: http.IncomingHttpHeaders | null;
  doneAt: number;
}

export class Balancer {
  readonly upstreams: Upstream[];
  private next = 0;

  constructor(ports: number[]) {
    this.upstreams = ports.map((port, index) => ({
      index,
      port,
      agent: new http.Agent({ keepAlive: true, maxSockets: 128 }),
      passedOverUntil: 0,
    }));
  }

  /** Every process, in the order to try: round robin, the ones passed over last. */
  order(): Upstream[] {
    const start = this.next++ % this.upstreams.length;
    const rotated = [...this.upstreams.slice(start), ...this.upstreams.slice(0, start)];
    const now = performance.now();
    return [
      ...rotated.filter((upstream) => upstream.passedOverUntil <= now),
      ...rotated.filter((upstream) => upstream.passedOverUntil > now),
    ];
  }

  passOver(upstream: Upstream): void {
    upstream.passedOverUntil = performance.now() + PASSED_OVER_MS;
  }

  /** Sends one request through the balancer; never throws. */
  async send(request: HttpRequest): Promise<HttpOutcome> {
    const deadline = performance.now() + REQUEST_TIMEOUT_MS;
    let last: HttpOutcome | null = null;
    for (const upstream of this.order()) {
      last = await sendTo(upstream, request, deadline);
      if (last.status === null) this.passOver(upstream);
      if (last.error !== 'ECONNREFUSED') return last;
    }
    return last!;
  }

  close(): void {
    for (const upstream of this.upstreams) upstream.agent.destroy();
  }
}

function sendTo(upstream: Upstream, request: HttpRequest, deadline: number): Promise<HttpOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let headers: http.IncomingHttpHeaders | null = null;
    const settle = (status: number | null, error: string | null, body: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        upstream: upstream.index,
        status,
        error,
        body,
        headers,
        doneAt: performance.now(),
      });
    };
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent: upstream.agent,
      },
      (response) => {
        headers = response.headers;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (request.keepBody) chunks.push(chunk);
        });
        response.on('end', () =>
          settle(
            response.statusCode ?? null,
            null,
            request.keepBody ? Buffer.concat(chunks).toString('utf8') : null,
          ),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          settle(null, error.code ?? error.message, null),
        );
        // The process died half-way through its answer (after 'end', settling again is a no-op).
        response.on('close', () => settle(null, 'aborted', null));
      },
    );
    const timer = setTimeout(
      () => {
        settle(null, 'timeout', null);
        outgoing.destroy();
      },
      Math.max(0, deadline - performance.now()),
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      settle(null, error.code ?? error.message, null),
    );
    outgoing.end(request.body);
  });
}
