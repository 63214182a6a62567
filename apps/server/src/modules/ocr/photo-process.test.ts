import { setTimeout as sleep } from 'node:timers/promises';
import { readReceiptLines } from '@household/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/problem';
import { HARD_DOCUMENTS, renderHardPhoto } from '../../../test/support/photo-set';
import { renderDocumentPhoto, SAMPLE_DOCUMENTS } from '../../../test/support/sample-photos';
import { PhotoProcess } from './photo-process';
import { preparePhoto } from './prepare-image';
import { RecognitionLane } from './recognizer';

const OCR_TIMEOUT = 120_000;
const receipt = SAMPLE_DOCUMENTS[0]!;

/** Whether a process of this id is there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

describe('the photo process', () => {
  const opened: PhotoProcess[] = [];
  const photoProcess = (idleMs: number, onOutput?: (line: string) => void, patienceMs?: number) => {
    const photos = new PhotoProcess(idleMs, onOutput, patienceMs);
    opened.push(photos);
    return photos;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((photos) => photos.close()));
  });

  it(
    'prepares and reads a photo as the server would, then ends when idle; the next photo starts another',
    async () => {
      const photos = photoProcess(500);
      expect(photos.pid).toBeUndefined();
      const jpeg = await renderDocumentPhoto(receipt);
      const picture = await photos.prepare(jpeg);
      const pid = photos.pid!;
      expect(alive(pid)).toBe(true);
      const here = await preparePhoto(jpeg);
      expect(picture.bytes.equals(here.bytes)).toBe(true);
      expect({ ...picture, bytes: null }).toEqual({ ...here, bytes: null });

      const progress: number[] = [];
      const lines = await photos
        .lane()
        .recognize(picture, receipt.language, (share) => progress.push(share));
      expect(progress.length).toBeGreaterThan(0);
      const laneHere = new RecognitionLane(60_000);
      try {
        expect(lines).toEqual(await laneHere.recognize(here, receipt.language, () => undefined));
      } finally {
        await laneHere.stop();
      }
      const reading = readReceiptLines(lines, receipt.language);
      expect(reading.items).toHaveLength(receipt.items.length);

      // Idle: the process ends, and with it all the memory it held.
      await until(() => photos.pid === undefined && !alive(pid));
      await photos.prepare(jpeg);
      expect(photos.pid).not.toBe(pid);
    },
    OCR_TIMEOUT,
  );

  it('refuses a file that is no photo, or a damaged one, as the server itself would', async () => {
    const photos = photoProcess(60_000);
    const notAnImage = photos.prepare(Buffer.from('plain text, not a picture'));
    await expect(notAnImage).rejects.toBeInstanceOf(AppError);
    await expect(notAnImage).rejects.toMatchObject({ status: 415, code: 'unsupported_media_type' });
    const jpeg = await renderDocumentPhoto(receipt);
    const damaged = photos.prepare(jpeg.subarray(0, 600));
    await expect(damaged).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [
        { path: 'file', code: 'invalid_image', message: 'The file is not a readable image' },
      ],
    });
  });

  it(
    'a stopped lane ends its reading; a process that dies fails its photo, and the next is read by another',
    async () => {
      const photos = photoProcess(60_000);
      const picture = await photos.prepare(await renderDocumentPhoto(receipt));
      const lane = photos.lane();

      const stopped = lane.recognize(picture, receipt.language, () => undefined);
      await lane.stop();
      await expect(stopped).rejects.toThrow('The recognition lane was stopped');

      const first = photos.pid!;
      const killed = lane.recognize(picture, receipt.language, () => undefined);
      process.kill(first, 'SIGKILL');
      await expect(killed).rejects.toThrow('The photo process ended');
      expect(photos.pid).toBeUndefined();

      const lines = await lane.recognize(picture, receipt.language, () => undefined);
      expect(lines.length).toBeGreaterThan(0);
      const second = photos.pid!;
      expect(second).not.toBe(first);

      // Dead while a photo is prepared: the upload is to be sent again, not refused.
      const preparing = photos.prepare(await renderDocumentPhoto(receipt));
      process.kill(second, 'SIGKILL');
      await expect(preparing).rejects.toMatchObject({
        status: 503,
        code: 'service_unavailable',
        headers: { 'retry-after': '5' },
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'a process that hangs is killed when a stop is not answered in time, and the lane reads again',
    async () => {
      const photos = photoProcess(60_000, undefined, 300);
      const picture = await photos.prepare(await renderDocumentPhoto(receipt));
      const lane = photos.lane();
      const hung = photos.pid!;
      // Stopped by a signal: alive, but answering nothing, as a process wedged in native code.
      process.kill(hung, 'SIGSTOP');
      const reading = lane.recognize(picture, receipt.language, () => undefined);

      await lane.stop();
      await expect(reading).rejects.toThrow('The photo process ended');
      expect(alive(hung)).toBe(false);
      const lines = await lane.recognize(picture, receipt.language, () => undefined);
      expect(lines.length).toBeGreaterThan(0);
    },
    OCR_TIMEOUT,
  );

  it('ends a process that hangs when the server shuts down', async () => {
    const photos = photoProcess(60_000, undefined, 300);
    await photos.prepare(await renderDocumentPhoto(receipt));
    const hung = photos.pid!;
    // A stopped process keeps SIGTERM pending until it runs again: only SIGKILL ends it.
    process.kill(hung, 'SIGSTOP');
    await photos.close();
    expect(alive(hung)).toBe(false);
    expect(photos.pid).toBeUndefined();
  });

  it(
    'what tesseract prints of a picture reaches the server as lines, not its output',
    async () => {
      const printed: string[] = [];
      const photos = photoProcess(60_000, (line) => printed.push(line));
      // This photo's shadow is read as accents when it is read as a column with one threshold.
      const doc = HARD_DOCUMENTS.find((one) => one.id === 'deu-poor-receipt-2')!;
      const picture = await photos.prepare(await renderHardPhoto(doc));
      await photos.lane().recognize(picture, doc.language, () => undefined, 'column', 'page');
      await until(() => printed.length > 0);
      expect(printed).toEqual([expect.stringMatching(/^Detected \d+ diacritics$/)]);
    },
    OCR_TIMEOUT,
  );
});
