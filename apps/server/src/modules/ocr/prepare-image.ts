import { AppError, validationFailed } from '../../http/problem';
import { MAX_INPUT_PIXELS, sniffImageType } from '../../lib/images';

export const unsupportedPhoto = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'The photo must be a JPEG, PNG, WebP or HEIC image this server can read',
  );

export const brokenPhoto = () =>
  validationFailed(
    [{ path: 'file', code: 'invalid_image', message: 'The file is not a readable image' }],
    'The photo could not be read: the file is damaged',
  );

/**
 * Tesseract reads best with capital letters 20–40 px high. A receipt photographed whole is a
 * narrow strip in a tall picture, a list a page: the longer side is brought to 2,400 px (small
 * pictures grow too) and the width kept between 1,000 and 2,000.
 */
const LONG_SIDE_PX = 2400;
const MIN_WIDTH_PX = 1000;
const MAX_WIDTH_PX = 2000;

/**
 * What recognition reads: upright as the camera's EXIF says, one grey channel, at a size tesseract
 * reads well, its contrast stretched, as a JPEG of high quality (the worker is told 300 dpi). Not
 * sharpened: that cost a third of the preparation for no gain in what was read (bench/README.md). No fixed
 * black-and-white threshold: tesseract's own adaptive one copes better with the
 * shadows of a phone photo than a global cut does. JPEG, not PNG: a photo's grain makes a
 * lossless picture of this size 4–6 MB, a tenth of that as JPEG, with the same text read
 * (bench/README.md "Photo import").
 * A file that is no image it can decode answers 400 (415 for a HEIC this build cannot decode).
 */
export async function preparePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) {
    throw validationFailed([{ path: 'file', code: 'required', message: 'The file is empty' }]);
  }
  const type = sniffImageType(bytes);
  if (!type) throw unsupportedPhoto();
  // sharp brings libvips (tens of MB of memory): loaded with the first photo, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    // The header alone gives the size; EXIF orientations 5–8 turn the picture a quarter.
    const { width: stored = 0, height: storedHeight = 0, orientation = 1 } = await image.metadata();
    const [wide, high] = orientation >= 5 ? [storedHeight, stored] : [stored, storedHeight];
    if (wide === 0 || high === 0) throw brokenPhoto();
    const scale = Math.min(LONG_SIDE_PX / Math.max(wide, high), MAX_WIDTH_PX / wide);
    const width = Math.round(Math.max(MIN_WIDTH_PX, Math.min(wide * scale, MAX_WIDTH_PX)));
    // One pipeline: libvips streams the picture through every step instead of holding copies.
    return await image
      .rotate()
      .toColourspace('b-w')
      .resize({ width, kernel: 'lanczos3' })
      .normalise()
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw type === 'heic' ? unsupportedPhoto() : brokenPhoto();
  }
}
