import { randomBytes } from 'node:crypto';
import {
  OCR_IMAGE_MAX_BYTES,
  ZOcrBatch,
  ZOcrHistoryPage,
  ZOcrJob,
  ZOcrResult,
  type OcrJob,
  type RealtimeEvent,
} from '@household/contracts';
import { itemNameKey } from '@household/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrImages, ocrJobs } from '../../db/schema';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import { buildList, buildUser, type TestUser } from '../../../test/support/factories';
import { multipartUpload, sender, type Auth } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { failAbandonedJobs, pruneImages } from './ocr-runner';
import { renderDocumentPhoto, SAMPLE_DOCUMENTS } from '../../../test/support/sample-photos';

// Real recognition: a photo takes a second or two, more on a busy machine.
const OCR_TIMEOUT = 90_000;

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const englishReceipt = SAMPLE_DOCUMENTS.find(
  (doc) => doc.language === 'eng' && doc.kind === 'receipt',
)!;

async function upload(
  auth: Auth | undefined,
  files: { bytes: Buffer; filename?: string; type?: string }[],
  fields: Record<string, string> = {},
  url = '/api/v1/ocr/extract-items',
  app = t,
) {
  const { payload, contentType } = await multipartUpload([
    ...Object.entries(fields).map(([field, text]) => ({ field, text })),
    ...files.map((file) => ({
      bytes: file.bytes,
      filename: file.filename ?? 'receipt.jpg',
      type: file.type ?? 'image/jpeg',
    })),
  ]);
  return app.app.inject({
    method: 'POST',
    url,
    headers: { ...(auth ?? {}), 'content-type': contentType },
    payload,
  });
}

async function submit(by: TestUser, bytes: Buffer, fields: Record<string, string> = {}, app = t) {
  const response = await upload(by.auth, [{ bytes }], fields, undefined, app);
  expect(response.statusCode, response.body).toBe(202);
  return expectShape(ZOcrJob, response.json());
}

async function status(by: TestUser, id: number, app = t): Promise<OcrJob> {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/ocr/status/${id}`,
    headers: by.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZOcrJob, response.json());
}

/** Polls until the job reaches one of `states`; the test's own timeout bounds the wait. */
async function waitFor(
  by: TestUser,
  id: number,
  states: OcrJob['state'][] = ['done', 'failed', 'cancelled'],
  app = t,
): Promise<OcrJob> {
  for (;;) {
    const job = await status(by, id, app);
    if (states.includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A picture of pure noise: no text, and slow to search for some, so a job stays running a while. */
const noise = (width = 1800, height = 2400) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .jpeg()
    .toBuffer();

const blankPage = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#fafafa' } })
    .jpeg()
    .toBuffer();

describe('who may use the photo jobs', () => {
  let owner: TestUser;
  let other: TestUser;
  let job: OcrJob;
  beforeAll(async () => {
    owner = await buildUser(t.app, { name: 'Owner' });
    other = await buildUser(t.app, { name: 'Other' });
    job = await submit(owner, await blankPage());
    await waitFor(owner, job.id);
  }, OCR_TIMEOUT);

  it('anonymous callers get 401 on every route', async () => {
    const photo = await blankPage();
    expectProblem(await upload(undefined, [{ bytes: photo }]), 401, 'unauthenticated');
    expectProblem(
      await upload(undefined, [{ bytes: photo }], {}, '/api/v1/ocr/batch'),
      401,
      'unauthenticated',
    );
    for (const [method, url] of [
      ['GET', `/ocr/status/${job.id}`],
      ['GET', `/ocr/result/${job.id}`],
      ['POST', `/ocr/cancel/${job.id}`],
      ['GET', '/ocr/history'],
    ] as const) {
      expectProblem(await send(undefined, method, url), 401, 'unauthenticated');
    }
  });

  it("another user's job is as unknown as one that never was (404)", async () => {
    for (const [method, url] of [
      ['GET', `/ocr/status/${job.id}`],
      ['GET', `/ocr/result/${job.id}`],
      ['POST', `/ocr/cancel/${job.id}`],
      ['GET', `/ocr/status/999999`],
    ] as const) {
      expectProblem(await send(other.auth, method, url), 404, 'not_found');
    }
    const history = expectShape(
      ZOcrHistoryPage,
      (await send(other.auth, 'GET', '/ocr/history')).json(),
    );
    expect(history.items).toEqual([]);
  });

  it('a list the uploader cannot see answers 404, and nothing is queued', async () => {
    const list = await buildList(t.app, other);
    const response = await upload(owner.auth, [{ bytes: await blankPage() }], {
      list_id: String(list.id),
    });
    expectProblem(response, 404, 'not_found');
    const history = expectShape(
      ZOcrHistoryPage,
      (await send(owner.auth, 'GET', '/ocr/history')).json(),
    );
    expect(history.items.map((item) => item.id)).toEqual([job.id]);
  });
});

describe('reading a receipt', () => {
  let ann: TestUser;
  const events: RealtimeEvent[] = [];
  beforeAll(async () => {
    ann = await buildUser(t.app, { name: 'Ann' });
    t.events.subscribe((event) => {
      if (event.entity === 'ocr_job') events.push(event);
    });
  });

  it(
    'answers at once with a queued job, then finds the items, prices and total, with progress pushed',
    async () => {
      const list = await buildList(t.app, ann);
      const job = await submit(ann, await renderDocumentPhoto(englishReceipt), {
        language: 'eng',
        list_id: String(list.id),
      });
      expect(job).toMatchObject({
        state: 'queued',
        progress: 0,
        language: 'eng',
        list_id: list.id,
        batch_id: null,
        file_name: 'receipt.jpg',
        item_count: null,
        failure: null,
      });
      const done = await waitFor(ann, job.id);
      expect(done).toMatchObject({ state: 'done', progress: 100, failure: null });
      expect(done.started_at).not.toBeNull();
      expect(done.finished_at).not.toBeNull();

      const result = expectShape(
        ZOcrResult,
        (await send(ann.auth, 'GET', `/ocr/result/${job.id}`)).json(),
      );
      expect(result.job.item_count).toBe(result.items.length);
      expect(result.lines.length).toBeGreaterThan(result.items.length);
      const found = new Map(result.items.map((item) => [itemNameKey(item.name), item]));
      // Recognition of a photo may miss a letter; most items must come out exactly.
      const exact = englishReceipt.items.filter(
        (item) => found.get(itemNameKey(item.name))?.price_cents === item.priceCents,
      );
      expect(exact.length).toBeGreaterThanOrEqual(Math.ceil(englishReceipt.items.length * 0.7));
      expect(result.total_cents).toBe(englishReceipt.totalCents);
      for (const item of result.items) {
        expect(item.confidence).toBeGreaterThanOrEqual(0);
        expect(item.confidence).toBeLessThanOrEqual(100);
      }

      const mine = events.filter((event) => event.id === job.id);
      expect(mine.every((event) => event.user_id === ann.user.id && event.group_id === null)).toBe(
        true,
      );
      expect(mine.map((event) => event.progress).at(-1)).toBe(100);
      expect(mine.some((event) => (event.progress ?? 0) > 0 && (event.progress ?? 0) < 100)).toBe(
        true,
      );
    },
    OCR_TIMEOUT,
  );

  it(
    'reads in the language of the uploader by default, and a blank page finds no items',
    async () => {
      const berta = await buildUser(t.app, { name: 'Berta' });
      const saved = await send(berta.auth, 'PUT', '/users/preferences', { language: 'de' });
      expect(saved.statusCode, saved.body).toBe(200);
      const job = await submit(berta, await blankPage());
      expect(job.language).toBe('deu');
      const done = await waitFor(berta, job.id);
      expect(done).toMatchObject({ state: 'done', item_count: 0 });
      const result = expectShape(
        ZOcrResult,
        (await send(berta.auth, 'GET', `/ocr/result/${job.id}`)).json(),
      );
      expect(result.items).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  it(
    'keeps answering other requests while a photo is read',
    async () => {
      const job = await submit(ann, await noise());
      await waitFor(ann, job.id, ['running', 'done', 'failed']);
      const me = await send(ann.auth, 'GET', '/users/me');
      expect(me.statusCode).toBe(200);
      // The answer came while the photo was still being read.
      const meanwhile = await status(ann, job.id);
      expect(meanwhile.state).toBe('running');
      await send(ann.auth, 'POST', `/ocr/cancel/${job.id}`);
    },
    OCR_TIMEOUT,
  );
});

describe('what is not a photo it can read', () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await buildUser(t.app);
  });

  const cases: [
    string,
    number,
    'unsupported_media_type' | 'validation_failed',
    () => Promise<Buffer> | Buffer,
  ][] = [
    ['a text file named .jpg', 415, 'unsupported_media_type', () => Buffer.from('not a picture\n')],
    [
      'a GIF',
      415,
      'unsupported_media_type',
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    [
      'a damaged JPEG',
      400,
      'validation_failed',
      async () => (await renderDocumentPhoto(englishReceipt)).subarray(0, 3000),
    ],
    [
      'a file that only starts like a PNG',
      400,
      'validation_failed',
      () =>
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          randomBytes(3000),
        ]),
    ],
    ['an empty file', 400, 'validation_failed', () => Buffer.alloc(0)],
  ];
  it.each(cases)('%s answers %i and queues nothing', async (_label, code, problem, make) => {
    const before = (await send(ann.auth, 'GET', '/ocr/history')).json().items.length;
    expectProblem(await upload(ann.auth, [{ bytes: await make() }]), code, problem);
    expect((await send(ann.auth, 'GET', '/ocr/history')).json().items.length).toBe(before);
  });

  it('a photo over the size limit answers 413', async () => {
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const huge = Buffer.concat([jpegStart, randomBytes(OCR_IMAGE_MAX_BYTES)]);
    expectProblem(await upload(ann.auth, [{ bytes: huge }]), 413, 'payload_too_large');
  });

  it('a form without a photo, or with a bad language or list id, answers 400', async () => {
    const photo = await blankPage();
    expectProblem(await upload(ann.auth, [], { language: 'eng' }), 400, 'validation_failed');
    expectProblem(
      await upload(ann.auth, [{ bytes: photo }], { language: 'klingon' }),
      400,
      'validation_failed',
    );
    expectProblem(
      await upload(ann.auth, [{ bytes: photo }], { list_id: '-1' }),
      400,
      'validation_failed',
    );
  });

  it('a batch of more photos than allowed answers 413', async () => {
    const photo = await blankPage();
    const response = await upload(
      ann.auth,
      Array.from({ length: 6 }, () => ({ bytes: photo })),
      {},
      '/api/v1/ocr/batch',
    );
    expectProblem(response, 413, 'payload_too_large');
  });
});

describe('cancelling', () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await buildUser(t.app);
  });

  it(
    'stops a running job and a queued one; the next photo is still read',
    async () => {
      const running = await submit(ann, await noise());
      const queued = await submit(ann, await blankPage());
      await waitFor(ann, running.id, ['running']);
      expect((await status(ann, queued.id)).state).toBe('queued');

      const cancelledQueued = await send(ann.auth, 'POST', `/ocr/cancel/${queued.id}`);
      expect(cancelledQueued.statusCode, cancelledQueued.body).toBe(200);
      expect(cancelledQueued.json()).toMatchObject({ state: 'cancelled' });
      const cancelledRunning = await send(ann.auth, 'POST', `/ocr/cancel/${running.id}`);
      expect(cancelledRunning.json()).toMatchObject({ state: 'cancelled' });

      expectProblem(await send(ann.auth, 'GET', `/ocr/result/${running.id}`), 409, 'conflict');
      expectProblem(await send(ann.auth, 'POST', `/ocr/cancel/${running.id}`), 409, 'conflict');

      const next = await submit(ann, await blankPage());
      expect((await waitFor(ann, next.id)).state).toBe('done');
      // Neither cancelled job came back to life.
      expect((await status(ann, running.id)).state).toBe('cancelled');
      expect((await status(ann, queued.id)).state).toBe('cancelled');
    },
    OCR_TIMEOUT,
  );
});

describe('a batch', () => {
  it(
    'queues one job per photo under one batch id, each with its own result',
    async () => {
      const ann = await buildUser(t.app);
      const photo = await blankPage();
      const response = await upload(
        ann.auth,
        [
          { bytes: photo, filename: 'page-1.jpg' },
          { bytes: photo, filename: 'page-2.jpg' },
        ],
        { language: 'fra' },
        '/api/v1/ocr/batch',
      );
      expect(response.statusCode, response.body).toBe(202);
      const batch = expectShape(ZOcrBatch, response.json());
      expect(batch.jobs.map((job) => [job.file_name, job.batch_id, job.language])).toEqual([
        ['page-1.jpg', batch.batch_id, 'fra'],
        ['page-2.jpg', batch.batch_id, 'fra'],
      ]);
      for (const job of batch.jobs) expect((await waitFor(ann, job.id)).state).toBe('done');
    },
    OCR_TIMEOUT,
  );
});

describe('history', () => {
  it('lists my jobs newest first, a page at a time, and by list', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    const photo = await blankPage();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await submit(ann, photo, i === 0 ? { list_id: String(list.id) } : {});
      ids.push(job.id);
      await send(ann.auth, 'POST', `/ocr/cancel/${job.id}`);
    }
    const first = expectShape(
      ZOcrHistoryPage,
      (await send(ann.auth, 'GET', '/ocr/history?limit=2')).json(),
    );
    expect(first.items.map((job) => job.id)).toEqual([ids[2], ids[1]]);
    const second = expectShape(
      ZOcrHistoryPage,
      (await send(ann.auth, 'GET', `/ocr/history?limit=2&cursor=${first.next_cursor}`)).json(),
    );
    expect(second).toMatchObject({ items: [{ id: ids[0] }], next_cursor: null });
    const ofList = expectShape(
      ZOcrHistoryPage,
      (await send(ann.auth, 'GET', `/ocr/history?list_id=${list.id}`)).json(),
    );
    expect(ofList.items.map((job) => job.id)).toEqual([ids[0]]);
    expectProblem(await send(ann.auth, 'GET', '/ocr/history?limit=0'), 400, 'validation_failed');
  });
});

describe('the queue limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ OCR_QUEUE_MAX: '1', OCR_WORKERS: '1', OCR_RETENTION_DAYS: '0' });
  });
  afterAll(() => small.close());

  it(
    'answers 429 with Retry-After once the queue is full, and accepts photos again later; with no retention no photo is stored',
    async () => {
      const ann = await buildUser(small.app);
      const running = await submit(ann, await noise(), {}, small);
      const waiting = await submit(ann, await blankPage(), {}, small);
      const refused = await upload(ann.auth, [{ bytes: await blankPage() }], {}, undefined, small);
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      await small.app.inject({
        method: 'POST',
        url: `/api/v1/ocr/cancel/${running.id}`,
        headers: ann.auth,
      });
      await waitFor(ann, waiting.id, ['done'], small);
      const later = await upload(ann.auth, [{ bytes: await blankPage() }], {}, undefined, small);
      expect(later.statusCode).toBe(202);
      // With no retention, no photo was ever written to the database.
      expect(await small.database.db.select().from(ocrImages)).toEqual([]);
    },
    OCR_TIMEOUT,
  );
});

describe('jobs and photos do not outlive their reason', () => {
  it('a job no process holds any more is failed with a reason, a held or fresh one is not', async () => {
    const ann = await buildUser(t.app);
    const db = t.database.db;
    const [abandoned, fresh, held] = await db
      .insert(ocrJobs)
      .values(
        ['running', 'queued', 'running'].map((state) => ({
          userId: ann.user.id,
          language: 'eng',
          state,
          fileName: 'photo.jpg',
        })),
      )
      .returning();
    await db
      .update(ocrJobs)
      .set({ updatedAt: sql`now() - interval '10 minutes'` })
      .where(sql`${ocrJobs.id} in (${abandoned!.id}, ${held!.id})`);

    const failed = await failAbandonedJobs(db, 90_000, [held!.id]);
    expect(failed.map((job) => job.id)).toEqual([abandoned!.id]);
    expect(await status(ann, abandoned!.id)).toMatchObject({
      state: 'failed',
      failure: 'server_restarted',
    });
    expect((await status(ann, fresh!.id)).state).toBe('queued');
    expect((await status(ann, held!.id)).state).toBe('running');
  });

  it(
    'photos are kept for their retention period, then deleted; deleting the account deletes its jobs',
    async () => {
      const ann = await buildUser(t.app);
      const old = await submit(ann, await blankPage());
      const recent = await submit(ann, await blankPage());
      await waitFor(ann, old.id);
      await waitFor(ann, recent.id);
      const db = t.database.db;
      const stored = async () =>
        (await db.select({ jobId: ocrImages.jobId }).from(ocrImages)).map((row) => row.jobId);
      expect(await stored()).toEqual(expect.arrayContaining([old.id, recent.id]));
      await db
        .update(ocrImages)
        .set({ createdAt: sql`now() - interval '8 days'` })
        .where(eq(ocrImages.jobId, old.id));

      await pruneImages(db, 7);
      expect(await stored()).not.toContain(old.id);
      expect(await stored()).toContain(recent.id);

      const deleted = await send(ann.auth, 'DELETE', '/users/me', { password: ann.password });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await db.select().from(ocrJobs).where(eq(ocrJobs.userId, ann.user.id))).toEqual([]);
      expect(await stored()).not.toContain(recent.id);
    },
    OCR_TIMEOUT,
  );
});
