import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LOCALES } from '@household/contracts/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  builtFirstPaintScript,
  firstPaintOutline,
  OUTLINE_MARKER,
  outlineHtml,
  readOutlineTexts,
} from '../../build/first-paint-outline';
import { THEME_STORAGE_KEY } from '../lib/color-scheme';
import { LIST_SNAPSHOT_KEY, LIST_SNAPSHOT_ROWS, type ListSnapshot } from '../lib/list-snapshot';
import { LOCALE_STORAGE_KEY } from '../lib/i18n';
import { paths } from '../lib/paths';
import { ACCESS_TOKEN_KEY } from '../lib/token-store';

const WEB_ROOT = path.resolve(import.meta.dirname, '..', '..');
const indexHtml = fs.readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8');
const writtenScript = fs.readFileSync(path.join(WEB_ROOT, 'public', 'first-paint.js'), 'utf8');
/** What browsers run: the build writes the script minified. */
const firstPaintScript = await builtFirstPaintScript(writtenScript);
const outlineCss = fs.readFileSync(path.join(import.meta.dirname, 'first-paint.css'), 'utf8');
const root = document.documentElement;

/** first-paint.js as built and run by the browser, at `pathname`, with the system in a theme. */
function runFirstPaintScript({
  system = 'light',
  pathname = '/',
}: { system?: 'light' | 'dark'; pathname?: string } = {}) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: system === 'dark' && query.includes('dark') }) as MediaQueryList,
  );
  window.history.replaceState(null, '', pathname);
  new Function(firstPaintScript)();
  return {
    scheme: root.getAttribute('data-mantine-color-scheme'),
    lang: root.lang,
    outline: root.getAttribute('data-first-paint'),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
  root.removeAttribute('data-mantine-color-scheme');
  root.removeAttribute('data-first-paint');
  root.lang = 'en';
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('public/first-paint.js as the build writes it', () => {
  it('is minified: every page waits for it in <head>', () => {
    const gzipped = (code: string) => zlib.gzipSync(code).length;
    expect(firstPaintScript).not.toContain('// ');
    expect(gzipped(firstPaintScript)).toBeLessThan(gzipped(writtenScript) / 2);
  });
});

describe('the theme of the first paint (public/first-paint.js)', () => {
  it('runs from the head of index.html, before the body is drawn', () => {
    expect(indexHtml).toMatch(
      /<head>[\s\S]*<script src="\/first-paint.js"><\/script>[\s\S]*<\/head>/,
    );
  });

  it('reads the keys the theme, the language, the session and the last list are saved under', () => {
    for (const key of [
      THEME_STORAGE_KEY,
      LOCALE_STORAGE_KEY,
      ACCESS_TOKEN_KEY,
      LIST_SNAPSHOT_KEY,
    ]) {
      expect(writtenScript).toContain(`read('${key}')`);
    }
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
    expect(runFirstPaintScript({ system }).scheme).toBe(shown);
  });

  it('falls back to the system theme, English and no outline when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(runFirstPaintScript({ system: 'dark', pathname: paths.list(3) })).toEqual({
      scheme: 'dark',
      lang: 'en',
      outline: null,
    });
  });
});

describe('the language of the first paint (public/first-paint.js)', () => {
  it.each(LOCALES)('a saved %s is the page language from the start', (locale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    expect(runFirstPaintScript().lang).toBe(locale);
  });

  it('keeps English for a saved value that is no locale', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(runFirstPaintScript().lang).toBe('en');
  });
});

describe("the outline of a list's page (public/first-paint.js)", () => {
  beforeEach(() => window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));

  it.each([paths.list(3), `${paths.list(3)}/`])(
    'shows on %s for a person signed in',
    (pathname) => {
      expect(runFirstPaintScript({ pathname }).outline).toBe('list');
    },
  );

  it.each([paths.lists, paths.listShop(3), '/lists/abc', paths.login, paths.home])(
    'not on %s',
    (pathname) => {
      expect(runFirstPaintScript({ pathname }).outline).toBeNull();
    },
  );

  it('not for a person signed out, whom the app sends to the login page', () => {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    expect(runFirstPaintScript({ pathname: paths.list(3) }).outline).toBeNull();
  });
});

describe('the list this device drew last, in the outline (public/first-paint.js)', () => {
  const snapshot = (items: ListSnapshot['items'], list = 3): ListSnapshot => ({
    list,
    name: 'Weekly shop',
    items,
  });
  const milkAndBread = [
    { name: 'Milk', done: false },
    { name: 'Bread', done: true },
  ];

  /**
   * Runs the script on list 3's page with the outline in the body, as far as the body's end, with
   * `saved` stored as the snapshot (a value is stored as JSON, a string as it is).
   */
  function openList(saved: unknown) {
    document.body.innerHTML = outlineHtml(readOutlineTexts(), 'Household');
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    if (saved !== undefined) {
      const stored = typeof saved === 'string' ? saved : JSON.stringify(saved);
      window.localStorage.setItem(LIST_SNAPSHOT_KEY, stored);
    }
    runFirstPaintScript({ pathname: paths.list(3) });
    // The body's HTML has been read ('interactive').
    document.dispatchEvent(new Event('readystatechange'));
    const rows = [...document.querySelectorAll('.fp-row')];
    return {
      title: document.querySelector('.fp-title')!,
      rows,
      names: rows.map((row) => row.querySelector('.fp-name.fp-filled')?.textContent ?? null),
    };
  }

  it("shows the list's name and its rows' names as they were drawn, no more rows", () => {
    const { title, rows, names } = openList(snapshot(milkAndBread));
    expect(title.textContent).toBe('Weekly shop');
    expect(title).toHaveClass('fp-filled');
    expect(names).toEqual(['Milk', 'Bread']);
    expect(rows.map((row) => row.classList.contains('fp-done'))).toEqual([false, true]);
    // Marked for the browser's Element Timing, which bench/warm-reopen.ts reads.
    expect(title).toHaveAttribute('elementtiming', 'first-paint-list');
  });

  it('fills every row the outline draws from as many items as the page saves', () => {
    const items = Array.from({ length: LIST_SNAPSHOT_ROWS }, (_, index) => ({
      name: `Item ${index + 1}`,
      done: false,
    }));
    expect(openList(snapshot(items)).names).toEqual(items.map((item) => item.name));
  });

  it('shows no row for a list that had no items', () => {
    expect(openList(snapshot([])).rows).toHaveLength(0);
  });

  it('writes the names as text, not as markup', () => {
    const { names } = openList(snapshot([{ name: '<img src=x onerror="alert(1)">', done: false }]));
    expect(names).toEqual(['<img src=x onerror="alert(1)">']);
    expect(document.querySelector('.fp img')).toBeNull();
  });

  it.each([
    ['another list', snapshot(milkAndBread, 4)],
    ['nothing saved', undefined],
    ['a snapshot without items', { list: 3, name: 'Weekly shop' }],
    ['a value that is not JSON', '{'],
  ])('keeps the grey outline for %s', (_, saved) => {
    const { title, rows, names } = openList(saved);
    expect(title).not.toHaveClass('fp-filled');
    expect(rows.length).toBeGreaterThan(0);
    expect(names.every((name) => name === null)).toBe(true);
  });
});

describe("the outline of a list's page (build/first-paint-outline.ts)", () => {
  const texts = readOutlineTexts();

  it("is written where index.html marks it, with every locale file's texts", () => {
    expect(indexHtml).toContain(OUTLINE_MARKER);
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
    const plugin = firstPaintOutline('Household');
    const transform = plugin.transformIndexHtml as {
      handler: (html: string, context: object) => string;
    };
    const html = transform.handler(indexHtml, {});
    expect(html).not.toContain(OUTLINE_MARKER);
    expect(html).toContain('<div class="fp" aria-hidden="true" inert>');
    expect(html).toMatch(/<div class="fp"[\s\S]*<div id="root">/);
    expect(html).toContain('<span lang="en">Add item</span>');
    expect(html).toContain('<span lang="de">Artikel hinzufügen</span>');
    expect(html).toContain('<span lang="fr">Chargement…</span>');
  });

  it('writes the texts as text, not as markup', () => {
    const html = outlineHtml(
      { en: { ...texts.en!, hint: '<b>"2 x Milk" & more</b>' } },
      'Household',
    );
    expect(html).toContain('&#60;b&#62;&#34;2 x Milk&#34; &#38; more&#60;/b&#62;');
    expect(html).not.toContain('<b>');
  });

  it("shows each locale's texts in its own language only (app/first-paint.css)", () => {
    for (const locale of LOCALES) {
      expect(outlineCss).toContain(
        `:root[lang='${locale}'] :is(.fp, .fp-status) [lang='${locale}']`,
      );
    }
  });
});
