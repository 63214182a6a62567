/**
 * A paper photographed on a table, flattened: its four corners found where it is brighter than the
 * ground, and the quadrilateral between them mapped back onto a rectangle. A phone held at an
 * angle makes the paper a trapezoid, whose lines of text are not parallel: turning the picture
 * (the deskew of prepare-image.ts) straightens one of them at most, and on the far side of a
 * receipt its prices drop beside the next line's name. Pure pixel arithmetic on grey buffers.
 */

export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Top left, top right, bottom right, bottom left. */
export type Quad = readonly [Point, Point, Point, Point];

/** Paper and ground closer than this in grey are not told apart by brightness (a light table). */
const MIN_CONTRAST = 45;
/** Where between the ground's grey and the paper's the paper begins. */
const PAPER_CUT = 0.35;
/** The frame of the picture whose grey is taken for the ground's. */
const FRAME_SHARE = 0.04;
/** A paper smaller than this share of the picture is not what was photographed. */
const MIN_PAPER_SHARE = 0.12;
/**
 * The paper's pixels over its quadrilateral's area: a paper is filled by its four corners' shape;
 * a shadow that took a corner away, or ground counted as paper, is not.
 */
const MIN_FILL = 0.93;
const MAX_FILL = 1.04;
/**
 * A paper seen at an angle: its opposite sides differ by a fifth at most, and its corners stay
 * within 20° of square. A shadow that cut a piece off the paper's bright region leaves a shape
 * with a short side or a sharp corner, whose corners are not the paper's.
 */
const MIN_SIDE_RATIO = 0.8;
const MAX_CORNER_SKEW_DEGREES = 20;
/** The corners are taken this share of the way to the middle: the paper's edge stays out. */
const CORNER_INSET = 0.012;

/** The grey below which `share` of the counted pixels lie, from their histogram. */
function percentileOfHistogram(histogram: Uint32Array, share: number): number {
  let count = 0;
  for (let grey = 0; grey < 256; grey++) count += histogram[grey]!;
  const wanted = share * count;
  let seen = 0;
  for (let grey = 0; grey < 256; grey++) {
    seen += histogram[grey]!;
    if (seen >= wanted) return grey;
  }
  return 255;
}

/** The grey below which `share` of the pixels lie. */
function percentileOf(data: Buffer, share: number): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]!]! += 1;
  return percentileOfHistogram(histogram, share);
}

/** The grey of the picture's outer frame: the ground, where the paper does not fill the photo. */
function frameGrey(grey: Grey): number {
  const { data, width, height } = grey;
  const band = Math.max(1, Math.round(FRAME_SHARE * Math.min(width, height)));
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    const inBand = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (inBand || x < band || x >= width - band) histogram[data[y * width + x]!]! += 1;
    }
  }
  return percentileOfHistogram(histogram, 0.5);
}

/**
 * The largest connected region of `mask` (4-neighbours), as its pixel indices in the order the
 * fill reached them. A flood fill with an explicit stack (a paper of a few hundred thousand pixels
 * would overflow recursion), in typed arrays: a list of numbers per region made tens of MB of
 * garbage a photo for the collector (bench/README.md "Garbage").
 */
function largestRegion(mask: Uint8Array, width: number): Int32Array {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let members = new Int32Array(mask.length);
  let count = 0;
  let best = new Int32Array(mask.length);
  let bestCount = 0;
  let top = 0;
  const visit = (n: number) => {
    if (mask[n] && !seen[n]) {
      seen[n] = 1;
      stack[top++] = n;
    }
  };
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    count = 0;
    visit(start);
    while (top > 0) {
      const i = stack[--top]!;
      members[count++] = i;
      const x = i % width;
      if (x > 0) visit(i - 1);
      if (x + 1 < width) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i + width < mask.length) visit(i + width);
    }
    if (count > bestCount) {
      [best, members] = [members, best];
      bestCount = count;
    }
  }
  return best.subarray(0, bestCount);
}

/** The area of a quadrilateral whose corners run round it (the shoelace formula). */
function quadArea(quad: Quad): number {
  let twice = 0;
  for (let k = 0; k < 4; k++) {
    const a = quad[k]!;
    const b = quad[(k + 1) % 4]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Whether a quadrilateral could be a rectangle seen at an angle (MIN_SIDE_RATIO and the rest). */
function looksLikePaper(quad: Quad): boolean {
  const sides = quad.map((p, k) => distance(p, quad[(k + 1) % 4]!));
  const ratio = (a: number, b: number) => Math.min(a, b) / Math.max(a, b);
  if (ratio(sides[0]!, sides[2]!) < MIN_SIDE_RATIO) return false;
  if (ratio(sides[1]!, sides[3]!) < MIN_SIDE_RATIO) return false;
  return quad.every((p, k) => {
    const before = quad[(k + 3) % 4]!;
    const after = quad[(k + 1) % 4]!;
    const a = Math.atan2(before.y - p.y, before.x - p.x);
    const b = Math.atan2(after.y - p.y, after.x - p.x);
    let degrees = Math.abs(((a - b) * 180) / Math.PI) % 360;
    if (degrees > 180) degrees = 360 - degrees;
    return Math.abs(degrees - 90) <= MAX_CORNER_SKEW_DEGREES;
  });
}

/**
 * The paper's corners in `grey` (a small, smoothed copy of the photo), or null where the photo
 * gives no clear paper: a light ground as bright as the paper, a paper filling the picture, or a
 * region too ragged for four corners (a shadow across a corner). The paper is what is brighter
 * than the ground by PAPER_CUT of the way to the paper's white; its corners the region's extreme
 * points along the diagonals, which holds for a paper turned by less than 45°.
 */
export function findPaperCorners(grey: Grey): Quad | null {
  const { data, width } = grey;
  const ground = frameGrey(grey);
  const paper = percentileOf(data, 0.95);
  if (paper - ground < MIN_CONTRAST) return null;
  const cut = ground + PAPER_CUT * (paper - ground);
  const mask = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) mask[i] = data[i]! > cut ? 1 : 0;
  const region = largestRegion(mask, width);
  if (region.length < MIN_PAPER_SHARE * data.length) return null;
  let topLeft = { x: 0, y: 0, score: Infinity };
  let bottomRight = { x: 0, y: 0, score: -Infinity };
  let topRight = { x: 0, y: 0, score: -Infinity };
  let bottomLeft = { x: 0, y: 0, score: Infinity };
  for (let k = 0; k < region.length; k++) {
    const i = region[k]!;
    const x = i % width;
    const y = (i - x) / width;
    if (x + y < topLeft.score) topLeft = { x, y, score: x + y };
    if (x + y > bottomRight.score) bottomRight = { x, y, score: x + y };
    if (x - y > topRight.score) topRight = { x, y, score: x - y };
    if (x - y < bottomLeft.score) bottomLeft = { x, y, score: x - y };
  }
  const corners = mapQuad([topLeft, topRight, bottomRight, bottomLeft], ({ x, y }) => ({ x, y }));
  const fill = region.length / quadArea(corners);
  if (fill < MIN_FILL || fill > MAX_FILL || !looksLikePaper(corners)) return null;
  const middle = {
    x: corners.reduce((sum, p) => sum + p.x, 0) / 4,
    y: corners.reduce((sum, p) => sum + p.y, 0) / 4,
  };
  return mapQuad(corners, (p) => ({
    x: p.x + CORNER_INSET * (middle.x - p.x),
    y: p.y + CORNER_INSET * (middle.y - p.y),
  }));
}

/** Each corner of a quadrilateral moved by `move`, in the same order. */
export function mapQuad(
  quad: readonly [Point, Point, Point, Point],
  move: (p: Point) => Point,
): Quad {
  return [move(quad[0]), move(quad[1]), move(quad[2]), move(quad[3])];
}

/** Solves A·x = b (n×n, partial pivoting); A and b are overwritten. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let row = col + 1; row < n; row++) {
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < n; k++) a[row]![k]! -= factor * a[col]![k]!;
      b[row]! -= factor * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row]!;
    for (let k = row + 1; k < n; k++) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

/**
 * The projective map taking each of `from`'s points to the same corner of `to`, as the 3×3
 * matrix's first eight entries (the ninth is 1).
 */
export function homography(from: Quad, to: Quad): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let k = 0; k < 4; k++) {
    const { x, y } = from[k]!;
    const { x: u, y: v } = to[k]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  return solve(a, b);
}

/** Where the projective map `h` (see homography) takes a point. */
export function mapPoint(h: number[], { x, y }: Point): Point {
  const w = h[6]! * x + h[7]! * y + 1;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

/**
 * The quadrilateral `corners` of `grey` (in its pixels) mapped onto an upright rectangle as wide
 * as the longer of its top and bottom sides and as high as the longer of its other two: each
 * pixel of the rectangle sampled (bilinear) where the projective map puts it in the photo.
 */
export function warpQuad(grey: Grey, corners: Quad): Grey {
  const [topLeft, topRight, bottomRight, bottomLeft] = corners;
  const width = Math.round(
    Math.max(distance(topLeft, topRight), distance(bottomLeft, bottomRight)),
  );
  const height = Math.round(
    Math.max(distance(topLeft, bottomLeft), distance(topRight, bottomRight)),
  );
  const rectangle: Quad = [
    { x: 0, y: 0 },
    { x: width - 1, y: 0 },
    { x: width - 1, y: height - 1 },
    { x: 0, y: height - 1 },
  ];
  const h = homography(rectangle, corners);
  const out = Buffer.alloc(width * height, 255);
  const { data, width: sourceWidth, height: sourceHeight } = grey;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // mapPoint, written out: an object per pixel cost about 40 ms a photo.
      const w = h[6]! * x + h[7]! * y + 1;
      const sx = (h[0]! * x + h[1]! * y + h[2]!) / w;
      const sy = (h[3]! * x + h[4]! * y + h[5]!) / w;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= sourceWidth || y0 + 1 >= sourceHeight) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * sourceWidth + x0;
      const top = data[i]! + fx * (data[i + 1]! - data[i]!);
      const bottom =
        data[i + sourceWidth]! + fx * (data[i + sourceWidth + 1]! - data[i + sourceWidth]!);
      out[y * width + x] = Math.round(top + fy * (bottom - top));
    }
  }
  return { data: out, width, height };
}
