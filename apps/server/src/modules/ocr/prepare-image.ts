import type SharpModule from 'sharp';
import type { Sharp as SharpImage } from 'sharp';
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
/** The photo is worked on at most this size before the final scaling: larger adds only time. */
const WORKING_SIDE_PX = 3000;
/** The copy the paper and the text's angle are looked for in. */
const ANALYSIS_SIDE_PX = 600;
/** Text turned more than this is not a photo of a paper held roughly upright. */
const MAX_SKEW_DEGREES = 15;
/** The light is evened out against a blur this many times smaller than the picture. */
const LIGHT_SHRINK = 16;

/** The picture recognition reads, and its size: line boxes are fractions of it. */
export interface PreparedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
}

interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

type Sharp = typeof SharpModule;

async function rawGrey(image: SharpImage): Promise<Grey> {
  // One band: a turn with a background adds an alpha band, which would interleave.
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Otsu's threshold: the grey level that best parts the picture into two classes. */
function otsuThreshold(grey: Grey): { threshold: number; separation: number } {
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey.data) histogram[value]! += 1;
  const total = grey.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level++) sumAll += level * histogram[level]!;
  let darkCount = 0;
  let darkSum = 0;
  let best = { threshold: 128, variance: -1, separation: 0 };
  for (let level = 0; level < 256; level++) {
    darkCount += histogram[level]!;
    if (darkCount === 0 || darkCount === total) continue;
    darkSum += level * histogram[level]!;
    const darkMean = darkSum / darkCount;
    const brightMean = (sumAll - darkSum) / (total - darkCount);
    const variance = darkCount * (total - darkCount) * (darkMean - brightMean) ** 2;
    if (variance > best.variance) {
      best = { threshold: level, variance, separation: brightMean - darkMean };
    }
  }
  return { threshold: best.threshold, separation: best.separation };
}

/** The longest run of indexes whose share is at least `min`, as [first, last]. */
function longestRun(shares: readonly number[], min: number): [number, number] | null {
  let best: [number, number] | null = null;
  let start = -1;
  for (let i = 0; i <= shares.length; i++) {
    if (i < shares.length && shares[i]! >= min) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (!best || i - 1 - start > best[1] - best[0]) best = [start, i - 1];
      start = -1;
    }
  }
  return best;
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The paper: the bright region against a darker table, from the share of bright pixels in each
 * row and column. Null when the picture shows no such contrast (a page filling the frame, a
 * scan): then nothing is cut.
 */
function findPaper(grey: Grey): Region | null {
  const { threshold, separation } = otsuThreshold(grey);
  if (separation < 60) return null;
  const columns = new Array<number>(grey.width).fill(0);
  const rows = new Array<number>(grey.height).fill(0);
  let bright = 0;
  for (let y = 0; y < grey.height; y++) {
    for (let x = 0; x < grey.width; x++) {
      if (grey.data[y * grey.width + x]! > threshold) {
        columns[x]! += 1;
        rows[y]! += 1;
        bright += 1;
      }
    }
  }
  if (bright > 0.92 * grey.data.length) return null;
  const across = longestRun(
    columns.map((count) => count / grey.height),
    0.2,
  );
  const down = longestRun(
    rows.map((count) => count / grey.width),
    0.2,
  );
  if (!across || !down) return null;
  // A margin keeps the paper's edge (and any text close to it) inside.
  const marginX = Math.round(grey.width * 0.015);
  const marginY = Math.round(grey.height * 0.015);
  const left = Math.max(0, across[0] - marginX);
  const top = Math.max(0, down[0] - marginY);
  const right = Math.min(grey.width - 1, across[1] + marginX);
  const bottom = Math.min(grey.height - 1, down[1] + marginY);
  const region = { left, top, width: right - left + 1, height: bottom - top + 1 };
  if (region.width * region.height < 0.1 * grey.data.length) return null;
  return region;
}

/**
 * The angle the text lines are turned by, in degrees (positive: clockwise), from projection
 * profiles: the rows of a picture turned back by the right angle alternate sharply between ink
 * and gaps. Ink is where the grey changes steeply from one pixel to the next, so that a dark table
 * in a corner counts only by its edge, which runs along the paper anyway.
 */
function estimateSkew(grey: Grey): number {
  const inkX: number[] = [];
  const inkY: number[] = [];
  for (let y = 0; y < grey.height; y++) {
    for (let x = 0; x + 1 < grey.width; x++) {
      const i = y * grey.width + x;
      if (Math.abs(grey.data[i]! - grey.data[i + 1]!) > 40) {
        inkX.push(x);
        inkY.push(y);
      }
    }
  }
  if (inkX.length < 200) return 0;
  const diagonal = Math.ceil(Math.hypot(grey.width, grey.height));
  const bins = new Float64Array(2 * diagonal + 1);
  const sharpness = (degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    bins.fill(0);
    for (let k = 0; k < inkX.length; k++) {
      bins[Math.round(inkY[k]! * cos - inkX[k]! * sin) + diagonal]! += 1;
    }
    let sum = 0;
    for (const count of bins) sum += count * count;
    return sum;
  };
  let best = { degrees: 0, score: sharpness(0) };
  const search = (from: number, to: number, step: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = sharpness(degrees);
      if (score > best.score) best = { degrees, score };
    }
  };
  search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.5);
  search(best.degrees - 0.4, best.degrees + 0.4, 0.1);
  return best.degrees;
}

/**
 * Evens out the light: each pixel divided by a heavily blurred copy of the picture (the paper's
 * brightness there), so that a shadow or a gradient across the paper becomes white, and the text,
 * darker than its surroundings, stays dark. The blur is made on a small copy: the light changes
 * slowly, and a large blur at full size would cost more than all the rest.
 */
async function evenLight(sharp: Sharp, grey: Grey): Promise<Buffer> {
  const raw = { width: grey.width, height: grey.height, channels: 1 as const };
  const small = await sharp(grey.data, { raw })
    .resize({
      width: Math.max(8, Math.round(grey.width / LIGHT_SHRINK)),
      height: Math.max(8, Math.round(grey.height / LIGHT_SHRINK)),
      fit: 'fill',
    })
    .blur(2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const light = await sharp(small.data, { raw: { ...small.info, channels: 1 } })
    .resize({ width: grey.width, height: grey.height, fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const even = Buffer.alloc(grey.data.length);
  // A clamped view rounds and caps at 255 on assignment, at a fraction of Math's cost.
  const clamped = new Uint8ClampedArray(even.buffer, even.byteOffset, even.length);
  for (let i = 0; i < even.length; i++) clamped[i] = (grey.data[i]! * 255) / (light[i]! || 1);
  return even;
}

/**
 * What recognition reads, prepared as a careful person would: upright as the camera's EXIF says,
 * one grey channel, cut to the paper, turned straight, with the light evened out, at a size
 * tesseract reads well, its contrast stretched, as a JPEG of high quality (the worker is told 300
 * dpi). Not sharpened: that cost a third of the preparation for no gain in what was read
 * (bench/README.md). No fixed black-and-white threshold: tesseract's own adaptive one copes
 * better than a global cut. JPEG, not PNG: a photo's grain makes a lossless picture of this size
 * 4–6 MB, a tenth of that as JPEG, with the same text read (bench/README.md "Photo import").
 * A file that is no image it can decode answers 400 (415 for a HEIC this build cannot decode).
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  if (bytes.length === 0) {
    throw validationFailed([{ path: 'file', code: 'required', message: 'The file is empty' }]);
  }
  const type = sniffImageType(bytes);
  if (!type) throw unsupportedPhoto();
  // sharp brings libvips (tens of MB of memory): loaded with the first photo, not at start.
  const { default: sharp } = await import('sharp');
  let working: Grey;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    // The header alone tells whether the file is an image at all.
    const { width = 0, height = 0 } = await image.metadata();
    if (width === 0 || height === 0) throw brokenPhoto();
    working = await rawGrey(
      image.rotate().toColourspace('b-w').resize({
        width: WORKING_SIDE_PX,
        height: WORKING_SIDE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw type === 'heic' ? unsupportedPhoto() : brokenPhoto();
  }
  return straighten(sharp, working);
}

async function straighten(sharp: Sharp, working: Grey): Promise<PreparedPhoto> {
  const raw = (grey: Grey) => ({
    raw: { width: grey.width, height: grey.height, channels: 1 as const },
  });
  const analysis = await rawGrey(
    sharp(working.data, raw(working)).resize({
      width: ANALYSIS_SIDE_PX,
      height: ANALYSIS_SIDE_PX,
      fit: 'inside',
    }),
  );
  const ratio = working.width / analysis.width;
  const paper = findPaper(analysis);
  const paperGrey = paper
    ? await rawGrey(sharp(analysis.data, raw(analysis)).extract(paper))
    : analysis;
  const skew = estimateSkew(paperGrey);

  let image = sharp(working.data, raw(working));
  if (paper) {
    image = image.extract({
      left: Math.floor(paper.left * ratio),
      top: Math.floor(paper.top * ratio),
      width: Math.min(
        working.width - Math.floor(paper.left * ratio),
        Math.round(paper.width * ratio),
      ),
      height: Math.min(
        working.height - Math.floor(paper.top * ratio),
        Math.round(paper.height * ratio),
      ),
    });
  }
  let cut: Grey;
  let edges: Region | null = null;
  if (Math.abs(skew) < 0.3) {
    cut = await rawGrey(image);
  } else {
    // The corners a turn opens are filled white: after evening the light, paper is white too.
    cut = await rawGrey(image.rotate(-skew, { background: '#ffffff' }));
    // Turned straight, the paper's edges run along the picture's: the table left in its corners
    // is cut off now, found again on the small copy turned the same way (its corners dark, as
    // the table they belong to).
    const turned = await rawGrey(
      sharp(paperGrey.data, raw(paperGrey)).rotate(-skew, { background: '#000000' }),
    );
    const upright = findPaper(turned);
    const back = cut.width / turned.width;
    if (upright) {
      const left = Math.floor(upright.left * back);
      const top = Math.floor(upright.top * back);
      edges = {
        left,
        top,
        width: Math.min(cut.width - left, Math.round(upright.width * back)),
        height: Math.min(cut.height - top, Math.round(upright.height * back)),
      };
    }
  }
  const shown = edges ?? { left: 0, top: 0, width: cut.width, height: cut.height };
  const scale = Math.min(
    LONG_SIDE_PX / Math.max(shown.width, shown.height),
    MAX_WIDTH_PX / shown.width,
  );
  const width = Math.round(Math.max(MIN_WIDTH_PX, Math.min(shown.width * scale, MAX_WIDTH_PX)));
  const sized = await rawGrey(
    sharp(cut.data, raw(cut)).extract(shown).resize({ width, kernel: 'lanczos3' }),
  );
  const even = await evenLight(sharp, sized);
  const prepared = await sharp(even, raw(sized))
    .normalise()
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: prepared.data, width: prepared.info.width, height: prepared.info.height };
}
