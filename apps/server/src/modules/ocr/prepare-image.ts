import type SharpModule from 'sharp';
import type { Sharp as SharpImage } from 'sharp';
import { AppError, validationFailed } from '../../http/problem';
import { loadSharp, MAX_INPUT_PIXELS, sniffImageType } from '../../lib/images';
import { findPaperCorners, mapQuad, warpQuad, type Grey } from './flatten-paper';

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
 * narrow strip in a tall picture, a list a page: the longer side is brought to 2,400 px and the
 * width kept between 1,000 and 2,000. Cut to its paper, a short receipt would grow to letters
 * past 40 px (a 1 then reads as a 3): beyond the width's minimum it grows by a quarter at most.
 */
const LONG_SIDE_PX = 2400;
const MAX_GROWTH = 1.25;
const MIN_WIDTH_PX = 1000;
const MAX_WIDTH_PX = 2000;
/**
 * The longest picture recognition is given: a receipt ten times as long as it is wide, at the
 * least width, with room to spare. A strip narrower than any paper (a PNG of 1×6000 pixels, a few
 * hundred bytes) would otherwise grow to the least width and to billions of pixels with it.
 */
const MAX_LENGTH_PX = 12_000;
/** The photo is worked on at most this size before the final scaling: larger adds only time. */
const WORKING_SIDE_PX = 3000;
/** The copy the paper and the text's angle are looked for in. */
const ANALYSIS_SIDE_PX = 600;
/** Text turned more than this is not a photo of a paper held roughly upright. */
const MAX_SKEW_DEGREES = 15;
/** The side of the blocks the paper's brightness is measured in (evenLight). */
const LIGHT_BLOCK = 24;

/** The picture recognition reads, and its size: line boxes are fractions of it. */
export interface PreparedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
  /**
   * The photo is grainy (sensor noise, a dim or blurred shot; see `grainOf`): it was smoothed
   * before the light was evened out, and recognition separates ink from paper window by window.
   */
  grainy: boolean;
}

type Sharp = typeof SharpModule;

/** The raw-pixel input sharp needs to read a grey buffer. */
const raw = (grey: Grey) => ({
  raw: { width: grey.width, height: grey.height, channels: 1 as const },
});

async function rawGrey(image: SharpImage): Promise<Grey> {
  // One band: a turn with a background adds an alpha band, which would interleave.
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The grain above which a photo is smoothed before reading (the mean step between neighbouring
 * pixels where the step is small, i.e. on paper, not at a letter's edge). Measured on the hard
 * photo set at the size recognition reads: careful photos 0.9–1.2, ordinary ones 1.1–2.4, poor
 * ones 2.5–4.1 (bench/README.md "Grainy photos").
 */
const GRAINY = 1.4;
/** A step this large is a letter's or a rule's edge, not grain. */
const GRAIN_STEP_MAX = 30;

/**
 * How grainy the picture is: the mean step in grey between horizontal neighbours, over the steps
 * smaller than an edge's, every other row. A flat sharp paper gives about 1; sensor noise,
 * amplified where a shadow or a dim shot was brightened, gives 2–4.
 */
function grainOf(grey: Grey): number {
  const { data, width, height } = grey;
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y += 2) {
    for (let i = y * width, end = i + width - 1; i < end; i++) {
      const step = Math.abs(data[i]! - data[i + 1]!);
      if (step < GRAIN_STEP_MAX) {
        sum += step;
        count += 1;
      }
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** A step in grey between neighbouring pixels of the small copy that counts as ink or an edge. */
const INK_STEP = 40;
/** Ink beyond these shares at either end is taken for specks, not for the paper's text. */
const INK_TRIM = 0.003;

/** Points of the small copy, as their x and y. */
interface Ink {
  xs: Int32Array;
  ys: Int32Array;
}

/**
 * The pixels of the small copy where the grey changes steeply: letters, rules and the paper's
 * outline. A shadow or a gradient changes slowly and makes none; a plain table makes none either.
 */
function findInk(grey: Grey): Ink {
  const { data, width, height } = grey;
  // Typed arrays, not lists of numbers: a photo's ink is tens of thousands of points.
  const xs = new Int32Array(width * height);
  const ys = new Int32Array(width * height);
  let count = 0;
  for (let y = 0; y + 1 < height; y++) {
    for (let x = 0; x + 1 < width; x++) {
      const i = y * width + x;
      const value = data[i]!;
      if (
        Math.abs(value - data[i + 1]!) > INK_STEP ||
        Math.abs(value - data[i + width]!) > INK_STEP
      ) {
        xs[count] = x;
        ys[count] = y;
        count += 1;
      }
    }
  }
  return { xs: xs.subarray(0, count), ys: ys.subarray(0, count) };
}

interface Extent {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Ink along this share of a side, within OUTLINE_BAND of it, is the paper's outline, if it also
 * runs unbroken along OUTLINE_RUN of the side: the left-aligned text of a receipt fills a third of
 * its left side too, but in pieces a letter high (in the careful photos of the hard set the
 * outline's longest run was 0.3–1 of the side, the text's 0.02–0.15).
 */
const OUTLINE_SHARE = 0.3;
const OUTLINE_RUN = 0.25;
const OUTLINE_BAND = 2;
/** Points this close along a side still make one unbroken run (small copy's pixels). */
const RUN_GAP = 2;
/** The outline and the strip beyond it are cut off by this much more (small copy's pixels). */
const OUTLINE_INSET = 4;

/**
 * Where the ink lies, in a frame turned by `degrees` (clockwise) about `centre`, relative to it;
 * the few outermost points at each side left out. A side where the ink is a straight line along
 * it is the paper's outline: it is cut just inside it, for recognition reads a dark frame as
 * letters; any other side gets `margin`, so that the text along it stays whole.
 */
function inkExtent(
  ink: Ink,
  degrees: number,
  centre: { x: number; y: number },
  margin: number,
): Extent {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  // Each point's place in the turned frame, in the order of the ink's points, and sorted.
  const acrossAt = new Float64Array(ink.xs.length);
  const downAt = new Float64Array(ink.xs.length);
  for (let k = 0; k < ink.xs.length; k++) {
    const x = ink.xs[k]! - centre.x;
    const y = ink.ys[k]! - centre.y;
    acrossAt[k] = x * cos - y * sin;
    downAt[k] = x * sin + y * cos;
  }
  const across = acrossAt.slice().sort();
  const down = downAt.slice().sort();
  const at = (sorted: Float64Array, share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  const left = at(across, INK_TRIM);
  const right = at(across, 1 - INK_TRIM);
  const top = at(down, INK_TRIM);
  const bottom = at(down, 1 - INK_TRIM);
  /** Whether the ink within the band [from, to] of a side is the paper's outline. */
  const isOutline = (
    side: 'vertical' | 'horizontal',
    from: number,
    to: number,
    length: number,
  ): boolean => {
    const [position, along] = side === 'vertical' ? [acrossAt, downAt] : [downAt, acrossAt];
    const found = new Float64Array(position.length);
    let count = 0;
    for (let k = 0; k < position.length; k++) {
      if (position[k]! >= from && position[k]! <= to) found[count++] = along[k]!;
    }
    if (count <= OUTLINE_SHARE * length) return false;
    const onSide = found.subarray(0, count).sort();
    let longest = 0;
    let runStart = onSide[0]!;
    for (let k = 1; k < onSide.length; k++) {
      if (onSide[k]! - onSide[k - 1]! > RUN_GAP) runStart = onSide[k]!;
      longest = Math.max(longest, onSide[k]! - runStart);
    }
    return longest > OUTLINE_RUN * length;
  };
  const side = (outline: boolean, edge: number, inward: number) =>
    outline ? edge + inward * OUTLINE_INSET : edge - inward * margin;
  const height = bottom - top;
  const width = right - left;
  return {
    left: side(isOutline('vertical', left, left + OUTLINE_BAND, height), left, 1),
    right: side(isOutline('vertical', right - OUTLINE_BAND, right, height), right, -1),
    top: side(isOutline('horizontal', top, top + OUTLINE_BAND, width), top, 1),
    bottom: side(isOutline('horizontal', bottom - OUTLINE_BAND, bottom, width), bottom, -1),
  };
}

/**
 * The angle the text lines are turned by, in degrees (positive: clockwise), from projection
 * profiles: the rows of a picture turned back by the right angle alternate sharply between ink
 * and gaps.
 */
function estimateSkew(ink: Ink, diagonal: number): number {
  if (ink.xs.length < 200) return 0;
  const bins = new Float64Array(2 * diagonal + 1);
  const sharpness = (degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    bins.fill(0);
    for (let k = 0; k < ink.xs.length; k++) {
      bins[Math.round(ink.ys[k]! * cos - ink.xs[k]! * sin) + diagonal]! += 1;
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
 * Evens out the light: each pixel divided by the paper's brightness around it, so that a shadow or
 * a gradient across the paper becomes white, and the text, darker than its paper, stays dark. The
 * paper's brightness is the brightest pixel of each block of LIGHT_BLOCK² (text strokes are
 * thinner than a block), smoothed: the light changes slowly, and a large blur at full size would
 * cost more than all the rest.
 */
async function evenLight(sharp: Sharp, grey: Grey): Promise<Buffer> {
  const { data, width, height } = grey;
  const blocksAcross = Math.ceil(width / LIGHT_BLOCK);
  const blocksDown = Math.ceil(height / LIGHT_BLOCK);
  const brightest = Buffer.alloc(blocksAcross * blocksDown);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / LIGHT_BLOCK) * blocksAcross;
    for (let x = 0; x < width; x++) {
      const block = row + Math.floor(x / LIGHT_BLOCK);
      const value = data[y * width + x]!;
      if (value > brightest[block]!) brightest[block] = value;
    }
  }
  // The darkest of each block's neighbours: by the paper's edge the light is then the table's, so
  // that the strip of table left beside the paper turns white with it instead of staying a dark
  // frame that recognition reads as letters.
  const level = Buffer.alloc(brightest.length);
  for (let by = 0; by < blocksDown; by++) {
    for (let bx = 0; bx < blocksAcross; bx++) {
      let darkest = 255;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const y = Math.min(blocksDown - 1, Math.max(0, by + dy));
          const x = Math.min(blocksAcross - 1, Math.max(0, bx + dx));
          darkest = Math.min(darkest, brightest[y * blocksAcross + x]!);
        }
      }
      level[by * blocksAcross + bx] = darkest;
    }
  }
  const smooth = await rawGrey(
    sharp(level, { raw: { width: blocksAcross, height: blocksDown, channels: 1 } }).blur(1),
  );
  const light = await rawGrey(
    sharp(smooth.data, { raw: { width: blocksAcross, height: blocksDown, channels: 1 } }).resize({
      width,
      height,
      fit: 'fill',
      kernel: 'linear',
    }),
  );
  const even = Buffer.alloc(data.length);
  // A clamped view rounds and caps at 255 on assignment, at a fraction of Math's cost.
  const clamped = new Uint8ClampedArray(even.buffer, even.byteOffset, even.length);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < even.length; i++) {
    clamped[i] = (data[i]! * 255) / (light.data[i]! || 1);
    histogram[even[i]!]! += 1;
  }
  // The contrast stretched: the darkest ink (bar a few specks) becomes black, as sharp's
  // normalise would do, in the same pass over the pixels.
  let darkest = 0;
  for (let seen = 0; darkest < 254; darkest++) {
    seen += histogram[darkest]!;
    if (seen > 0.002 * even.length) break;
  }
  const stretch = 255 / (255 - darkest);
  for (let i = 0; i < even.length; i++) clamped[i] = (even[i]! - darkest) * stretch;
  return even;
}

/**
 * What recognition reads, prepared as a careful person would: upright as the camera's EXIF says,
 * one grey channel, cut to the paper, turned straight, at a size tesseract reads well, with the
 * light evened out and the contrast stretched, as a JPEG of high quality (the worker is told 300
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
  const sharp = await loadSharp();
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
  // A paper flattened from its corners is upright and cut to its edges already.
  const flat = await flatten(sharp, working);
  if (flat)
    return readable(sharp, flat, { left: 0, top: 0, width: flat.width, height: flat.height });
  const { picture, paper } = await straighten(sharp, working);
  return readable(sharp, picture, paper);
}

/**
 * The paper mapped onto a rectangle where its corners stand out from the ground (flatten-paper.ts);
 * null where they do not (a light ground, a paper filling the photo, a shadow across a corner).
 */
async function flatten(sharp: Sharp, working: Grey): Promise<Grey | null> {
  // Smoothed, the letters and the grain vanish into the paper's grey.
  const small = await rawGrey(
    sharp(working.data, raw(working))
      .resize({ width: ANALYSIS_SIDE_PX, height: ANALYSIS_SIDE_PX, fit: 'inside' })
      .blur(2),
  );
  const corners = findPaperCorners(small);
  if (!corners) return null;
  const ratio = working.width / small.width;
  return warpQuad(
    working,
    mapQuad(corners, ({ x, y }) => ({ x: x * ratio, y: y * ratio })),
  );
}

/** Paper left around the text: a word at the edge of the paper stays whole. */
const MARGIN_SHARE = 0.02;

/**
 * Cuts the picture to the paper and turns it straight, where the paper's corners were not found.
 * Both are found on a small copy: where its ink lies (a table or a shadow around the paper has
 * none), and the angle at which the ink's rows are sharpest; then the full picture is cut and
 * turned, and `paper` is the upright paper's region in the turned picture.
 */
async function straighten(sharp: Sharp, working: Grey): Promise<{ picture: Grey; paper: Region }> {
  const analysis = await rawGrey(
    sharp(working.data, raw(working)).resize({
      width: ANALYSIS_SIDE_PX,
      height: ANALYSIS_SIDE_PX,
      fit: 'inside',
    }),
  );
  const ratio = working.width / analysis.width;
  const ink = findInk(analysis);
  let cut = working;
  let upright: Region = { left: 0, top: 0, width: working.width, height: working.height };
  if (ink.xs.length >= 200) {
    const margin = MARGIN_SHARE * Math.max(analysis.width, analysis.height);
    // Cut first to the ink's upright box: the turn then handles fewer pixels.
    const box = inkExtent(ink, 0, { x: 0, y: 0 }, margin);
    const first = clampRegion(
      {
        left: box.left * ratio,
        top: box.top * ratio,
        width: (box.right - box.left) * ratio,
        height: (box.bottom - box.top) * ratio,
      },
      working,
    );
    const skew = estimateSkew(ink, Math.ceil(Math.hypot(analysis.width, analysis.height)));
    let image = sharp(working.data, raw(working)).extract(first);
    if (Math.abs(skew) >= 0.3) {
      // The corners a turn opens are filled white: after evening the light, paper is white too.
      image = image.rotate(-skew, { background: '#ffffff' });
    }
    cut = await rawGrey(image);
    // The ink's box in the turned picture: about its centre, which the turn keeps in the middle.
    const centre = {
      x: (first.left + first.width / 2) / ratio,
      y: (first.top + first.height / 2) / ratio,
    };
    const turned = inkExtent(ink, -skew, centre, margin);
    upright = clampRegion(
      {
        left: cut.width / 2 + turned.left * ratio,
        top: cut.height / 2 + turned.top * ratio,
        width: (turned.right - turned.left) * ratio,
        height: (turned.bottom - turned.top) * ratio,
      },
      cut,
    );
  }
  return { picture: cut, paper: upright };
}

/**
 * The paper's region of `picture` at the size recognition reads, smoothed when grainy, its light
 * evened out, as a JPEG.
 */
async function readable(sharp: Sharp, picture: Grey, paper: Region): Promise<PreparedPhoto> {
  const scale = Math.min(
    LONG_SIDE_PX / Math.max(paper.width, paper.height),
    MAX_WIDTH_PX / paper.width,
    MAX_GROWTH,
  );
  const width = Math.min(
    Math.round(Math.max(MIN_WIDTH_PX, Math.min(paper.width * scale, MAX_WIDTH_PX))),
    Math.max(1, Math.floor((MAX_LENGTH_PX * paper.width) / paper.height)),
  );
  let sized = await rawGrey(
    sharp(picture.data, raw(picture)).extract(paper).resize({ width, kernel: 'lanczos3' }),
  );
  // Grain brightened with the light, in a shadow most, reads as specks and broken strokes: a
  // grainy photo is smoothed first. A sharp one is left as it is: smoothing it lost items
  // (bench/README.md "Grainy photos").
  const grainy = grainOf(sized) >= GRAINY;
  if (grainy) sized = await rawGrey(sharp(sized.data, raw(sized)).blur(1));
  const even = await evenLight(sharp, sized);
  const prepared = await sharp(even, raw(sized))
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: prepared.data,
    width: prepared.info.width,
    height: prepared.info.height,
    grainy,
  };
}

/**
 * The picture as the worker reads it fastest: a grey map (PGM: the raw grey behind a short
 * header), which the worker takes as it is, where a JPEG would be decoded in its WebAssembly, a
 * sixth of a receipt's recognition (bench/README.md "The picture handed over undecoded"). Decoded
 * here by sharp, natively, when a photo is read: a queued photo waits as its JPEG, a tenth the size.
 */
export async function greyMapOf(picture: PreparedPhoto): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(picture.bytes)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii'), data]);
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Whole pixels inside the picture, at least one of them. */
function clampRegion(region: Region, picture: { width: number; height: number }): Region {
  const left = Math.min(picture.width - 1, Math.max(0, Math.floor(region.left)));
  const top = Math.min(picture.height - 1, Math.max(0, Math.floor(region.top)));
  const right = Math.min(picture.width, Math.ceil(region.left + region.width));
  const bottom = Math.min(picture.height, Math.ceil(region.top + region.height));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
