import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>\n';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
const SERVICE_WORKER = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(100)}\n`;
const MANIFEST = `${JSON.stringify({ name: 'Household', start_url: '/', display: 'standalone' })}\n`;

/** A built web app as `npm run build` leaves it: each text file beside its .br and .gz copies. */
function writeWebBuild(dir: string) {
  const write = (file: string, content: string, compressed = true) => {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    if (!compressed) return;
    fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${target}.gz`, zlib.gzipSync(content));
  };
  write('index.html', INDEX_HTML);
  write(SCRIPT_PATH, SCRIPT);
  // Too small to gain from compression: the build writes no copies.
  write('/assets/tiny-Ef56Gh78.js', 'export {};\n', false);
  write('sw.js', SERVICE_WORKER);
  write('manifest.webmanifest', MANIFEST);
}

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-web-'));
  writeWebBuild(webDir);
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the built web app', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('with Accept-Encoding %s, a script is sent as %s', async (acceptEncoding, encoding) => {
    const response = await get(SCRIPT_PATH, acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(response.rawPayload, encoding)).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
    const response = await get('/assets/tiny-Ef56Gh78.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it.each(['br', 'gzip'])(
    'sends a page, through the single-page fallback, as %s and never from a cache unchecked',
    async (encoding) => {
      for (const url of ['/', '/lists/3', '/auth/login?redirect=%2Fgroups']) {
        const response = await get(url, encoding);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(decoded(response.rawPayload, encoding), url).toBe(INDEX_HTML);
      }
    },
  );

  it.each(['br', 'gzip', undefined])(
    'lets browsers keep a hashed asset for a year (Accept-Encoding %s)',
    async (encoding) => {
      const response = await get(SCRIPT_PATH, encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it('sends the service worker for the whole app, checked with the server on every update check', async () => {
    const response = await get('/sw.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    // A cached worker would keep a new deployment from ever being announced (docs/offline.md).
    expect(response.headers['cache-control']).toBe('no-cache');
    // At the root, its default scope is the whole app: no Service-Worker-Allowed needed.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(decoded(response.rawPayload, response.headers['content-encoding'] as string)).toBe(
      SERVICE_WORKER,
    );
  });

  it('sends the web app manifest as a manifest, never from a cache unchecked', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ display: 'standalone' });
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await get('/assets/index-Old00000.js', 'br, gzip');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});
