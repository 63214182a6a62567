import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSON_BODY_LIMIT_BYTES } from '@household/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { expectProblem } from '../../test/support/assertions';

let t: TestApp;
let alex: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alex = await buildUser(t.app);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The directives of a Content-Security-Policy header, by name. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => !!name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/users/nope'],
    ['DELETE', '/api/v1/users/me/everything'],
    ['GET', '/api'],
  ] as const)('%s %s answers a problem+json 404', async (method, url) => {
    const body = expectProblem(await t.app.inject({ method, url }), 404, 'not_found');
    expect(body.detail).toContain(url);
  });

  it('a malformed path answers a problem+json 400, never 5xx', async () => {
    expectProblem(await t.app.inject('/api/v1/avatars/%E0%A4%A'), 400, 'validation_failed');
  });

  it('an overlong path parameter answers a problem+json 4xx', async () => {
    const response = await t.app.inject(`/api/v1/avatars/${'a'.repeat(300)}.webp`);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('request bodies', () => {
  it('a JSON body over 1 MB answers 413', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1) });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: { ...alex.auth, 'content-type': 'application/json' },
      payload,
    });
    expectProblem(response, 413, 'payload_too_large');
  });

  it('a JSON body over 1 MB answers 413 on a public route too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1) }),
    });
    expectProblem(response, 413, 'payload_too_large');
  });

  it.each([
    ['cut-off JSON', '{"name": '],
    ['JSON with a trailing comma', '{"name": "x",}'],
    ['a JSON body that poisons the prototype', '{"__proto__": {"is_guest": true}}'],
    ['an empty JSON body', ''],
  ])('%s answers 400 validation_failed', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: { ...alex.auth, 'content-type': 'application/json' },
      payload,
    });
    expectProblem(response, 400, 'validation_failed');
  });

  it.each([
    ['text/plain', '{"name":"Plain"}'],
    ['application/xml', '<user><name>Xml</name></user>'],
    ['image/png', 'not really'],
  ])('a %s body to a JSON route answers 415', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: { ...alex.auth, 'content-type': contentType },
      payload,
    });
    expectProblem(response, 415, 'unsupported_media_type');
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: alex.auth })).json().name).toBe(
      alex.user.name,
    );
  });

  it('a JSON content type with a charset is understood', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/preferences',
      headers: { ...alex.auth, 'content-type': 'application/json; charset=utf-8' },
      payload: '{"theme":"dark"}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().theme).toBe('dark');
  });
});

describe('request ids', () => {
  it.each([
    ['a success', '/api/v1/health'],
    ['a 401', '/api/v1/users/me'],
    ['a 404', '/api/v1/nope'],
    ['a page without a web build', '/lists/1'],
  ])('%s carries a generated x-request-id', async (_label, url) => {
    const response = await t.app.inject(url);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('each request gets its own id', async () => {
    const first = await t.app.inject('/api/v1/health');
    const second = await t.app.inject('/api/v1/health');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('a sane incoming id (from a proxy) is kept', async () => {
    const id = 'proxy-4f2a_91';
    const response = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it.each([
    ['200 characters long', 'r'.repeat(200)],
    ['with spaces', 'has some spaces'],
    ['with a line of log forgery', 'abc\\n{"level":60}'],
    ['empty', ''],
  ])('an incoming id %s is replaced', async (_label, id) => {
    const response = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/v1/health'],
    ['an error', '/api/v1/nope'],
    ['the runtime configuration', '/config.json'],
  ])('%s carries a strict Content-Security-Policy and nosniff', async (_label, url) => {
    const response = await t.app.inject(url);
    const csp = cspOf(response);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // A home server is often reached over plain http on the LAN.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  let cors: TestApp;
  beforeAll(async () => {
    cors = await createTestApp({ CORS_ORIGINS: 'https://app.example.test' });
  });
  afterAll(() => cors.close());

  it('an allowed origin may read answers with credentials and see the request id', async () => {
    const response = await cors.app.inject({
      url: '/api/v1/health',
      headers: { origin: 'https://app.example.test' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.test');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']).toContain('x-request-id');
    expect(response.headers['vary']).toContain('Origin');
  });

  it.each(['PATCH', 'PUT', 'DELETE', 'POST'])(
    'an allowed origin may send %s with a bearer token',
    async (method) => {
      const response = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/users/me',
        headers: {
          origin: 'https://app.example.test',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example.test');
      const methods = String(response.headers['access-control-allow-methods']).split(/\s*,\s*/);
      expect(methods).toContain(method);
      expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
    },
  );

  it('another origin is not allowed to read answers', async () => {
    const response = await cors.app.inject({
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example.test' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await cors.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: { origin: 'https://evil.example.test', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('without configured origins no origin is allowed', async () => {
    const response = await t.app.inject({
      url: '/api/v1/health',
      headers: { origin: 'https://app.example.test' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('the OpenAPI document lists login and the profile with their schemas', async () => {
    const response = await t.app.inject('/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBeTruthy();
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });

    const loginOperation = document.paths['/api/v1/auth/jwt/login'].post;
    const loginForm =
      loginOperation.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(loginForm.required).toEqual(expect.arrayContaining(['username', 'password']));
    const tokenPair = loginOperation.responses['200'].content['application/json'].schema;
    expect(Object.keys(tokenPair.properties)).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'token_type', 'expires_in']),
    );

    const profile = document.paths['/api/v1/users/me'];
    expect(profile.get.security).toEqual([{ bearer: [] }]);
    const user = profile.get.responses['200'].content['application/json'].schema;
    expect(Object.keys(user.properties).sort()).toEqual(
      [
        'avatar_url',
        'created_at',
        'email',
        'id',
        'is_guest',
        'is_verified',
        'locale',
        'name',
        'pending_email',
        'timezone',
      ].sort(),
    );
    const update = profile.patch.requestBody.content['application/json'].schema;
    expect(update.properties.name.maxLength).toBe(100);
    expect(update.properties.locale.enum).toEqual(['en', 'de', 'nl', 'fr', 'es']);
    expect(profile.delete).toBeDefined();
  });

  it('the OpenAPI document leaves itself out', async () => {
    const document = (await t.app.inject('/api/v1/openapi.json')).json();
    expect(document.paths['/api/v1/openapi.json']).toBeUndefined();
  });

  it.each(['/api/docs', '/api/docs/'])('%s answers an HTML page', async (url) => {
    let response = await t.app.inject(url);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      response = await t.app.inject(
        new URL(String(response.headers.location), 'http://x').pathname,
      );
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html');
  });
});

describe('runtime configuration', () => {
  it('tells the web app the API address, error reporting, environment and version', async () => {
    const response = await t.app.inject('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      api_url: '',
      sentry_dsn: null,
      environment: 'production',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  describe('with a separate API host and error reporting', () => {
    let configured: TestApp;
    beforeAll(async () => {
      configured = await createTestApp({
        PUBLIC_API_URL: 'https://api.example.test',
        SENTRY_DSN: 'https://k@o1.ingest.example.test/2',
        SENTRY_ENVIRONMENT: 'staging',
      });
    });
    afterAll(() => configured.close());

    it('shows the configured values', async () => {
      const response = await configured.app.inject('/config.json');
      expect(response.json()).toMatchObject({
        api_url: 'https://api.example.test',
        sentry_dsn: 'https://k@o1.ingest.example.test/2',
        environment: 'staging',
      });
    });

    it('lets the page connect to both hosts and nowhere else', async () => {
      const csp = cspOf(await configured.app.inject('/config.json'));
      expect(csp.get('connect-src')?.sort()).toEqual(
        ["'self'", 'https://api.example.test', 'https://o1.ingest.example.test'].sort(),
      );
    });

    it('lets the page show pictures from the API host', async () => {
      const csp = cspOf(await configured.app.inject('/config.json'));
      expect(csp.get('img-src')).toContain('https://api.example.test');
    });
  });
});

describe('the web app', () => {
  let web: TestApp;
  let distDir: string;
  const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
  const appJs = 'console.log("household");\n';

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-web-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(distDir, 'assets', 'app.js'), appJs);
    web = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/lists/5?x=1', '/auth/login', '/groups/3/expenses/new'])(
    'a page path %s answers index.html, never cached',
    async (url) => {
      const response = await web.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    },
  );

  it('a built asset is served and may be cached forever', async () => {
    const response = await web.app.inject('/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toBe(appJs);
  });

  it('a missing asset answers 404, not the page', async () => {
    const response = await web.app.inject('/assets/missing.js');
    expectProblem(response, 404, 'not_found');
    expect(response.body).not.toContain('<html');
  });

  it('an unknown API path answers a problem+json 404, not the page', async () => {
    const response = await web.app.inject('/api/v1/whatever');
    expectProblem(response, 404, 'not_found');
  });

  it('a POST to a page path answers 404, not the page', async () => {
    const response = await web.app.inject({ method: 'POST', url: '/lists/5' });
    expectProblem(response, 404, 'not_found');
  });

  it('the page carries the security headers', async () => {
    const csp = cspOf(await web.app.inject('/lists/5'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('without a web build, a page says how to build it', async () => {
    for (const url of ['/', '/lists/5']) {
      const body = expectProblem(await t.app.inject(url), 404, 'not_found');
      expect(body.detail).toContain('npm run build');
    }
  });
});

describe('unexpected errors', () => {
  it('answer a 500 problem without internals', async () => {
    // A real failure, not a mock: the table the route reads is briefly not where the code expects.
    await t.database.db.execute(sql`ALTER TABLE user_avatars RENAME TO user_avatars_elsewhere`);
    let response: LightMyRequestResponse;
    try {
      response = await t.app.inject(`/api/v1/avatars/${'a'.repeat(43)}.webp`);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE user_avatars_elsewhere RENAME TO user_avatars`);
    }
    const body = expectProblem(response, 500, 'internal_error');
    expect(Object.keys(body).sort()).toEqual(['code', 'status', 'title', 'type']);
    expect(response.body).not.toMatch(/user_avatars|select|stack|\bat\s/i);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
