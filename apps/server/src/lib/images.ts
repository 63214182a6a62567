import type SharpModule from 'sharp';

/** The picture formats an upload may be, told apart by their first bytes. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'heic';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** Recognises an image by its first bytes, never by its name or declared type. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  if (
    bytes.subarray(4, 8).toString('latin1') === 'ftyp' &&
    HEIF_BRANDS.has(bytes.subarray(8, 12).toString('latin1'))
  ) {
    return 'heic';
  }
  return null;
}

/** A small file can still claim a huge canvas (a decompression bomb): refuse beyond 40 MP. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp, loaded with the first picture rather than at start (libvips is tens of MB of memory).
 * Every upload is a new picture: libvips' cache of recent operations (up to 50 MB) would only
 * hold memory between them, so it is off.
 */
export async function loadSharp(): Promise<typeof SharpModule> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
}
