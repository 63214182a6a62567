import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Admin@Example.test' });
  admin = await buildUser(t.app, { email: 'admin@example.test' });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok without authentication', async () => {
    const response = await t.app.inject('/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('tells the version and the node runtime', async () => {
    const body = (await t.app.inject('/api/v1/health/version')).json();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.node).toBe(process.version);
    expect(body).toHaveProperty('commit');
  });

  it('reports a reachable database, the applied migration and the uptime', async () => {
    const response = await t.app.inject('/api/v1/health/status');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.reachable).toBe(true);
    expect(body.database.engine).toBe(t.database.engine);
    expect(body.database.migration).toMatch(/^\d{4}_/);
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
  });

  it('exposes Prometheus metrics by route pattern and status, with process metrics', async () => {
    await t.app.inject('/api/v1/health');
    const response = await t.app.inject('/api/v1/health/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/health",status_code="200"\} \d+/,
    );
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('shows recent log lines to an instance administrator only', async () => {
    const anonymous = await t.app.inject('/api/v1/health/logs');
    expect(anonymous.statusCode).toBe(401);

    const someone = await buildUser(t.app);
    const forbidden = await t.app.inject({ url: '/api/v1/health/logs', headers: someone.auth });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('forbidden');

    const allowed = await t.app.inject({
      url: '/api/v1/health/logs?limit=50',
      headers: admin.auth,
    });
    expect(allowed.statusCode).toBe(200);
    const lines = allowed.json().lines as Record<string, unknown>[];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(50);
  });

  it('never writes passwords or tokens into the log', async () => {
    const someone = await buildUser(t.app);
    await t.app.inject({
      url: `/auth/reset-password?token=secret-link-token`,
      headers: someone.auth,
    });
    const lines = JSON.stringify(
      (await t.app.inject({ url: '/api/v1/health/logs?limit=500', headers: admin.auth })).json(),
    );
    expect(lines).not.toContain(someone.password);
    expect(lines).not.toContain(someone.tokens.access_token);
    expect(lines).not.toContain(someone.tokens.refresh_token);
    expect(lines).not.toContain('secret-link-token');
  });
});
