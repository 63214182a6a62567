/** WCAG 2 contrast arithmetic on #rrggbb colours, for the theme and its test. */

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const short = hex.replace('#', '');
  const value = short.length === 3 ? [...short].map((c) => c + c).join('') : short;
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

function format(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `top` at `opacity` over an opaque `bottom`: what the eye sees of a translucent background. */
export function over(top: string, opacity: number, bottom: string): string {
  const [a, b] = [parse(top), parse(bottom)];
  return format(a.map((c, i) => c * opacity + b[i]! * (1 - opacity)) as Rgb);
}

/** Mixes `hex` with black by `amount` (0-1). */
export function darken(hex: string, amount: number): string {
  return format(parse(hex).map((c) => c * (1 - amount)) as Rgb);
}

/** Mixes `hex` with white by `amount` (0-1). */
export function lighten(hex: string, amount: number): string {
  return format(parse(hex).map((c) => c + (255 - c) * amount) as Rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** AA for normal text (WCAG 1.4.3). */
export const AA_TEXT = 4.5;

/**
 * The first candidate that reads at `ratio` on `background`; failing all, the last one darkened
 * (or lightened, on a dark background) step by step until it does.
 */
export function readable(
  candidates: readonly string[],
  background: string,
  ratio = AA_TEXT,
): string {
  const found = candidates.find((c) => contrast(c, background) >= ratio);
  if (found) return found;
  const last = candidates.at(-1)!;
  const towards = luminance(background) > 0.18 ? darken : lighten;
  for (let step = 1; step <= 20; step++) {
    const adjusted = towards(last, step * 0.05);
    if (contrast(adjusted, background) >= ratio) return adjusted;
  }
  return towards(last, 1);
}
