import { ZOcrHistoryPage } from '@household/contracts';
import { itemNameKey } from '@household/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrJobs } from '../../db/schema';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import { buildList, buildUser, type TestUser } from '../../../test/support/factories';
import { castShadow } from '../../../test/support/photo-shadow';
import { photoJobs } from '../../../test/support/photo-jobs';
import { sender } from '../../../test/support/requests';
import {
  renderDocumentPhoto,
  SAMPLE_DOCUMENTS,
  type SampleDocument,
} from '../../../test/support/sample-photos';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { pruneImages } from './ocr-runner';
import { preparePhoto } from './prepare-image';
import { RecognitionLane } from './recognizer';
import { foldSearchText } from './search-text';

// Real recognition: a photo takes a few seconds, more on a busy machine.
const OCR_TIMEOUT = 120_000;

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sample = (id: string) => SAMPLE_DOCUMENTS.find((doc) => doc.id === id)!;

const { submit, waitUntilOver, result } = photoJobs(() => t.app);

/** The printed items read with their exact name and price. */
function exactlyRead(doc: SampleDocument, items: { name: string; price_cents: number | null }[]) {
  const found = new Map(items.map((item) => [itemNameKey(item.name), item]));
  return doc.items.filter(
    (item) => found.get(itemNameKey(item.name))?.price_cents === item.priceCents,
  );
}

describe('a receipt whose items do not add up to its total', () => {
  /** An item as a job stores it; without a price's confidence, as older versions stored them. */
  const stored = (
    name: string,
    cents: number | null,
    {
      priceConfidence,
      suggestion = false,
    }: { priceConfidence?: number; suggestion?: boolean } = {},
  ) => ({
    name,
    quantity: 1,
    unit: null,
    price_cents: cents,
    ...(priceConfidence === undefined ? {} : { price_confidence: priceConfidence }),
    confidence: 90,
    line: `${name} ${cents ?? ''}`,
    line_index: 0,
    suggestion,
    doubtful_words: [],
  });
  const storedJob = async (ann: TestUser, items: ReturnType<typeof stored>[], total: number) => {
    const [job] = await t.database.db
      .insert(ocrJobs)
      .values({
        userId: ann.user.id,
        language: 'eng',
        state: 'done',
        fileName: 'receipt.jpg',
        kind: 'receipt',
        totalCents: total,
        items: items as never,
        lines: [],
      })
      .returning();
    return job!.id;
  };

  it('comes with the price recognition doubted corrected, what was read kept in the fix', async () => {
    const ann = await buildUser(t.app, { name: 'Ann' });
    // As a careful photo was read: Milk 1,15 read "145" at 35 %, Eggs sure; Olive Oil as stored
    // by an older version.
    const id = await storedJob(
      ann,
      [
        stored('Eggs', 229, { priceConfidence: 95 }),
        stored('Milk', 14_500, { priceConfidence: 35 }),
        stored('Olive Oil', 449),
      ],
      229 + 115 + 449,
    );

    const read = await result(ann, id);
    expect(read.items.map((item) => [item.name, item.price_cents, item.price_confidence])).toEqual([
      ['Eggs', 229, 95],
      ['Milk', 115, 35],
      ['Olive Oil', 449, null],
    ]);
    expect(read.total_check).toEqual({
      items_cents: 229 + 14_500 + 449,
      total_cents: 793,
      difference_cents: 793 - (229 + 14_500 + 449),
      fixes: [{ item_index: 1, reason: 'separator', from_cents: 14_500, to_cents: 115 }],
      adjustment_cents: 0,
    });
  });

  it('comes with the product whose price was not read priced by the total, and ticked', async () => {
    const ann = await buildUser(t.app, { name: 'Ann' });
    const id = await storedJob(
      ann,
      [stored('Koffie', 729), stored('Eieren', null, { suggestion: true }), stored('Kaas', 449)],
      729 + 777 + 449,
    );

    const read = await result(ann, id);
    expect(read.items.map((item) => [item.name, item.price_cents, item.suggestion])).toEqual([
      ['Koffie', 729, false],
      ['Eieren', 777, false],
      ['Kaas', 449, false],
    ]);
    expect(read.total_check).toMatchObject({
      fixes: [{ item_index: 1, reason: 'unread', from_cents: null, to_cents: 777 }],
      adjustment_cents: 0,
    });
  });

  it('comes with the doubted lines whose prices are what the total leaves ticked, and counted', async () => {
    const ann = await buildUser(t.app, { name: 'Ann' });
    // As a careful French receipt was read: Eau Minérale 1,10 read at 55, the rest sure.
    const id = await storedJob(
      ann,
      [
        stored('Baguette', 110),
        stored('Eau Minérale', 110, { suggestion: true }),
        stored('Comté', 490),
      ],
      110 + 110 + 490,
    );

    const read = await result(ann, id);
    expect(read.items.map((item) => [item.name, item.price_cents, item.suggestion])).toEqual([
      ['Baguette', 110, false],
      ['Eau Minérale', 110, false],
      ['Comté', 490, false],
    ]);
    expect(read.total_check).toEqual({
      items_cents: 710,
      total_cents: 710,
      difference_cents: 0,
      fixes: [],
      adjustment_cents: 0,
    });
  });
});

describe('a photo turned 8° with a shadow across it', () => {
  const receipt = sample('eng-receipt-grocer');
  let ann: TestUser;
  let jobId: number;
  beforeAll(async () => {
    ann = await buildUser(t.app, { name: 'Ann' });
    const photo = await castShadow(await renderDocumentPhoto(receipt, { rotateDegrees: 8 }));
    jobId = (await submit(ann, photo, { language: 'eng' })).id;
    expect((await waitUntilOver(ann, jobId)).state).toBe('done');
  }, OCR_TIMEOUT);

  it('is read: its items, its total, and the total checked against the items', async () => {
    const read = await result(ann, jobId);
    expect(read.kind).toBe('receipt');
    expect(read.job.language_detected).toBe(false);
    expect(exactlyRead(receipt, read.items).length).toBeGreaterThanOrEqual(
      Math.ceil(receipt.items.length * 0.7),
    );
    expect(read.total_cents).toBe(receipt.totalCents);
    // The items come with the check's fixes applied; its sum is of the prices as read.
    const sure = read.items.filter((item) => !item.suggestion);
    const fixedBy = (read.total_check?.fixes ?? []).reduce(
      (sum, fix) => sum + fix.to_cents - (fix.from_cents ?? 0),
      0,
    );
    const itemsCents = sure.reduce((sum, item) => sum + (item.price_cents ?? 0), 0) - fixedBy;
    expect(read.total_check).toMatchObject({
      total_cents: receipt.totalCents,
      items_cents: itemsCents,
      difference_cents: receipt.totalCents! - itemsCents,
    });
  });

  it('each item points at its line, and each line has its box on the prepared picture', async () => {
    const read = await result(ann, jobId);
    expect(read.image_available).toBe(true);
    for (const item of read.items) expect(read.lines[item.line_index]!.text).toBe(item.line);
    const boxes = read.lines.map((line) => line.box!);
    for (const box of boxes) {
      expect(box).not.toBeNull();
      expect(box.x + box.width).toBeLessThanOrEqual(1);
      expect(box.y + box.height).toBeLessThanOrEqual(1);
      expect(box.width).toBeGreaterThan(0);
    }
    // Top to bottom, as the paper was turned straight.
    const tops = read.items.map((item) => boxes[item.line_index]!.y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    const image = await send(ann.auth, 'GET', `/ocr/image/${jobId}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    // An item's box on this very picture holds ink; the same box moved into a gap between lines
    // holds (almost) none.
    const { width = 0, height = 0 } = await sharp(image.rawPayload).metadata();
    const darkness = async (box: { x: number; y: number; width: number; height: number }) => {
      const region = {
        left: Math.round(box.x * width),
        top: Math.round(box.y * height),
        width: Math.max(1, Math.round(box.width * width)),
        height: Math.max(1, Math.round(box.height * height)),
      };
      const pixels = await sharp(image.rawPayload)
        .extract(region)
        .extractChannel(0)
        .raw()
        .toBuffer();
      return 255 - pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
    };
    const first = read.items[0]!;
    const box = boxes[first.line_index]!;
    const inked = await darkness(box);
    const below = await darkness({
      ...box,
      y: box.y + box.height * 1.05,
      height: box.height * 0.2,
    });
    expect(inked).toBeGreaterThan(below + 20);
  });

  it('is found in the history by a word of any of its lines, case and accents aside', async () => {
    const page = expectShape(
      ZOcrHistoryPage,
      (await send(ann.auth, 'GET', '/ocr/history?q=SEMI%20SKÏMMED')).json(),
    );
    expect(page.items.map((job) => job.id)).toEqual([jobId]);
  });

  it('the picture route is in the API document, behind sign-in', async () => {
    const document = (await t.app.inject('/api/v1/openapi.json')).json();
    const operation = document.paths['/api/v1/ocr/image/{id}']?.get;
    expect(operation?.security).toEqual([{ bearer: [] }]);
  });

  it("its picture is its owner's alone, and gone once the retention removed it", async () => {
    const other = await buildUser(t.app, { name: 'Other' });
    expectProblem(await send(other.auth, 'GET', `/ocr/image/${jobId}`), 404, 'not_found');
    expectProblem(await send(undefined, 'GET', `/ocr/image/${jobId}`), 401, 'unauthenticated');
    await pruneImages(t.database.db, 0);
    expectProblem(await send(ann.auth, 'GET', `/ocr/image/${jobId}`), 404, 'not_found');
    expect((await result(ann, jobId)).image_available).toBe(false);
  });
});

describe('auto language', () => {
  it(
    'a German receipt uploaded with auto by an English user is read in German',
    async () => {
      const german = sample('deu-receipt-supermarkt');
      const sam = await buildUser(t.app, { name: 'Sam' });
      const job = await submit(sam, await renderDocumentPhoto(german), { language: 'auto' });
      const done = await waitUntilOver(sam, job.id);
      expect(done).toMatchObject({ state: 'done', language: 'deu', language_detected: true });
      const read = await result(sam, job.id);
      expect(exactlyRead(german, read.items).length).toBeGreaterThanOrEqual(
        Math.ceil(german.items.length * 0.7),
      );
      expect(read.total_cents).toBe(german.totalCents);
    },
    OCR_TIMEOUT,
  );
});

describe('history search', () => {
  it.each(['%00', '%0Abread', '%20%20'])(
    'refuses a search of what nobody types or of blanks (q=%s) with 400',
    async (q) => {
      const ann = await buildUser(t.app);
      expectProblem(await send(ann.auth, 'GET', `/ocr/history?q=${q}`), 400, 'validation_failed');
    },
  );

  it('finds the jobs whose text holds the words, with % and _ taken literally, by list and a page at a time', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    const blank = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#fafafa' },
    })
      .jpeg()
      .toBuffer();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await submit(ann, blank, i === 0 ? { list_id: String(list.id) } : {});
      ids.push(job.id);
      await send(ann.auth, 'POST', `/ocr/cancel/${job.id}`);
    }
    const texts = ['Crème brûlée\n50% off', 'CREME FRAICHE\n50 x 0,49', null];
    for (const [index, text] of texts.entries()) {
      await t.database.db
        .update(ocrJobs)
        .set({ searchText: text === null ? null : foldSearchText(text) })
        .where(eq(ocrJobs.id, ids[index]!));
    }
    const found = async (query: string) => {
      const response = await send(ann.auth, 'GET', `/ocr/history?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(ZOcrHistoryPage, response.json());
    };
    const idsOf = async (query: string) => (await found(query)).items.map((job) => job.id);
    expect(await idsOf('q=cr%C3%A8me')).toEqual([ids[1], ids[0]]);
    expect(await idsOf('q=BRULEE')).toEqual([ids[0]]);
    expect(await idsOf('q=50%25')).toEqual([ids[0]]);
    expect(await idsOf('q=_')).toEqual([]);
    expect(await idsOf(`q=creme&list_id=${list.id}`)).toEqual([ids[0]]);
    const first = await found('q=creme&limit=1');
    expect(first.items.map((job) => job.id)).toEqual([ids[1]]);
    expect(await idsOf(`q=creme&limit=1&cursor=${first.next_cursor}`)).toEqual([ids[0]]);
    expectProblem(await send(ann.auth, 'GET', '/ocr/history?q=%20'), 400, 'validation_failed');
  });
});

describe('the recognition lane', () => {
  const blankPhoto = async () =>
    preparePhoto(
      await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
    );

  it(
    'an idle recognition worker is ended after the idle time, and the next photo starts one',
    async () => {
      const lane = new RecognitionLane(300);
      const blank = await blankPhoto();
      await lane.recognize(blank, 'eng', () => undefined);
      expect(lane.holdsWorker).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(lane.holdsWorker).toBe(false);
      expect(await lane.recognize(blank, 'eng', () => undefined)).toEqual([]);
      expect(lane.holdsWorker).toBe(true);
      await lane.stop();
      expect(lane.holdsWorker).toBe(false);
    },
    OCR_TIMEOUT,
  );

  it(
    'a lane stopped while it readies a photo ends that reading, and holds no worker',
    async () => {
      const lane = new RecognitionLane(60_000);
      const blank = await blankPhoto();
      // Without a worker: stopped while the picture is decoded.
      const first = lane.recognize(blank, 'eng', () => undefined);
      await lane.stop();
      await expect(first).rejects.toThrow('The recognition lane was stopped');
      expect(lane.holdsWorker).toBe(false);
      // With a worker held: stopped before the reading reached it.
      await lane.recognize(blank, 'eng', () => undefined);
      const next = lane.recognize(blank, 'eng', () => undefined);
      await lane.stop();
      await expect(next).rejects.toThrow('The recognition lane was stopped');
      expect(lane.holdsWorker).toBe(false);
    },
    OCR_TIMEOUT,
  );
});
