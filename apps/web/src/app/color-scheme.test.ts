import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../lib/color-scheme';

const WEB_ROOT = path.resolve(import.meta.dirname, '..', '..');
const indexHtml = fs.readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8');
const colorSchemeScript = fs.readFileSync(path.join(WEB_ROOT, 'public', 'color-scheme.js'), 'utf8');

/** public/color-scheme.js as the browser runs it, with the system in the given theme. */
function runColorSchemeScript(system: 'light' | 'dark') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: system === 'dark' && query.includes('dark') }) as MediaQueryList,
  );
  new Function(colorSchemeScript)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

describe('the theme of the first paint (public/color-scheme.js)', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    vi.restoreAllMocks();
  });

  it('runs from the head of index.html, before the body is drawn', () => {
    expect(indexHtml).toMatch(
      /<head>[\s\S]*<script src="\/color-scheme.js"><\/script>[\s\S]*<\/head>/,
    );
  });

  it('reads the key the theme is saved under', () => {
    expect(colorSchemeScript).toContain(`getItem('${THEME_STORAGE_KEY}')`);
  });

  it.each([
    ['light', 'dark', 'light'],
    ['dark', 'light', 'dark'],
    ['auto', 'dark', 'dark'],
    ['auto', 'light', 'light'],
    [null, 'dark', 'dark'],
    ['garbage', 'light', 'light'],
  ] as const)('a saved %s theme with the system %s starts the page %s', (saved, system, shown) => {
    if (saved !== null) window.localStorage.setItem(THEME_STORAGE_KEY, saved);
    expect(runColorSchemeScript(system)).toBe(shown);
  });

  it('falls back to the system theme when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(runColorSchemeScript('dark')).toBe('dark');
  });
});
