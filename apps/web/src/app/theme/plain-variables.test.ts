import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { createAppTheme, cssVariablesResolver } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme({ showPassword: '', close: '' }));
const base = defaultCssVariablesResolver(theme);
const ours = cssVariablesResolver(theme);
/** What MantineProvider writes for the app's theme, per block of plain-variables.css. */
const provider: Record<':root' | 'light' | 'dark', Record<string, string>> = {
  ':root': { ...base.variables, ...ours.variables },
  light: { ...base.light, ...ours.light },
  dark: { ...base.dark, ...ours.dark },
};

const css = fs.readFileSync(path.join(import.meta.dirname, 'plain-variables.css'), 'utf8');

/** The declarations of one block of the style sheet. */
function block(selector: string): Record<string, string> {
  const body = css.split(`${selector} {`)[1]?.split('}')[0];
  if (body === undefined) throw new Error(`no block ${selector}`);
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]),
  );
}

describe('the theme variables of the pages drawn before Mantine (plain-variables.css)', () => {
  it.each([
    [':root', ':root'],
    ['light', ":root[data-mantine-color-scheme='light']"],
    ['dark', ":root[data-mantine-color-scheme='dark']"],
  ] as const)('the %s block has the values MantineProvider writes', (scheme, selector) => {
    const declared = block(selector);
    expect(Object.keys(declared).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(declared)) {
      // A brand shade is a variable of the whole theme, written in the :root block.
      const written = provider[scheme][name] ?? provider[':root'][name] ?? provider.light[name];
      expect(written, name).toBeDefined();
      expect(value.replace(/\s+/g, ' '), name).toBe(written);
    }
  });
});
