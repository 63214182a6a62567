import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, buildList, buildUser, type TestUser } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';

let t: TestApp;
let owner: TestUser;
let bigListId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.app);
  const list = await buildList(t.app, owner, { name: 'Big shop' });
  for (let i = 0; i < 20; i++) await addItem(t.app, owner, list.id, { name: `Item ${i}` });
  bigListId = list.id;
});
afterAll(() => t.close());

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...owner.auth, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
}

describe('compressed answers', () => {
  it('sends JSON above 1 kB as brotli when the client takes it, gzip otherwise', async () => {
    const plain = await get(`/lists/${bigListId}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(`/lists/${bigListId}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get(`/lists/${bigListId}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers and 304s as they are', async () => {
    const me = await get('/users/me', 'br, gzip');
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json()).toMatchObject({ id: owner.user.id });

    const { headers } = await get(`/lists/${bigListId}`, 'br');
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/lists/${bigListId}`,
      headers: { ...owner.auth, 'accept-encoding': 'br', 'if-none-match': String(headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });

  it('refuses a compressed request body rather than inflating it', async () => {
    const body = zlib.gzipSync(JSON.stringify({ name: 'Zipped' }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { ...owner.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
