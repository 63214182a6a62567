import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast, over } from './contrast';
import {
  brand,
  createAppTheme,
  cssVariablesResolver,
  DARK_FOCUS_RING,
  DIMMED,
  SURFACES,
} from './theme';

const theme = mergeMantineTheme(
  DEFAULT_THEME,
  createAppTheme({ showPassword: 'Show password', close: 'Close' }),
);
const base = defaultCssVariablesResolver(theme);
const ours = cssVariablesResolver(theme);

type Scheme = 'light' | 'dark';
const variables = (scheme: Scheme): Record<string, string> => ({
  ...base.variables,
  ...ours.variables,
  ...base[scheme],
  ...ours[scheme],
});

/** A CSS variable as the browser resolves it: var() chains followed, rgba() over a surface. */
function resolve(scheme: Scheme, name: string, surface: string = SURFACES[scheme]): string {
  const value = variables(scheme)[name];
  if (!value) throw new Error(`${name} is not defined`);
  const reference = value.match(/^var\((--[\w-]+)\)$/);
  if (reference) return resolve(scheme, reference[1]!, surface);
  const rgba = value.match(/^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/);
  if (rgba) {
    const hex = `#${rgba
      .slice(1, 4)
      .map((c: string) => Number(c).toString(16).padStart(2, '0'))
      .join('')}`;
    return over(hex, Number(rgba[4]), surface);
  }
  return value;
}

const BODY = { light: '#ffffff', dark: '#242424' } as const;
const colors = Object.keys(theme.colors).filter((c) => c !== 'dark');
const schemes: Scheme[] = ['light', 'dark'];

describe('theme contrast (WCAG AA, docs/accessibility.md)', () => {
  it('keeps the brand green as the primary colour, in its darker shade 8 in both schemes', () => {
    expect(theme.primaryColor).toBe('brand');
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
  });

  it.each(schemes)('puts white text on every filled colour at 4.5:1 or more (%s)', (scheme) => {
    for (const color of colors) {
      const filled = resolve(scheme, `--mantine-color-${color}-filled`);
      expect(contrast(filled, theme.white), color).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(schemes)(
    'makes light and subtle variants and coloured text readable at 4.5:1 (%s)',
    (scheme) => {
      for (const color of colors) {
        for (const surface of [BODY[scheme], SURFACES[scheme]]) {
          const text = resolve(scheme, `--mantine-color-${color}-light-color`);
          const tint = resolve(scheme, `--mantine-color-${color}-light`, surface);
          expect(contrast(text, tint), `${color} light`).toBeGreaterThanOrEqual(AA_TEXT);
          expect(contrast(text, surface), `${color} subtle`).toBeGreaterThanOrEqual(AA_TEXT);
          const plain = resolve(scheme, `--mantine-color-${color}-text`);
          expect(contrast(plain, surface), `${color} text`).toBeGreaterThanOrEqual(AA_TEXT);
        }
      }
    },
  );

  it.each(schemes)('makes links, errors and dimmed text readable at 4.5:1 (%s)', (scheme) => {
    for (const name of ['anchor', 'error', 'dimmed', 'text']) {
      const value = resolve(scheme, `--mantine-color-${name}`);
      for (const surface of [BODY[scheme], SURFACES[scheme]]) {
        expect(contrast(value, surface), name).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
    expect(resolve(scheme, '--mantine-color-dimmed')).toBe(DIMMED[scheme]);
  });

  it('draws the focus ring at 3:1 against the page in both schemes (WCAG 1.4.11)', () => {
    const ring = {
      light: resolve('light', '--mantine-primary-color-filled'),
      dark: brand[DARK_FOCUS_RING],
    };
    for (const scheme of schemes) {
      for (const surface of [BODY[scheme], SURFACES[scheme]]) {
        expect(contrast(ring[scheme], surface), scheme).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
