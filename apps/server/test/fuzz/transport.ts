import net from 'node:net';
import type { App } from '../../src/app';
import type { WireRequest } from './requests';

/** What came back; status 0 when the connection closed without an answer, with why as the body. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A socket case that gets no answer at all is a failure in itself; this bounds the wait for one
 * so that a hung connection fails the case instead of the whole run. 15 s was once too short on a
 * 2-core machine running the browser tests' Chromium beside both engines' suites (a refusal of a
 * bad id took longer); inject cases wait as long as their route's test may.
 */
const SOCKET_ANSWER_LIMIT_MS = 60_000;

export async function send(app: App, request: WireRequest): Promise<Answer> {
  if (request.transport === 'socket') return sendOverSocket(await listeningPort(app), request);
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload
      ? { payload: Buffer.from(request.payload.text, request.payload.encoding) }
      : {}),
  });
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    body: response.body,
  };
}

const ports = new WeakMap<App, Promise<number>>();

/** The app listens on a loopback port the first time a case needs a real socket. */
function listeningPort(app: App): Promise<number> {
  let port = ports.get(app);
  if (!port) {
    port = app.listen({ host: '127.0.0.1', port: 0 }).then(() => {
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      return address.port;
    });
    ports.set(app, port);
  }
  return port;
}

/**
 * Writes the request byte for byte, as a hostile client would: header values go out as UTF-8
 * bytes, NUL included, which Node's own HTTP client refuses to send. The whole request is one
 * write, so the server reads it all before it answers and closes (no reset loses the answer).
 * The client does not half-close: Node's server drops a request whose client ended its side.
 */
function sendOverSocket(port: number, request: WireRequest): Promise<Answer> {
  const body = request.payload
    ? Buffer.from(request.payload.text, request.payload.encoding)
    : Buffer.alloc(0);
  const lines = [
    `${request.method} ${request.url} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: close',
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(request.payload ? [`content-length: ${body.length}`] : []),
  ];
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // Why a case got no answer, for its report: a slow server and a reset are different bugs.
    let ending = 'the server closed it';
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.write(Buffer.concat([head, body]));
    });
    socket.setTimeout(SOCKET_ANSWER_LIMIT_MS, () => {
      ending = `no answer within ${SOCKET_ANSWER_LIMIT_MS / 1000} s`;
      socket.destroy();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      ending = `socket error ${error.code ?? error.message}`;
    });
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks), ending)));
  });
}

function parseAnswer(raw: Buffer, ending: string): Answer {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) {
    return {
      status: 0,
      contentType: '',
      body: `${ending}; read: ${JSON.stringify(raw.toString('utf8').slice(0, 200))}`,
    };
  }
  const [statusLine = '', ...headerLines] = raw
    .subarray(0, headEnd)
    .toString('latin1')
    .split('\r\n');
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  let body = raw.subarray(headEnd + 4);
  if (headers.get('transfer-encoding')?.includes('chunked')) body = dechunk(body);
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    contentType: headers.get('content-type') ?? '',
    body: body.toString('utf8'),
  };
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = parseInt(raw.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
