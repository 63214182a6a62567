import { readReceiptLines } from '@household/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { HARD_DOCUMENTS, renderHardPhoto } from '../../../test/support/photo-set';
import { preparePhoto } from './prepare-image';
import { RecognitionLane } from './recognizer';

const hardDocument = (id: string) => HARD_DOCUMENTS.find((doc) => doc.id === id)!;

describe('grainy photos', () => {
  const lane = new RecognitionLane(60_000);
  afterAll(() => lane.stop());

  it('a sharp photo is not grainy; one taken with sensor noise and blur is', async () => {
    for (const id of ['eng-careful-receipt-1', 'deu-careful-list-handwritten']) {
      const prepared = await preparePhoto(await renderHardPhoto(hardDocument(id)));
      expect(prepared.grainy, id).toBe(false);
    }
    for (const id of ['spa-ordinary-receipt-2', 'eng-poor-receipt-1']) {
      const prepared = await preparePhoto(await renderHardPhoto(hardDocument(id)));
      expect(prepared.grainy, id).toBe(true);
    }
  });

  // With one threshold for the page, two of its nine prices were misread (bench/README.md
  // "Grainy photos").
  it('reads every item and price of a grainy receipt, and its total', async () => {
    const doc = hardDocument('spa-ordinary-receipt-2');
    const prepared = await preparePhoto(await renderHardPhoto(doc));
    const reading = readReceiptLines(await lane.recognize(prepared, 'spa', () => {}), 'spa');

    const read = reading.items
      .filter((item) => !item.suggestion)
      .map((item) => ({ name: item.name.toLowerCase(), priceCents: item.priceCents }));
    expect(read).toEqual(
      doc.items.map((item) => ({ name: item.name.toLowerCase(), priceCents: item.priceCents })),
    );
    expect(reading.totalCents).toBe(doc.totalCents);
  });
});
