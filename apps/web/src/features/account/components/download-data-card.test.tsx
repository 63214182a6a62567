import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs } from '../../../../test/render-app';
import { dataExportFilename } from './DownloadDataCard';

const exported = {
  format: 'household-data-export',
  version: 1,
  profile: { id: 5, name: 'Ann Example' },
  lists: [{ id: 1, name: 'Weekly shop', items: [] }],
};

function openAccount(answer: () => Response) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/users/settings', () =>
    jsonResponse({
      notifications: { email_notifications: true, list_updates: true, group_activities: true },
      preferences: { language: 'en', theme: 'auto', currency: 'EUR' },
    }),
  );
  server.protectedRoute('GET', '/users/me/export', answer);
  return renderApp('/account', server);
}

/** What the browser was asked to save: the blob behind the object URL and the link's file name. */
function captureDownloads() {
  const saved: { blob: Blob; filename: string }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    next += 1;
    const url = `blob:test/${next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ blob: blobs.get(this.href)!, filename: this.download });
  });
  return saved;
}

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

afterEach(() => vi.restoreAllMocks());

describe('Download my data card', () => {
  it('downloads the export with the token as household-data-<day>.json', async () => {
    const saved = captureDownloads();
    const { server } = openAccount(() => jsonResponse(exported));
    const card = await screen.findByRole('region', { name: 'Download my data' });
    expect(within(card).getByText(/Passwords are never included/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Your data has been downloaded')).toBeInTheDocument();
    const [call] = server.callsTo('/users/me/export');
    expect(call!.headers.get('Authorization')).toBe(`Bearer ${server.state.accessToken}`);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toMatch(/^household-data-\d{4}-\d\d-\d\d\.json$/);
    expect(JSON.parse(await readText(saved[0]!.blob))).toEqual(exported);
  });

  it('says so when the download fails, and saves nothing', async () => {
    const saved = captureDownloads();
    openAccount(() => problemResponse(503, 'service_unavailable'));
    const card = await screen.findByRole('region', { name: 'Download my data' });
    await userEvent.click(within(card).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Failed to download your data')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('names the file with the local calendar day', () => {
    expect(dataExportFilename(new Date(2026, 0, 5, 23, 30))).toBe('household-data-2026-01-05.json');
  });
});
