import {
  alpha,
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { darken, over, readable } from './contrast';
import { THEME_STORAGE_KEY } from '../../lib/color-scheme';

/**
 * The brand green (the teal #12b886 of earlier versions, same hue) in ten shades, darkened so
 * that text and buttons in it meet WCAG AA: shade 8 carries white text (5.3:1), shade 9 is the
 * text and link colour on light backgrounds (7.2:1), shade 3 on dark ones (8.4:1) and shade 4
 * the dark scheme's focus ring. docs/accessibility.md lists the measured ratios; theme.test.ts
 * recomputes them.
 */
export const brand: MantineColorsTuple = [
  '#e7f8f1',
  '#c8eedf',
  '#9de0c6',
  '#6dd1aa',
  '#45c392',
  '#2aae7c',
  '#189a69',
  '#0f8a5c',
  '#0b7a55',
  '#086445',
];

/** The surfaces text sits on: the lighter grey of stripes and hovers, the dark scheme's cards. */
export const SURFACES = { light: '#f8f9fa', dark: '#2e2e2e' } as const;

/** focus-ring.css: the ring's shade in the dark scheme, where the filled shade is too dark. */
export const DARK_FOCUS_RING = 4;

/** Secondary ("dimmed") text: 5.8:1 on white, 4.9:1 on gray-2; 5.7:1 on the dark body. */
export const DIMMED = { light: '#5f666d', dark: '#9c9c9c' } as const;

/**
 * Mantine's colour variables, re-chosen for contrast (its defaults put text in shade 6, about
 * 3:1 on white). For every colour, whatever the code or a category picks:
 * - filled (buttons, badges): the first of shades 8, 9 that carries white text at 4.5:1, else
 *   shade 9 darkened until it does (yellow, lime, orange, green);
 * - light and subtle variants, outline, `c="<colour>"` text in the light scheme: the first of
 *   shades 8, 9 readable at 4.5:1 on the light variant's tint over the light surface, else darker;
 * - the same in the dark scheme: the first of shades 3, 2, 1, 0 readable on its tint over the
 *   dark surface.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  // Placeholders in the dimmed shade too: a file input's placeholder is text on the page.
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED.light,
    '--mantine-color-placeholder': DIMMED.light,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-text)',
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED.dark,
    '--mantine-color-placeholder': DIMMED.dark,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-text)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || !shades) continue;
    const filled = readable([shades[8], shades[9]], theme.white);
    const lightText = readable([shades[8], shades[9]], over(shades[8], 0.1, SURFACES.light));
    const darkText = readable(
      [shades[3], shades[2], shades[1], shades[0]],
      over(shades[6], 0.15, SURFACES.dark),
    );
    for (const [scheme, text] of [
      [light, lightText],
      [dark, darkText],
    ] as const) {
      scheme[`--mantine-color-${name}-filled`] = filled;
      scheme[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      scheme[`--mantine-color-${name}-text`] = text;
      scheme[`--mantine-color-${name}-light-color`] = text;
      scheme[`--mantine-color-${name}-outline`] = text;
    }
    light[`--mantine-color-${name}-light`] = alpha(shades[8], 0.1);
    light[`--mantine-color-${name}-light-hover`] = alpha(shades[8], 0.12);
    dark[`--mantine-color-${name}-light`] = alpha(shades[6], 0.15);
    dark[`--mantine-color-${name}-light-hover`] = alpha(shades[6], 0.2);
  }
  return { variables: {}, light, dark };
};

/** Texts the theme puts into components, in the language shown. */
export interface ThemeLabels {
  showPassword: string;
  close: string;
}

export const createAppTheme = (labels: ThemeLabels) =>
  createTheme({
    colors: { brand },
    primaryColor: 'brand',
    // Shade 8 of every colour carries white text at AA (brand 5.3:1, red 4.5:1, blue 5.0:1).
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    // A visible ring whenever focus comes from the keyboard; none after a mouse click, where the
    // pointer already shows what is active (`:focus-visible`, the browser's own judgement).
    focusRing: 'auto',
    components: {
      // A link inside a sentence must not rely on colour alone (WCAG 1.4.1): links are underlined.
      Anchor: { defaultProps: { underline: 'always' } },
      // The menu's hidden focus placeholder is a child role="menu" may not have (axe
      // aria-required-children); without it the menu focuses its first item, as menus should.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // Mantine's dialog close button (an X) has no name of its own.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      PasswordInput: {
        defaultProps: {
          // Mantine leaves the show/hide toggle out of the tab order and unnamed; it is a control
          // like any other, so it gets focus and a name; aria-pressed tells whether it is shown.
          visibilityToggleButtonProps: {
            tabIndex: 0,
            'aria-label': labels.showPassword,
            // Mantine toggles on mouse-down and Space only; Enter works on every other button.
            onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              event.currentTarget.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
            },
          },
        },
      },
    },
  });

/** The chosen theme (light, dark or auto), kept where lib/color-scheme.ts keeps it. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });
