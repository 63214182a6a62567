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

export function createLogger(options: { level: string; toStdout: boolean; buffer: LogBuffer }) {
  const streams: pino.StreamEntry[] = [{ stream: options.buffer }];
  if (options.toStdout) streams.push({ stream: process.stdout });
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
