import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HARD_DOCUMENTS, PHOTO_GROUPS, renderHardPhoto } from './index';

describe('the hard photo set', () => {
  it('holds 60 photos: each language and kind in each group, ids unique', () => {
    expect(HARD_DOCUMENTS).toHaveLength(60);
    expect(new Set(HARD_DOCUMENTS.map((doc) => doc.id)).size).toBe(60);
    for (const group of PHOTO_GROUPS) {
      const inGroup = HARD_DOCUMENTS.filter((doc) => doc.group === group);
      expect(new Set(inGroup.map((doc) => doc.language))).toEqual(
        new Set(['eng', 'deu', 'nld', 'fra', 'spa']),
      );
      expect(inGroup.filter((doc) => doc.kind === 'receipt')).toHaveLength(10);
      expect(inGroup.filter((doc) => doc.hand === 'handwritten')).toHaveLength(5);
    }
  });

  it("prints each item and a total that is the items' sum", () => {
    for (const doc of HARD_DOCUMENTS) {
      const text = doc.lines.join('\n');
      for (const item of doc.items) expect(text).toContain(item.name);
      if (doc.kind === 'list') {
        expect(doc.totalCents).toBeNull();
        continue;
      }
      const sum = doc.items.reduce((total, item) => total + item.priceCents!, 0);
      expect(doc.totalCents).toBe(sum);
    }
  });

  it('carries the patterns that trip readers', () => {
    const text = HARD_DOCUMENTS.flatMap((doc) => doc.lines).join('\n');
    expect(text).toMatch(/^\S.* \d \d{3},\d\d( [AB])?$/m); // "1 331,09": French thousands
    expect(text).toMatch(/\d,\d\d [AB]$/m); // a tax letter after a price
    expect(text).toMatch(/^ {2}\d x \d+[,.]\d\d$/m); // a quantity on its own line
    expect(text).toMatch(/^(• |- )\d+x? \S/m); // a bullet before a count
    expect(text).toMatch(/Olive Oil/);
  });

  it('draws one photo per group, the same bytes every time', async () => {
    for (const group of PHOTO_GROUPS) {
      const doc = HARD_DOCUMENTS.find((d) => d.group === group && d.language === 'fra')!;
      const first = await renderHardPhoto(doc);
      expect(await renderHardPhoto(doc)).toEqual(first);
      const meta = await sharp(first).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(1100);
    }
  });
});
