/**
 * Renders the app icons of the web app manifest from the favicon, once: the PNGs are committed
 * under public/, so a build needs neither this script nor sharp. Run again after changing the logo:
 *
 *   node apps/web/scripts/generate-icons.mjs
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded corners, transparent outside);
 * - icon-maskable-512.png: full-bleed background with the house inside the 80 % safe zone, so a
 *   launcher may cut any shape out of it;
 * - apple-touch-icon.png (180 px): full-bleed and opaque, iOS rounds the corners itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const favicon = await fs.readFile(path.join(publicDir, 'favicon.svg'), 'utf8');

const BRAND = favicon.match(/<rect[^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
const HOUSE = favicon.match(/<path[^>]*\/>/)?.[0];
if (!BRAND || !HOUSE) throw new Error('favicon.svg no longer has the expected rect and path');

/** The house on a square background; `scale` < 1 shrinks it around the centre. */
function fullBleed(scale) {
  const offset = (32 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${HOUSE}</g></svg>`;
}

async function render(svg, size, file) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
  process.stdout.write(`wrote public/${file}\n`);
}

await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(fullBleed(0.8), 512, 'icon-maskable-512.png');
await render(fullBleed(0.9), 180, 'apple-touch-icon.png');
