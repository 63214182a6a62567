/**
 * The hard set's photos: a paper drawn as SVG, then photographed as people do, in three groups.
 * Careful: flat, straight, even light, sharp. Ordinary: on a table, turned 3–8°, a little
 * sheared and in perspective, uneven light, mild blur, JPEG 75–89. Poor: turned, sheared,
 * crumpled, faded thermal print, hard shadows across, blur and motion blur, sensor noise,
 * JPEG 54–70. Every choice comes from a generator seeded with the photo's id.
 */
import sharp from 'sharp';
import type { HardDocument, PhotoGroup } from './documents';
import { between, integerBetween, seeded, signed, type Random } from './random';

export interface Camera {
  /** The table (or, for careful photos, the light scanner-like ground) around the paper. */
  ground: string;
  rotateDegrees: number;
  /** Horizontal shift per pixel down, as a share. */
  shear: number;
  /** How far each corner moves, as a share of the width: a phone not held parallel. */
  perspective: number;
  /** Amplitude, in pixels, of the smooth displacement of crumpled paper. */
  crumple: number;
  /** 0..1: the ink's contrast lost, as on an old thermal receipt. */
  fade: number;
  /** Brightness from the brightest corner to the darkest: 0 for even light. */
  unevenLight: number;
  /** Hard shadows across the paper (a hand, a phone). */
  shadows: number;
  blurSigma: number;
  /** Length in pixels of the motion blur; 0 for none. */
  motionBlur: number;
  /** 0..1: the standard deviation of the sensor noise, as a share of half the range. */
  noise: number;
  quality: number;
}

export function cameraFor(group: PhotoGroup, doc: HardDocument, random: Random): Camera {
  switch (group) {
    case 'careful':
      return {
        ground: '#d8d5ce',
        rotateDegrees: 0,
        shear: 0,
        perspective: 0,
        crumple: 0,
        fade: 0,
        unevenLight: 0,
        shadows: 0,
        blurSigma: 0,
        motionBlur: 0,
        noise: 0.02,
        quality: 92,
      };
    case 'ordinary':
      return {
        ground: '#4a3b2f',
        rotateDegrees: signed(random) * between(random, 3, 8),
        shear: signed(random) * between(random, 0.01, 0.03),
        perspective: between(random, 0.01, 0.025),
        crumple: 0,
        fade: doc.kind === 'receipt' ? between(random, 0, 0.2) : 0,
        unevenLight: between(random, 0.15, 0.3),
        shadows: 0,
        blurSigma: between(random, 0.5, 0.9),
        motionBlur: 0,
        noise: between(random, 0.03, 0.06),
        quality: integerBetween(random, 75, 89),
      };
    case 'poor':
      return {
        ground: random() < 0.5 ? '#3a2e25' : '#56504a',
        rotateDegrees: signed(random) * between(random, 4, 10),
        shear: signed(random) * between(random, 0.03, 0.07),
        perspective: between(random, 0.025, 0.05),
        crumple: between(random, 4, 8),
        fade: doc.kind === 'receipt' ? between(random, 0.4, 0.55) : between(random, 0.1, 0.3),
        unevenLight: between(random, 0.25, 0.4),
        shadows: integerBetween(random, 1, 2),
        blurSigma: between(random, 0.9, 1.4),
        motionBlur: random() < 0.6 ? integerBetween(random, 2, 4) * 2 + 1 : 0,
        noise: between(random, 0.08, 0.13),
        quality: integerBetween(random, 54, 70),
      };
  }
}

// ---------------------------------------------------------------------------------------------
// The paper

const WIDTH = 1100;
const MARGIN = { x: 110, y: 100 };
const PADDING = { x: 40, y: 50 };
const PAPER = '#f2eee3';
const FONTS = {
  printed: {
    family: 'Liberation Mono',
    style: 'normal',
    size: 31,
    lineHeight: 1.4,
    ink: '#2a2a2d',
  },
  typed: { family: 'Liberation Sans', style: 'normal', size: 40, lineHeight: 1.6, ink: '#222226' },
  // No handwriting font ships with the fonts the tests may rely on: a slanted sans, each line
  // turned, moved and sized a little differently, in ballpoint blue, comes close enough.
  handwritten: {
    family: 'DejaVu Sans',
    style: 'oblique',
    size: 44,
    lineHeight: 1.75,
    ink: '#1d2f7a',
  },
} as const;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Mixes two #rrggbb colours: `share` of `b`. */
function mix(a: string, b: string, share: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(a, i) * (1 - share) + channel(b, i) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function paperSvg(doc: HardDocument, camera: Camera, random: Random) {
  const font = FONTS[doc.hand];
  const step = font.size * font.lineHeight;
  const columns = Math.max(...doc.lines.map((line) => line.length));
  const paperWidth =
    doc.hand === 'printed'
      ? Math.ceil(columns * font.size * 0.6) + 2 * PADDING.x
      : WIDTH - 2 * MARGIN.x;
  const paperHeight = Math.ceil(doc.lines.length * step + 2 * PADDING.y);
  const height = paperHeight + 2 * MARGIN.y;
  const paperX = Math.round((WIDTH - paperWidth) / 2);
  const ink = mix(font.ink, PAPER, camera.fade);
  const handwritten = doc.hand === 'handwritten';
  const text = doc.lines
    .map((line, i) => {
      const x = paperX + PADDING.x + (handwritten ? between(random, -10, 24) : 0);
      const y =
        MARGIN.y + PADDING.y + font.size + i * step + (handwritten ? between(random, -4, 4) : 0);
      const size = handwritten ? Math.round(font.size * between(random, 0.9, 1.1)) : font.size;
      const turn = handwritten
        ? ` transform="rotate(${between(random, -2, 2).toFixed(2)} ${x} ${y.toFixed(1)})"`
        : '';
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}"${turn}>${escapeXml(line)}</text>`;
    })
    .join('\n');
  // Notepaper's faint rules under handwriting.
  const rules = handwritten
    ? doc.lines
        .map((_, i) => {
          const y = (MARGIN.y + PADDING.y + font.size + 10 + i * step).toFixed(1);
          return `<line x1="${paperX}" x2="${paperX + paperWidth}" y1="${y}" y2="${y}" stroke="#a9c1dc" stroke-width="2"/>`;
        })
        .join('\n')
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}">
<rect width="${WIDTH}" height="${height}" fill="${camera.ground}"/>
<rect x="${paperX + 8}" y="${MARGIN.y + 10}" width="${paperWidth}" height="${paperHeight}" fill="#000000" opacity="0.3"/>
<rect x="${paperX}" y="${MARGIN.y}" width="${paperWidth}" height="${paperHeight}" fill="${PAPER}"/>
${rules}
<g font-family="${font.family}" font-style="${font.style}" fill="${ink}" xml:space="preserve">
${text}
</g>
</svg>`;
  return { svg, height };
}

// ---------------------------------------------------------------------------------------------
// The camera

/** The 3×3 projective map (row-major, last entry 1) taking each `from` corner to its `to`. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss–Jordan with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let best = col;
    for (let r = col + 1; r < 8; r++)
      if (Math.abs(a[r]![col]!) > Math.abs(a[best]![col]!)) best = r;
    [a[col], a[best]] = [a[best]!, a[col]!];
    const pivot = a[col]![col]!;
    for (let c = col; c < 9; c++) a[col]![c]! /= pivot;
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const factor = a[r]![col]!;
      for (let c = col; c < 9; c++) a[r]![c]! -= factor * a[col]![c]!;
    }
  }
  return [...a.map((r) => r[8]!), 1];
}

interface Wave {
  kx: number;
  ky: number;
  phase: number;
  amplitude: number;
}

/** sin(kx·x + ky·y + φ) split into per-column and per-row tables, so a pixel costs two products. */
function waveTables(wave: Wave, width: number, height: number) {
  const sinX = new Float32Array(width);
  const cosX = new Float32Array(width);
  const sinY = new Float32Array(height);
  const cosY = new Float32Array(height);
  for (let x = 0; x < width; x++) {
    sinX[x] = Math.sin(wave.kx * x);
    cosX[x] = Math.cos(wave.kx * x);
  }
  for (let y = 0; y < height; y++) {
    sinY[y] = Math.sin(wave.ky * y + wave.phase);
    cosY[y] = Math.cos(wave.ky * y + wave.phase);
  }
  return { sinX, cosX, sinY, cosY, amplitude: wave.amplitude };
}

/**
 * Turns, shears, tilts and crumples the drawn scene, and lights it: one pass from each output
 * pixel back to the scene (bilinear), the ground's colour where the scene does not reach.
 */
function photograph(
  scene: Buffer,
  width: number,
  height: number,
  camera: Camera,
  ground: [number, number, number],
  random: Random,
): Buffer {
  const cx = width / 2;
  const cy = height / 2;
  const turn = (camera.rotateDegrees * Math.PI) / 180;
  // Framed a little wider than the scene when turned, so the paper's corners stay in the picture.
  const zoom = camera.rotateDegrees === 0 ? 1 : 0.92;
  const corners: [number, number][] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const placed = corners.map(([x, y]): [number, number] => {
    const dx = (x - cx + camera.shear * (y - cy)) * zoom;
    const dy = (y - cy) * zoom;
    const jitter = camera.perspective * width;
    return [
      cx + dx * Math.cos(turn) - dy * Math.sin(turn) + between(random, -jitter, jitter),
      cy + dx * Math.sin(turn) + dy * Math.cos(turn) + between(random, -jitter, jitter),
    ];
  });
  const h = homography(placed, corners);
  const waves =
    camera.crumple > 0
      ? Array.from({ length: 4 }, () =>
          waveTables(
            {
              kx: between(random, -1, 1) * 0.012,
              ky: between(random, 0.3, 1) * 0.01,
              phase: between(random, 0, 2 * Math.PI),
              amplitude: camera.crumple * between(random, 0.4, 1),
            },
            width,
            height,
          ),
        )
      : [];
  const light = { angle: between(random, 0, 2 * Math.PI), amount: camera.unevenLight };
  const lx = Math.cos(light.angle) / Math.hypot(width, height);
  const ly = Math.sin(light.angle) / Math.hypot(width, height);
  const shadows = Array.from({ length: camera.shadows }, () => {
    const angle = between(random, 0, 2 * Math.PI);
    return {
      nx: Math.cos(angle),
      ny: Math.sin(angle),
      // The edge passes through a point in the middle half of the picture.
      offset:
        Math.cos(angle) * between(random, 0.25, 0.75) * width +
        Math.sin(angle) * between(random, 0.25, 0.75) * height,
      depth: between(random, 0.3, 0.45),
      softness: between(random, 2, 6),
    };
  });

  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let dx = 0;
      let dy = 0;
      let fold = 0;
      for (const w of waves) {
        const s = w.sinX[x]! * w.cosY[y]! + w.cosX[x]! * w.sinY[y]!;
        const c = w.cosX[x]! * w.cosY[y]! - w.sinX[x]! * w.sinY[y]!;
        dx += w.amplitude * s;
        dy += w.amplitude * c;
        // A crease is lit on one side: brightness follows the slope of the displacement.
        fold += c;
      }
      const px = x + dx;
      const py = y + dy;
      const z = h[6]! * px + h[7]! * py + h[8]!;
      const u = (h[0]! * px + h[1]! * py + h[2]!) / z;
      const v = (h[3]! * px + h[4]! * py + h[5]!) / z;
      // The projection on the light's direction runs from -0.5 to 0.5 across the diagonal.
      let brightness = 1.05 - light.amount * ((x - cx) * lx + (y - cy) * ly + 0.5) + 0.03 * fold;
      for (const shadow of shadows) {
        const distance = x * shadow.nx + y * shadow.ny - shadow.offset;
        const inside = 1 / (1 + Math.exp(-distance / shadow.softness));
        brightness *= 1 - shadow.depth * inside;
      }
      const o = (y * width + x) * 3;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      for (let ch = 0; ch < 3; ch++) {
        let value: number;
        if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) value = ground[ch]!;
        else {
          const fx = u - x0;
          const fy = v - y0;
          const i = (y0 * width + x0) * 3 + ch;
          const row = width * 3;
          value =
            (scene[i]! * (1 - fx) + scene[i + 3]! * fx) * (1 - fy) +
            (scene[i + row]! * (1 - fx) + scene[i + row + 3]! * fx) * fy;
        }
        out[o + ch] = Math.max(0, Math.min(255, Math.round(value * brightness)));
      }
    }
  }
  return out;
}

/** A straight streak `length` pixels long at a seeded angle: the phone moved while it took. */
function motionKernel(length: number, random: Random) {
  const angle = between(random, 0, Math.PI);
  const kernel = new Array<number>(length * length).fill(0);
  const r = (length - 1) / 2;
  for (let t = -r; t <= r; t++) {
    kernel[Math.round(r + t * Math.sin(angle)) * length + Math.round(r + t * Math.cos(angle))] = 1;
  }
  return { width: length, height: length, kernel, scale: kernel.reduce((a, b) => a + b, 0) };
}

/** The document photographed as its group's camera would: a JPEG, the same bytes every run. */
export async function takePhoto(doc: HardDocument): Promise<Buffer> {
  const random = seeded(doc.id);
  const camera = cameraFor(doc.group, doc, random);
  const { svg, height } = paperSvg(doc, camera, random);
  const scene = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const ground = [1, 3, 5].map((i) => parseInt(camera.ground.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  const shot = photograph(scene, WIDTH, height, camera, ground, random);
  let image = sharp(shot, { raw: { width: WIDTH, height, channels: 3 } });
  // sharp refuses a Gaussian blur below 0.3.
  if (camera.blurSigma >= 0.3) image = image.blur(camera.blurSigma);
  if (camera.motionBlur > 0) image = image.convolve(motionKernel(camera.motionBlur, random));
  const data = await image.raw().toBuffer();
  const spread = camera.noise * 128;
  for (let i = 0; i < data.length; i++) {
    // The sum of three uniforms is close enough to a Gaussian, at a fraction of the cost.
    const gaussian = (random() + random() + random() - 1.5) * 2;
    data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + gaussian * spread)));
  }
  return sharp(data, { raw: { width: WIDTH, height, channels: 3 } })
    .jpeg({ quality: camera.quality })
    .toBuffer();
}
