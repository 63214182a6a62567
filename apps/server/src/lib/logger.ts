import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';

/** Keeps the last lines the server logged, for GET /health/logs (instance administrators). */
export class LogBuffer extends Writable {
  private readonly lines: Record<string, unknown>[] = [];

  constructor(private readonly capacity = 500) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (const text of chunk.toString('utf8').split('\n')) {
      if (!text) continue;
      try {
        this.lines.push(JSON.parse(text) as Record<string, unknown>);
      } catch {
        this.lines.push({ msg: text });
      }
      if (this.lines.length > this.capacity) this.lines.shift();
    }
    done();
  }

  recent(limit: number): Record<string, unknown>[] {
    return this.lines.slice(-limit);
  }
}

/** Query parameters whose values are secrets: a token in a link must not end up in a log file. */
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** What a request's logger knows of its client's connection (see `watchClientConnection`). */
interface ClientConnection {
  readonly destroyed: boolean;
}

const clientConnections = new WeakMap<object, ClientConnection>();

/**
 * Ties a request's logger to its client's connection, so that an error it logs after the client
 * hung up is told apart from a fault of the server (`createLogger`).
 */
export function watchClientConnection(requestLogger: object, connection: ClientConnection): void {
  clientConnections.set(requestLogger, connection);
}

/** Errors of a connection or a stream that the other side closed before the end. */
const CONNECTION_CLOSED_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
]);

/**
 * An error that a closed connection causes: Node's stream codes, and the plain "premature close"
 * of the end-of-stream module (@fastify/compress pipes through it) and "aborted" of Node's server.
 */
export function isConnectionClosedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && CONNECTION_CLOSED_CODES.has(code)) return true;
  return /^(premature close|aborted)$/i.test(error.message);
}

export const CLIENT_GONE_MESSAGE = 'client closed the connection before the answer was sent';

const ERROR_LEVEL = 50;

/** The error a log call is about: pino takes it first, or as `err` of the first argument. */
function errorOfLogCall(args: unknown[]): unknown {
  const [first] = args;
  if (first instanceof Error) return first;
  return (first as { err?: unknown } | null | undefined)?.err;
}

/**
 * An error line (level ≥ 50) about a client that hung up is an everyday event, not a fault a
 * self-hoster must look at: Fastify, @fastify/compress and the WebSocket plugin log those at error.
 * It goes out at info instead, when the logger is a request's whose client connection is closed
 * and the error is one a closed connection causes. Everything else keeps its level.
 */
function logClientHangUpsAtInfo(
  this: Logger,
  args: Parameters<pino.LogFn>,
  method: pino.LogFn,
  level: number,
): void {
  const connection = clientConnections.get(this);
  const error = errorOfLogCall(args);
  if (level < ERROR_LEVEL || !connection?.destroyed || !isConnectionClosedError(error)) {
    method.apply(this, args);
    return;
  }
  const [first] = args;
  const context = first instanceof Error || typeof first !== 'object' ? {} : { ...first };
  delete (context as { err?: unknown }).err;
  const { message, code } = error as NodeJS.ErrnoException;
  this.info({ ...context, reason: code ?? message }, CLIENT_GONE_MESSAGE);
}

export function createLogger(options: {
  level: string;
  toStdout: boolean;
  buffer: LogBuffer;
  /** Where the error lines go too, when the others go nowhere but the buffer (tests). */
  errorsTo?: NodeJS.WritableStream;
}) {
  const streams: pino.StreamEntry[] = [{ stream: options.buffer }];
  if (options.toStdout) streams.push({ stream: process.stdout });
  if (options.errorsTo) streams.push({ level: 'error', stream: options.errorsTo });
  const logger: Logger = pino(
    {
      level: options.level,
      // Tokens and passwords never reach a log line (ARCHITECTURE; issue: "secrets never logged").
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.current_password',
          '*.new_password',
          '*.refresh_token',
          '*.access_token',
          '*.token',
        ],
        censor: '[redacted]',
      },
      hooks: { logMethod: logClientHangUpsAtInfo },
      serializers: {
        req: (req: { id: string; method: string; url: string; ip?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    pino.multistream(streams),
  );
  return logger;
}
