import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { greyMapOf, preparePhoto } from './prepare-image';

describe('the picture handed to the worker', () => {
  it('is the prepared JPEG as a grey map: a PGM header, then one byte per pixel, row by row', async () => {
    const width = 40;
    const height = 30;
    // Ink on the left half, paper on the right.
    const grey = Buffer.alloc(width * height, 255);
    for (let y = 0; y < height; y++) grey.fill(0, y * width, y * width + width / 2);
    const jpeg = await sharp(grey, { raw: { width, height, channels: 1 } })
      .jpeg({ quality: 92 })
      .toBuffer();

    const greyMap = await greyMapOf({ bytes: jpeg, width, height, grainy: false });

    const header = `P5\n${width} ${height}\n255\n`;
    expect(greyMap.subarray(0, header.length).toString('ascii')).toBe(header);
    expect(greyMap.length).toBe(header.length + width * height);
    const at = (x: number, y: number) => greyMap[header.length + y * width + x]!;
    expect(at(5, 15)).toBeLessThan(30);
    expect(at(35, 15)).toBeGreaterThan(225);
    expect(at(5, 2)).toBeLessThan(30);
    expect(at(35, 27)).toBeGreaterThan(225);
  });
});

describe('a photo of a strip narrower than any paper', () => {
  // Grown to the width recognition reads at, a 1×6000 PNG of a few hundred bytes asked for six
  // billion pixels: the upload ran for minutes, holding a core and gigabytes.
  it.each([
    [1, 6000],
    [3, 9000],
  ])('is prepared at most 12,000 px long (%i×%i)', async (width, height) => {
    const strip = await sharp({
      create: { width, height, channels: 3, background: '#fafafa' },
    })
      .png()
      .toBuffer();

    const prepared = await preparePhoto(strip);

    expect(prepared.height).toBeLessThanOrEqual(12_000);
    expect(prepared.width).toBeGreaterThanOrEqual(1);
  });
});
