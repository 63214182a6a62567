import sharp from 'sharp';

/**
 * The photo with the phone's shadow over part of it: a soft dark band from one side, as when the
 * light comes from behind the person taking it. `strength` is how dark its core is (0–1).
 */
export async function castShadow(photo: Buffer, strength = 0.55): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const shadow =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.35">
    <stop offset="0" stop-color="#000" stop-opacity="${strength}"/>
    <stop offset="0.45" stop-color="#000" stop-opacity="${strength}"/>
    <stop offset="0.7" stop-color="#000" stop-opacity="0"/>
  </linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#shade)"/>
</svg>`);
  return sharp(photo)
    .composite([{ input: shadow }])
    .jpeg({ quality: 80 })
    .toBuffer();
}
