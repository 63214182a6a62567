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
import { describe, expect, it } from 'vitest';
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
