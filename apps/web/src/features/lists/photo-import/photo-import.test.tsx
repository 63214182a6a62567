import type {
  Group,
  Item,
  ListDetail,
  OcrBox,
  OcrItem,
  OcrJob,
  OcrResult,
  RealtimeEvent,
} from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtimeEmitter } from '../../../lib/realtime-events';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { ann, bob, item, listDetail } from '../../../../test/features/lists/fixtures';
import { openList } from '../../../../test/features/lists/open-list';

/** Test data in the wire shapes of packages/contracts/src/ocr.ts. */
const job = (id: number, overrides: Partial<OcrJob> = {}): OcrJob => ({
  id,
  state: 'queued',
  progress: 0,
  language: 'eng',
  language_detected: false,
  list_id: 1,
  batch_id: null,
  file_name: 'receipt.jpg',
  item_count: null,
  failure: null,
  created_at: '2025-03-12T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...overrides,
});

const found = (
  name: string,
  priceCents: number | null,
  overrides: Partial<OcrItem> = {},
): OcrItem => ({
  name,
  quantity: 1,
  unit: null,
  price_cents: priceCents,
  price_confidence: priceCents === null ? null : 90,
  confidence: 88,
  line: `${name.toUpperCase()} ${priceCents === null ? '' : (priceCents / 100).toFixed(2)}`.trim(),
  line_index: 0,
  suggestion: false,
  doubtful_words: [],
  ...overrides,
});

/** Each item read from its own line, in order; a line's box, when given, is its place on the photo. */
const result = (
  of: OcrJob,
  items: OcrItem[],
  totalCents: number | null = null,
  extra: Partial<OcrResult> & { boxes?: (OcrBox | null)[] } = {},
): OcrResult => {
  const { boxes = [], ...rest } = extra;
  return {
    job: { ...of, state: 'done', progress: 100, item_count: items.length },
    items: items.map((entry, index) => ({ ...entry, line_index: index })),
    lines: items.map((entry, index) => ({
      text: entry.line,
      confidence: entry.confidence,
      box: boxes[index] ?? null,
    })),
    total_cents: totalCents,
    kind: totalCents === null ? 'list' : 'receipt',
    total_check: null,
    image_available: false,
    ...rest,
  };
};

const photo = (name = 'receipt.jpg', bytes = 100, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

const ocrEvent = (id: number, progress: number): RealtimeEvent => ({
  entity: 'ocr_job',
  id,
  action: 'updated',
  list_id: 1,
  group_id: null,
  user_id: 5,
  version: null,
  actor: null,
  progress,
});

/**
 * The list's page with a photo job on the fake server: POST /ocr/extract-items queues job 7,
 * whose status is `server.jobs.get(7)` (the test moves it on) and whose result is `answer`.
 */
function openWithOcr(detail: ListDetail, answer?: OcrResult) {
  const view = openList(detail);
  const { server } = view;
  const jobs = new Map<number, OcrJob>([[7, job(7)]]);
  server.protectedRoute('POST', '/ocr/extract-items', () => jsonResponse(jobs.get(7), 202));
  server.protectedRoute('GET', '/ocr/status/7', () => jsonResponse(jobs.get(7)));
  if (answer) server.protectedRoute('GET', '/ocr/result/7', () => jsonResponse(answer));
  const finish = (id = 7) => {
    jobs.set(id, { ...jobs.get(id)!, state: 'done', progress: 100 });
    realtimeEmitter.emitEvent(ocrEvent(id, 100));
  };
  return { ...view, jobs, finish };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add from photo' }));
  return screen.findByRole('dialog', { name: 'Add items from a photo' });
}

async function choose(dialog: HTMLElement, files: File[]) {
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, files);
}

async function readPhotos(dialog: HTMLElement, files: File[] = [photo()]) {
  await choose(dialog, files);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Read photos' }));
}

const rowOf = (dialog: HTMLElement, name: string) =>
  waitFor(() => {
    const row = within(dialog)
      .getAllByTestId('review-row')
      .find((r) => within(r).queryByRole('textbox', { name: `Name of ${name}` }));
    if (!row) throw new Error(`no review row ${name}`);
    return row;
  });

const receipt = () =>
  result(job(7), [
    found('Milk', 398, { quantity: 2, line: '2 x MILK 3.98' }),
    found('Bread', 250),
    found('Eggs', null, { line: 'EGGS' }),
  ]);

describe('add from photo (spec §2 List detail: add via OCR image upload)', () => {
  it('reads a photo with a moving progress bar, reviews its items and adds them', async () => {
    const { server, jobs, finish } = openWithOcr(listDetail([item(1, 'Apples')]), receipt());
    const added = [
      item(11, 'Milk', { quantity: 2, price_cents: 398 }),
      item(12, 'Bread', { price_cents: 275 }),
    ];
    server.protectedRoute('POST', '/lists/1/items/merge', () =>
      jsonResponse({ added, updated: [] }),
    );
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Language on the photo')).toHaveValue('eng');
    await readPhotos(dialog);

    const upload = await server.callsTo('/ocr/extract-items')[0]!.formData();
    expect(upload.get('file')).toMatchObject({ size: 100, type: 'image/jpeg' });
    expect(upload.get('language')).toBe('eng');
    expect(upload.get('list_id')).toBe('1');

    const bar = await within(dialog).findByRole('progressbar', {
      name: 'Progress of receipt.jpg',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    jobs.set(7, job(7, { state: 'running', progress: 10 }));
    realtimeEmitter.emitEvent(ocrEvent(7, 10));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '10'));
    jobs.set(7, job(7, { state: 'running', progress: 60 }));
    realtimeEmitter.emitEvent(ocrEvent(7, 60));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'));
    expect(within(dialog).getByText(/Reading · 60\s?%/)).toBeInTheDocument();
    finish();

    const milk = await rowOf(dialog, 'Milk');
    expect(within(milk).getByRole('textbox', { name: 'Quantity of Milk' })).toHaveValue('2');
    expect(within(milk).getByRole('textbox', { name: 'Price of Milk' })).toHaveValue('3.98');
    expect(within(milk).getByText('Read as: 2 x MILK 3.98')).toBeInTheDocument();
    const all = within(dialog).getByRole('checkbox', { name: 'Select all items' });
    expect(all).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Add Eggs' }));
    expect(all).not.toBeChecked();
    const bread = within(await rowOf(dialog, 'Bread')).getByRole('textbox', {
      name: 'Price of Bread',
    });
    await userEvent.clear(bread);
    await userEvent.type(bread, '2,75');
    expect(within(dialog).getByTestId('selected-total')).toHaveTextContent('Ticked items: €6.73');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 items' }));

    expect(await screen.findByText('2 items added from OCR')).toBeInTheDocument();
    expect(await server.callsTo('/lists/1/items/merge')[0]!.json()).toEqual({
      items: [
        { name: 'Milk', quantity: 2, price_cents: 398 },
        { name: 'Bread', quantity: 1, price_cents: 275 },
      ],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add items from a photo' })).toBeNull(),
    );
    const names = (await screen.findAllByTestId('item-row')).map((row) => row.textContent);
    expect(names).toEqual([
      expect.stringContaining('Apples'),
      expect.stringContaining('Milk'),
      expect.stringContaining('Bread'),
    ]);
  });

  it('sends several photos as one batch, shows a bar for each and reviews all their items', async () => {
    const { server } = openWithOcr(listDetail([]));
    const first = job(21, { batch_id: 21, file_name: 'part-1.jpg' });
    const second = job(22, { batch_id: 21, file_name: 'part-2.jpg' });
    server.protectedRoute('POST', '/ocr/batch', () =>
      jsonResponse({ batch_id: 21, jobs: [first, second] }, 202),
    );
    const done = new Set<number>();
    for (const entry of [first, second]) {
      server.protectedRoute('GET', `/ocr/status/${entry.id}`, () =>
        jsonResponse(done.has(entry.id) ? { ...entry, state: 'done', progress: 100 } : entry),
      );
    }
    server.protectedRoute('GET', '/ocr/result/21', () =>
      jsonResponse(result(first, [found('Coffee', 899)])),
    );
    server.protectedRoute('GET', '/ocr/result/22', () =>
      jsonResponse(result(second, [found('Tea', 349)], 1248)),
    );
    const dialog = await openDialog();
    await readPhotos(dialog, [photo('part-1.jpg', 101), photo('part-2.jpg', 102)]);

    expect(
      await within(dialog).findByRole('progressbar', { name: 'Progress of part-1.jpg' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Progress of part-2.jpg' }),
    ).toBeInTheDocument();
    const parts = (await server.callsTo('/ocr/batch')[0]!.formData()).getAll('file') as File[];
    expect(parts.map((part) => part.size)).toEqual([101, 102]);
    expect(server.callsTo('/ocr/extract-items')).toHaveLength(0);

    done.add(21);
    realtimeEmitter.emitEvent(ocrEvent(21, 100));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('progressbar', { name: 'Progress of part-1.jpg' }),
      ).toHaveAttribute('aria-valuenow', '100'),
    );
    done.add(22);
    realtimeEmitter.emitEvent(ocrEvent(22, 100));
    expect(await rowOf(dialog, 'Coffee')).toBeInTheDocument();
    expect(await rowOf(dialog, 'Tea')).toBeInTheDocument();
    expect(within(dialog).getByTestId('printed-total')).toHaveTextContent('Receipt total: €12.48');
    expect(within(dialog).queryByText('The totals differ')).toBeNull();
  });

  it('says "No items extracted from the image" when the photo was read but had no items', async () => {
    const { finish } = openWithOcr(listDetail([]), result(job(7), []));
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    finish();

    expect(await within(dialog).findByText('No items extracted from the image')).toBeVisible();
    // In the dialog and in a toast.
    await waitFor(() =>
      expect(screen.getAllByText('No items extracted from the image')).toHaveLength(2),
    );
    expect(within(dialog).queryByTestId('review-row')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try another photo' }));
    expect(within(dialog).getByRole('button', { name: 'Read photos' })).toBeInTheDocument();
  });

  it('says "Failed to process image" with the reason when reading the photo failed', async () => {
    const { jobs } = openWithOcr(listDetail([]));
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    jobs.set(7, job(7, { state: 'failed', progress: 30, failure: 'unreadable_image' }));
    realtimeEmitter.emitEvent(ocrEvent(7, 30));

    expect(await within(dialog).findByText('Failed to process image')).toBeInTheDocument();
    expect(
      within(dialog).getByText('receipt.jpg: The photo could not be read as an image.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to process image')).toHaveLength(2));
  });

  it('says "Failed to process image" and why when the server refuses the upload as too large (413)', async () => {
    const { server } = openWithOcr(listDetail([]));
    server.protectedRoute('POST', '/ocr/extract-items', () =>
      problemResponse(413, 'payload_too_large'),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);

    expect(await within(dialog).findByText('Failed to process image')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The photo is too large. The maximum is 10 MB.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to process image')).toHaveLength(2));
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('tells how long to wait when too many photos are queued (429 with Retry-After)', async () => {
    const { server } = openWithOcr(listDetail([]));
    server.protectedRoute('POST', '/ocr/extract-items', () =>
      problemResponse(429, 'rate_limited', { 'Retry-After': '30' }),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);
    expect(
      await within(dialog).findByText(
        'Too many photos are waiting to be read. Try again in 30 seconds.',
      ),
    ).toBeInTheDocument();
  });

  it('asks to send the photo again when the server could not take it (503 with Retry-After)', async () => {
    const { server } = openWithOcr(listDetail([]));
    server.protectedRoute('POST', '/ocr/extract-items', () =>
      problemResponse(503, 'service_unavailable', { 'Retry-After': '5' }),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);
    expect(
      await within(dialog).findByText(
        'The server could not take the photo just now. Send it again in 5 seconds.',
      ),
    ).toBeInTheDocument();
    // A write is not sent again by itself: the person sends it when ready.
    expect(server.callsTo('/ocr/extract-items')).toHaveLength(1);
  });

  it('refuses a photo over 10 MB and more than five photos before sending anything', async () => {
    const { server } = openWithOcr(listDetail([]));
    const dialog = await openDialog();
    await readPhotos(dialog, [photo('huge.jpg', 10 * 1024 * 1024 + 1)]);
    expect(
      await within(dialog).findByText('“huge.jpg” is too large: a photo may have at most 10 MB'),
    ).toBeInTheDocument();
    await readPhotos(
      dialog,
      [1, 2, 3, 4, 5, 6].map((n) => photo(`page-${n}.jpg`)),
    );
    expect(await within(dialog).findByText('Choose at most 5 photos at once')).toBeInTheDocument();
    expect(server.callsTo('/ocr/extract-items')).toHaveLength(0);
    expect(server.callsTo('/ocr/batch')).toHaveLength(0);
  });

  it('cancels the reading with POST /ocr/cancel and offers to choose again', async () => {
    const { server, jobs } = openWithOcr(listDetail([]));
    server.protectedRoute('POST', '/ocr/cancel/7', () => {
      jobs.set(7, job(7, { state: 'cancelled', progress: 20 }));
      return jsonResponse(jobs.get(7));
    });
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(server.callsTo('/ocr/cancel/7')).toHaveLength(1));
    expect(await within(dialog).findByRole('button', { name: 'Read photos' })).toBeVisible();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('marks an item whose name is already on the list: its price is updated, not added twice', async () => {
    const { finish } = openWithOcr(
      listDetail([item(1, 'Milk'), item(2, 'Olive  Oil')]),
      result(job(7), [found(' MILK ', 129), found('Butter', 239), found('olive oil', 899)]),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    finish();

    const badge = 'On the list: price will be updated';
    expect(within(await rowOf(dialog, 'MILK')).getByText(badge)).toBeInTheDocument();
    expect(within(await rowOf(dialog, 'olive oil')).getByText(badge)).toBeInTheDocument();
    const butter = await rowOf(dialog, 'Butter');
    expect(within(butter).queryByText(badge)).toBeNull();
    const name = within(butter).getByRole('textbox', { name: 'Name of Butter' });
    await userEvent.clear(name);
    await userEvent.type(name, 'milk');
    expect(within(butter).getByText(badge)).toBeInTheDocument();
  });

  it('warns when the ticked items do not add up to the total printed on the receipt', async () => {
    const { finish } = openWithOcr(
      listDetail([]),
      result(job(7), [found('Cheese', 449), found('Wine', 799)], 1348),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    finish();

    await rowOf(dialog, 'Cheese');
    expect(within(dialog).getByTestId('printed-total')).toHaveTextContent('Receipt total: €13.48');
    expect(within(dialog).getByTestId('selected-total')).toHaveTextContent('Ticked items: €12.48');
    expect(within(dialog).getByText('The totals differ')).toBeVisible();
    expect(
      within(dialog).getByText(
        'The ticked items add up to €12.48, but the receipt says €13.48. A line may be missing or misread.',
      ),
    ).toBeInTheDocument();

    const wine = within(await rowOf(dialog, 'Wine')).getByRole('textbox', {
      name: 'Price of Wine',
    });
    await userEvent.clear(wine);
    await userEvent.type(wine, '8.99');
    expect(within(dialog).getByTestId('selected-total')).toHaveTextContent('Ticked items: €13.48');
    expect(within(dialog).queryByText('The totals differ')).toBeNull();
  });

  it('says "Failed to add OCR items" when the merge fails, and keeps the review', async () => {
    const { server, finish } = openWithOcr(listDetail([]), receipt());
    server.protectedRoute('POST', '/lists/1/items/merge', () =>
      problemResponse(500, 'internal_error'),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    finish();
    await rowOf(dialog, 'Milk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 3 items' }));

    await waitFor(() => expect(screen.getAllByText('Failed to add OCR items')).toHaveLength(2));
    expect(within(dialog).getByRole('button', { name: 'Add 3 items' })).toBeInTheDocument();
    expect(await rowOf(dialog, 'Bread')).toBeInTheDocument();
  });

  it('offers "Split this shop" after a receipt on a group list, with its items item by item', async () => {
    const group: Group = {
      id: 4,
      name: 'Flat 3B',
      description: '',
      currency: 'EUR',
      my_role: 'member',
      member_count: 2,
      created_at: '2025-03-12T10:00:00.000Z',
      version: 1,
      created_by: ann,
      updated_at: '2025-03-12T10:00:00.000Z',
      invite_valid_days: 7,
      my_permissions: ['view_group', 'view_activity', 'manage_invites'],
      members: [ann, bob].map((person) => ({
        ...person,
        email: `${person.id}@example.org`,
        role: 'member' as const,
        joined_at: '2025-03-12T10:00:00.000Z',
        share_weight: 100,
        unit_id: null,
      })),
      units: [],
      active_invite_code: null,
    };
    const onList: Item = item(1, 'Bread', { price_cents: 120 });
    const { server, finish } = openWithOcr(
      listDetail([onList, item(2, 'Salt', { price_cents: 90 })], {
        group: { id: 4, name: 'Flat 3B' },
      }),
      result(job(7), [found('Cheese', 449), found('Bread', 250)], 699),
    );
    server.protectedRoute('GET', '/groups/4', () => jsonResponse(group));
    server.protectedRoute('POST', '/lists/1/items/merge', () =>
      jsonResponse({
        added: [item(11, 'Cheese', { price_cents: 449 })],
        updated: [{ ...onList, price_cents: 250, version: 2 }],
      }),
    );
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    finish();
    await rowOf(dialog, 'Cheese');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 items' }));
    expect(await screen.findByText('2 items added from OCR')).toBeInTheDocument();

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Split this shop' }));
    const form = await screen.findByRole('dialog', { name: 'Add expense' });
    expect(within(form).getByLabelText(/Amount/)).toHaveValue('6.99');
    expect(within(form).getByLabelText('Split')).toHaveValue('item_based');
    expect(within(form).getByText('Cheese (€4.49)')).toBeInTheDocument();
    expect(within(form).getByText('Bread (€2.50)')).toBeInTheDocument();
    expect(within(form).queryByText(/Salt/)).toBeNull();
  });
});

/** Reads job 7 into the review and waits for its first row. */
async function review(answer: OcrResult, detail: ListDetail = listDetail([])) {
  const view = openWithOcr(detail, answer);
  const dialog = await openDialog();
  await readPhotos(dialog);
  await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
  view.finish();
  await rowOf(dialog, answer.items[0]!.name);
  return { ...view, dialog };
}

/** Picture answers are Blobs shown through object URLs, which jsdom does not make. */
function stubObjectUrls() {
  const created: Blob[] = [];
  const revoked: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    created.push(blob as Blob);
    return `blob:photo-${created.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  return { created, revoked };
}

const narrowScreen = () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
};

const jpeg = () =>
  new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), {
    headers: { 'Content-Type': 'image/jpeg' },
  });

const milkBox: OcrBox = { x: 0.1, y: 0.25, width: 0.5, height: 0.05 };

describe('the review of a photo (issue 28 §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the photo beside the items and outlines the line of the item chosen, then frees the picture', async () => {
    const urls = stubObjectUrls();
    const answer = result(
      job(7),
      [found('Milk', 129), found('Bread', 250), found('Eggs', 199)],
      null,
      { image_available: true, boxes: [milkBox, { x: 0.1, y: 0.3, width: 0.4, height: 0.05 }] },
    );
    const view = openWithOcr(listDetail([]), answer);
    view.server.protectedRoute('GET', '/ocr/image/7', () => jpeg());
    const dialog = await openDialog();
    await readPhotos(dialog);
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    view.finish();

    const picture = await within(dialog).findByRole('img', { name: 'Photo receipt.jpg' });
    expect(picture).toHaveAttribute('src', 'blob:photo-1');
    expect(urls.created[0]).toMatchObject({ type: 'image/jpeg' });
    expect(view.server.callsTo('/ocr/image/7')[0]!.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );
    expect(within(dialog).queryByTestId('photo-box')).toBeNull();

    const milk = await rowOf(dialog, 'Milk');
    await userEvent.click(within(milk).getByRole('button', { name: 'Show on photo: Milk' }));
    const box = within(dialog).getByTestId('photo-box');
    expect(box).toHaveStyle({ left: '10%', top: '25%', width: '50%', height: '5%' });
    expect(within(milk).getByRole('button', { name: 'Show on photo: Milk' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Focusing a field of another row (the keyboard's way) moves the outline to its line.
    within(await rowOf(dialog, 'Bread'))
      .getByRole('textbox', { name: 'Price of Bread' })
      .focus();
    await waitFor(() =>
      expect(within(dialog).getByTestId('photo-box')).toHaveStyle({ top: '30%', width: '40%' }),
    );
    // An item whose line has no place on the photo offers nothing to show.
    expect(
      within(await rowOf(dialog, 'Eggs')).queryByRole('button', { name: /Show on photo/ }),
    ).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(urls.revoked).toEqual(['blob:photo-1']));
  });

  it('folds the photo away above the items on a phone until asked for', async () => {
    const restore = narrowScreen();
    try {
      stubObjectUrls();
      const answer = result(job(7), [found('Milk', 129)], null, {
        image_available: true,
        boxes: [milkBox],
      });
      const view = openWithOcr(listDetail([]), answer);
      view.server.protectedRoute('GET', '/ocr/image/7', () => jpeg());
      const dialog = await openDialog();
      await readPhotos(dialog);
      await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
      view.finish();

      const toggle = await within(dialog).findByRole('button', { name: 'Show photo' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(dialog).queryByRole('img', { name: 'Photo receipt.jpg' })).toBeNull();
      expect(view.server.callsTo('/ocr/image/7')).toHaveLength(0);

      // A field tapped stays where it is: only the button opens the photo above the rows.
      const milk = await rowOf(dialog, 'Milk');
      await userEvent.click(within(milk).getByRole('textbox', { name: 'Price of Milk' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(within(milk).getByRole('button', { name: 'Show on photo: Milk' }));
      expect(await within(dialog).findByRole('img', { name: 'Photo receipt.jpg' })).toBeVisible();
      expect(within(dialog).getByRole('button', { name: 'Hide photo' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(within(dialog).getByTestId('photo-box')).toHaveStyle({ top: '25%' });
    } finally {
      restore();
    }
  });

  it('shows no photo when the picture is no longer kept', async () => {
    const { dialog, server } = await review(
      result(job(7), [found('Milk', 129)], null, { boxes: [milkBox] }),
    );
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Show on photo/ })).toBeNull();
    expect(server.callsTo('/ocr/image/7')).toHaveLength(0);
  });

  it('offers a line read with low confidence unticked, as a suggestion, and marks its unsure words', async () => {
    const { dialog, server } = await review(
      result(job(7), [
        found('Milk', 129),
        found('Choc0late bar', 199, { suggestion: true, doubtful_words: ['Choc0late'] }),
      ]),
    );
    server.protectedRoute('POST', '/lists/1/items/merge', () =>
      jsonResponse({ added: [item(11, 'Milk', { price_cents: 129 })], updated: [] }),
    );
    const doubtful = await rowOf(dialog, 'Choc0late bar');
    expect(within(doubtful).getByRole('checkbox', { name: 'Add Choc0late bar' })).not.toBeChecked();
    expect(within(doubtful).getByText('Suggestion')).toBeInTheDocument();
    const name = within(doubtful).getByRole('textbox', { name: 'Name of Choc0late bar' });
    expect(name).toHaveAccessibleDescription(
      'Unsure words are underlined: Choc0late (unsure) bar Read with low confidence: check it',
    );
    const marked = within(doubtful).getByText('Choc0late', { selector: 'span' });
    expect(marked).toHaveStyle({ textDecoration: 'underline dotted' });
    expect(within(marked).getByText('(unsure)')).toBeInTheDocument();
    const sure = await rowOf(dialog, 'Milk');
    expect(within(sure).getByRole('checkbox', { name: 'Add Milk' })).toBeChecked();
    expect(within(sure).queryByText('Suggestion')).toBeNull();
    expect(within(sure).queryByTestId('doubtful-name')).toBeNull();

    // Once corrected, nothing is left to doubt.
    await userEvent.clear(name);
    await userEvent.type(name, 'Chocolate bar');
    expect(within(doubtful).queryByTestId('doubtful-name')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 item' }));
    expect(await server.callsTo('/lists/1/items/merge')[0]!.json()).toEqual({
      items: [{ name: 'Milk', quantity: 1, price_cents: 129 }],
    });
  });

  it('checks the receipt’s total: says the fix the items came with, offers it back and again, adds an adjustment line, and never blocks the adding', async () => {
    // The server gives Wine as corrected (€8.99), the fix keeping what was read (€89.90).
    const { dialog, server } = await review(
      result(job(7), [found('Cheese', 449), found('Wine', 899)], 1548, {
        total_check: {
          items_cents: 9439,
          total_cents: 1548,
          difference_cents: -7891,
          fixes: [{ item_index: 1, reason: 'separator', from_cents: 8990, to_cents: 899 }],
          adjustment_cents: 200,
        },
      }),
    );
    server.protectedRoute('POST', '/lists/1/items/merge', () =>
      jsonResponse({ added: [item(11, 'Cheese')], updated: [] }),
    );
    const check = within(dialog).getByTestId('total-check');
    const summary = within(check).getByTestId('total-check-summary');
    const wine = () =>
      rowOf(dialog, 'Wine').then((row) =>
        within(row).getByRole('textbox', { name: 'Price of Wine' }),
      );
    expect(await wine()).toHaveValue('8.99');
    expect(summary).toHaveTextContent(/^Receipt total €15\.48, items €13\.48, difference €2\.00$/);
    expect(
      within(check).getByText(
        'Price of Wine corrected to €8.99 to match the total (read as €89.90)',
      ),
    ).toBeVisible();
    // The adding is offered whatever the totals say.
    expect(within(dialog).getByRole('button', { name: 'Add 2 items' })).toBeEnabled();
    expect(within(dialog).queryByText('The totals differ')).toBeNull();

    // What was read, taken back: the fix is then proposed.
    await userEvent.click(within(check).getByRole('button', { name: 'Use €89.90 for Wine' }));
    expect(await wine()).toHaveValue('89.90');
    expect(summary).toHaveTextContent('Receipt total €15.48, items €94.39, difference -€78.91');
    expect(within(check).getByText('Price of Wine may be €8.99 (read as €89.90)')).toBeVisible();

    await userEvent.click(within(check).getByRole('button', { name: 'Use €8.99 for Wine' }));
    expect(await wine()).toHaveValue('8.99');
    expect(summary).toHaveTextContent('Receipt total €15.48, items €13.48, difference €2.00');
    expect(within(check).queryByText(/Price of Wine may be/)).toBeNull();
    expect(
      within(check).getByText('The receipt’s total holds €2.00 more than its items.'),
    ).toBeVisible();

    await userEvent.click(within(check).getByRole('button', { name: 'Add an adjustment line' }));
    const adjustment = await rowOf(dialog, 'Receipt adjustment');
    expect(
      within(adjustment).getByRole('textbox', { name: 'Price of Receipt adjustment' }),
    ).toHaveValue('2.00');
    expect(summary).toHaveTextContent('Receipt total €15.48, items €15.48, difference €0.00');
    expect(within(check).queryByRole('button', { name: 'Add an adjustment line' })).toBeNull();

    // Edited by hand, the difference follows the rows.
    const cheese = within(await rowOf(dialog, 'Cheese')).getByRole('textbox', {
      name: 'Price of Cheese',
    });
    await userEvent.clear(cheese);
    await userEvent.type(cheese, '5.00');
    expect(summary).toHaveTextContent('items €15.99, difference -€0.51');
    expect(
      within(check).getByText('The items exceed the receipt’s total by €0.51: check their prices.'),
    ).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 3 items' }));
    expect(await server.callsTo('/lists/1/items/merge')[0]!.json()).toEqual({
      items: [
        { name: 'Cheese', quantity: 1, price_cents: 500 },
        { name: 'Wine', quantity: 1, price_cents: 899 },
        { name: 'Receipt adjustment', quantity: 1, price_cents: 200 },
      ],
    });
  });

  it('says a price the total gave to a product whose price was not read, and offers it again once changed', async () => {
    const { dialog } = await review(
      result(job(7), [found('Cheese', 449), found('Eggs', 777)], 1226, {
        total_check: {
          items_cents: 449,
          total_cents: 1226,
          difference_cents: 777,
          fixes: [{ item_index: 1, reason: 'unread', from_cents: null, to_cents: 777 }],
          adjustment_cents: 0,
        },
      }),
    );
    const check = within(dialog).getByTestId('total-check');
    expect(
      within(check).getByText('Price of Eggs not read: €7.77, what the total leaves'),
    ).toBeVisible();
    // Nothing was read to be given back.
    expect(within(check).queryByRole('button')).toBeNull();
    expect(within(check).getByTestId('total-check-summary')).toHaveTextContent(
      'Receipt total €12.26, items €12.26, difference €0.00',
    );

    const eggs = within(await rowOf(dialog, 'Eggs')).getByRole('textbox', {
      name: 'Price of Eggs',
    });
    await userEvent.clear(eggs);
    expect(
      within(check).getByText('Price of Eggs may be €7.77: what the total leaves (not read)'),
    ).toBeVisible();
    await userEvent.click(within(check).getByRole('button', { name: 'Use €7.77 for Eggs' }));
    expect(eggs).toHaveValue('7.77');
  });

  it('offers nothing to add when the items exceed the total, since a price cannot be negative', async () => {
    const { dialog } = await review(
      result(job(7), [found('Cheese', 449), found('Wine', 899)], 1300, {
        total_check: {
          items_cents: 1348,
          total_cents: 1300,
          difference_cents: -48,
          fixes: [],
          adjustment_cents: -48,
        },
      }),
    );
    const check = within(dialog).getByTestId('total-check');
    expect(
      within(check).getByText('The items exceed the receipt’s total by €0.48: check their prices.'),
    ).toBeVisible();
    expect(within(check).queryByRole('button')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add 2 items' })).toBeEnabled();
  });

  it('reads in the detected language when asked to, and says which one it was', async () => {
    const { server, finish } = openWithOcr(
      listDetail([]),
      result(job(7, { language: 'deu', language_detected: true }), [found('Milch', 129)]),
    );
    const dialog = await openDialog();
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Language on the photo'),
      'Detect automatically',
    );
    await readPhotos(dialog);
    expect((await server.callsTo('/ocr/extract-items')[0]!.formData()).get('language')).toBe(
      'auto',
    );
    await within(dialog).findByRole('progressbar', { name: 'Progress of receipt.jpg' });
    finish();
    await rowOf(dialog, 'Milch');
    expect(within(dialog).getByText('Language detected: German')).toBeInTheDocument();
  });

  it('says nothing of the language when it was chosen', async () => {
    const { dialog } = await review(result(job(7, { language: 'deu' }), [found('Milch', 129)]));
    expect(within(dialog).queryByTestId('language-detected')).toBeNull();
  });
});

describe('photo import history (docs/ocr.md)', () => {
  const history = (items: OcrJob[], nextCursor: string | null) => ({
    items,
    next_cursor: nextCursor,
  });

  it('lists this list’s photo jobs with date, state and items found, and loads more', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]));
    server.protectedRoute('GET', '/ocr/history', (request) =>
      jsonResponse(
        new URL(request.url).searchParams.get('cursor') === '5'
          ? history([job(4, { file_name: 'old.png', state: 'cancelled' })], null)
          : history(
              [
                job(6, { file_name: 'receipt.jpg', state: 'done', item_count: 3 }),
                job(5, { file_name: 'note.heic', state: 'failed', failure: 'recognition_failed' }),
              ],
              '5',
            ),
      ),
    );
    const section = await screen.findByRole('region', { name: 'Photo imports' });
    await userEvent.click(within(section).getByRole('button', { name: 'Photo imports' }));
    const entries = await within(section).findAllByTestId('photo-import');
    expect(entries[0]).toHaveTextContent('receipt.jpg');
    expect(entries[0]).toHaveTextContent('Mar 12, 2025, 11:00 AM');
    expect(entries[0]).toHaveTextContent('Done');
    expect(entries[0]).toHaveTextContent('3 items found');
    expect(entries[1]).toHaveTextContent('note.heic');
    expect(entries[1]).toHaveTextContent('Failed');
    expect(entries[1]).toHaveTextContent('Reading the text failed.');
    expect(new URL(server.callsTo('/ocr/history')[0]!.url).searchParams.get('list_id')).toBe('1');

    await userEvent.click(await within(section).findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(section).getAllByTestId('photo-import')).toHaveLength(3));
    expect(within(section).getAllByTestId('photo-import')[2]).toHaveTextContent(
      /old\.png.*Cancelled/,
    );
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches the recognised text (q) as typed, and shows an import’s text', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]));
    const receiptJob = job(6, { file_name: 'receipt.jpg', state: 'done', item_count: 2 });
    server.protectedRoute('GET', '/ocr/history', (request) => {
      const q = new URL(request.url).searchParams.get('q');
      if (q === 'zzz') return jsonResponse(history([], null));
      if (q === 'oat') return jsonResponse(history([receiptJob], null));
      return jsonResponse(
        history(
          [receiptJob, job(5, { file_name: 'note.jpg', state: 'done', item_count: 1 })],
          null,
        ),
      );
    });
    server.protectedRoute('GET', '/ocr/result/6', () =>
      jsonResponse(
        result(receiptJob, [found('Oat milk', 189), found('Bread', 250)], 439, {
          lines: [
            { text: 'FRESH MARKET', confidence: 90, box: null },
            { text: 'OAT MILK 1.89', confidence: 88, box: null },
            { text: 'BREAD 2.50', confidence: 85, box: null },
          ],
        }),
      ),
    );
    const section = await screen.findByRole('region', { name: 'Photo imports' });
    await userEvent.click(within(section).getByRole('button', { name: 'Photo imports' }));
    await waitFor(() => expect(within(section).getAllByTestId('photo-import')).toHaveLength(2));

    await userEvent.type(
      await within(section).findByRole('searchbox', { name: 'Search the recognised text' }),
      'oat',
    );
    await waitFor(() => expect(within(section).getAllByTestId('photo-import')).toHaveLength(1));
    // One request for the whole word: the typing is waited out.
    const searched = server
      .callsTo('/ocr/history')
      .map((call) => new URL(call.url).searchParams.get('q'));
    expect(searched).toEqual([null, 'oat']);
    expect(new URL(server.callsTo('/ocr/history')[1]!.url).searchParams.get('list_id')).toBe('1');

    const show = within(section).getByRole('button', { name: 'Show text of receipt.jpg' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(await within(section).findByTestId('recognised-text')).toHaveTextContent(
      'FRESH MARKET OAT MILK 1.89 BREAD 2.50',
    );

    const search = within(section).getByRole('searchbox', { name: 'Search the recognised text' });
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(await within(section).findByText('No photo import contains “zzz”')).toBeVisible();
    expect(search).toBeInTheDocument();
  });

  it('is not shown for a list that never had a photo read', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]));
    server.protectedRoute('GET', '/ocr/history', () => jsonResponse(history([], null)));
    await screen.findAllByTestId('item-row');
    await waitFor(() => expect(server.callsTo('/ocr/history')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Photo imports' })).toBeNull();
  });

  it('offers no photo import on an archived list', async () => {
    openList(listDetail([item(1, 'Milk')], { status: 'archived' }));
    expect(await screen.findByText('This list is archived')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add from photo' })).toBeNull();
  });
});
