import { describe, expect, it } from 'vitest';
import {
  findPaperCorners,
  homography,
  mapPoint,
  warpQuad,
  type Grey,
  type Point,
  type Quad,
} from './flatten-paper';

/** Whether `p` lies inside the convex quadrilateral `quad` (its points in order). */
function inside(quad: Quad, p: Point): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const a = quad[k]!;
    const b = quad[(k + 1) % 4]!;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** A light paper (grey 230) on a dark table (grey 40), as a small smoothed copy shows it. */
function paperOnTable(width: number, height: number, paper: Quad, ground = 40): Grey {
  const data = Buffer.alloc(width * height, ground);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (inside(paper, { x: x + 0.5, y: y + 0.5 })) data[y * width + x] = 230;
    }
  }
  return { data, width, height };
}

// A paper turned by about 8° and seen at an angle: no two sides parallel.
const TILTED: Quad = [
  { x: 140, y: 60 },
  { x: 400, y: 95 },
  { x: 350, y: 540 },
  { x: 70, y: 505 },
];

describe('homography', () => {
  it('takes each corner of one quadrilateral to the same corner of the other', () => {
    const rectangle: Quad = [
      { x: 0, y: 0 },
      { x: 99, y: 0 },
      { x: 99, y: 199 },
      { x: 0, y: 199 },
    ];
    const h = homography(rectangle, TILTED);
    rectangle.forEach((corner, k) => {
      const mapped = mapPoint(h, corner);
      expect(mapped.x).toBeCloseTo(TILTED[k]!.x, 6);
      expect(mapped.y).toBeCloseTo(TILTED[k]!.y, 6);
    });
  });
});

describe('findPaperCorners', () => {
  it('finds the corners of a paper turned and in perspective on a dark table', () => {
    const corners = findPaperCorners(paperOnTable(480, 600, TILTED));
    expect(corners).not.toBeNull();
    corners!.forEach((corner, k) => {
      // Inset a little towards the middle, so that the paper's edge stays out of the picture.
      expect(Math.hypot(corner.x - TILTED[k]!.x, corner.y - TILTED[k]!.y)).toBeLessThan(8);
      expect(inside(TILTED, corner)).toBe(true);
    });
  });

  it('finds none on a ground as light as the paper', () => {
    expect(findPaperCorners(paperOnTable(480, 600, TILTED, 205))).toBeNull();
  });

  it('finds none when a shadow took a corner of the paper away', () => {
    const grey = paperOnTable(480, 600, TILTED);
    // A dark triangle over the top right corner, as dark as the table.
    for (let y = 0; y < 250; y++) {
      for (let x = 300; x < 480; x++) if (x - 300 > y * 0.7) grey.data[y * 480 + x] = 40;
    }
    expect(findPaperCorners(grey)).toBeNull();
  });

  it('finds none when there is no paper at all', () => {
    expect(findPaperCorners({ data: Buffer.alloc(300 * 400, 90), width: 300, height: 400 })).toBe(
      null,
    );
  });
});

describe('warpQuad', () => {
  it('maps the paper onto an upright rectangle: what was on its corners is on the corners', () => {
    const photo = paperOnTable(480, 600, TILTED);
    // A dark mark near each corner of the paper, a tenth of the way to the middle.
    const middle = { x: 240, y: 300 };
    const marks = TILTED.map((p) => ({
      x: Math.round(p.x + 0.1 * (middle.x - p.x)),
      y: Math.round(p.y + 0.1 * (middle.y - p.y)),
    }));
    for (const mark of marks) {
      for (let dy = -6; dy <= 6; dy++) {
        for (let dx = -6; dx <= 6; dx++) photo.data[(mark.y + dy) * 480 + mark.x + dx] = 0;
      }
    }
    const flat = warpQuad(photo, TILTED);
    // As wide as the longer of the top and bottom sides, as high as the longer of the others.
    expect(flat.width).toBe(Math.round(Math.hypot(280, 35)));
    expect(flat.height).toBe(Math.round(Math.hypot(70, 445)));
    // Nothing of the table inside: a row just below the top is paper from side to side.
    const row = flat.data.subarray(4 * flat.width + 4, 5 * flat.width - 4);
    expect(Math.min(...row)).toBeGreaterThan(200);
    const darkAt = (x: number, y: number) => flat.data[Math.round(y) * flat.width + Math.round(x)]!;
    const w = flat.width - 1;
    const h = flat.height - 1;
    // The marks are where a tenth of the way from each corner to the middle falls.
    for (const [x, y] of [
      [0.05 * w, 0.05 * h],
      [0.95 * w, 0.05 * h],
      [0.95 * w, 0.95 * h],
      [0.05 * w, 0.95 * h],
    ] as const) {
      expect(darkAt(x, y), `${x},${y}`).toBeLessThan(100);
    }
  });
});
