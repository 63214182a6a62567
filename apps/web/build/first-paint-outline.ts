import fs from 'node:fs';
import path from 'node:path';
import { minify, type Plugin } from 'vite';

/**
 * The outline of a list's page, written into index.html by the build (issue 25: the first paint
 * may come from HTML the build writes). A phone shows it as soon as the HTML and the style sheet
 * are in, seconds before the app's code has run: the header, the list's heading and buttons as
 * grey blocks, the quick-add field with its hint, the rows to come. public/first-paint.js shows it
 * on a list's path for a person signed in on this device; the app hides it in the frame it draws
 * the list in (lib/first-paint.ts). Its look is app/first-paint.css, the page's own measures.
 *
 * Every text is written in the five languages, each in a span with its `lang`; the style sheet
 * shows those of the page's language, which first-paint.js has set from the one chosen on this
 * device. The outline is decorative (hidden from screen readers, inert); a status beside it says
 * "Loading…" as the app's loader does.
 */

export const OUTLINE_MARKER = '<!-- first-paint-outline -->';

const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'src', 'locales');

/** The texts the outline shows, by their keys in the locale files. */
const OUTLINE_TEXTS = {
  label: 'lists.quickAdd.label',
  placeholder: 'lists.quickAdd.placeholder',
  hint: 'lists.quickAdd.hint',
  submit: 'lists.quickAdd.submit',
  photo: 'lists.photoImport.button',
  loading: 'app.loading',
} as const;

type OutlineText = keyof typeof OUTLINE_TEXTS;
/** By locale, in the order of the locale files (the config cannot load the contracts' TypeScript). */
export type OutlineTexts = Record<string, Record<OutlineText, string>>;

/** The page's icons on its two buttons (Tabler's plus and camera, as @tabler/icons-react draws them). */
const icon = (paths: string) =>
  `<svg class="fp-icon" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;
const PLUS = icon('<path d="M12 5l0 14"/><path d="M5 12l14 0"/>');
const CAMERA = icon(
  '<path d="M5 7h1a2 2 0 0 0 2 -2a1 1 0 0 1 1 -1h6a1 1 0 0 1 1 1a2 2 0 0 0 2 2h1a2 2 0 0 1 2 2v9a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-9a2 2 0 0 1 2 -2"/><path d="M9 13a3 3 0 1 0 6 0a3 3 0 0 0 -6 0"/>',
);

/** Rows drawn under the field: more than a phone's screen holds. */
const ROWS = 8;

function lookUp(texts: unknown, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null ? (node as never)[part] : undefined,
      texts,
    );
  if (typeof value !== 'string') throw new Error(`first-paint outline: no text "${key}"`);
  return value;
}

const localeFiles = (localesDir: string) =>
  fs
    .readdirSync(localesDir)
    .filter((file) => /^[a-z]{2}\.json$/.test(file))
    .sort();

export function readOutlineTexts(localesDir = LOCALES_DIR): OutlineTexts {
  return Object.fromEntries(
    localeFiles(localesDir).map((file) => {
      const locale = file.slice(0, -'.json'.length);
      const texts: unknown = JSON.parse(fs.readFileSync(path.join(localesDir, file), 'utf8'));
      const entries = Object.entries(OUTLINE_TEXTS).map(([name, key]) => [
        name,
        lookUp(texts, key),
      ]);
      return [locale, Object.fromEntries(entries)];
    }),
  ) as OutlineTexts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One text in every language, the page's own shown (app/first-paint.css). */
function inEveryLanguage(texts: OutlineTexts, name: OutlineText): string {
  return Object.entries(texts)
    .map(([locale, text]) => `<span lang="${locale}">${escapeHtml(text[name])}</span>`)
    .join('');
}

export function outlineHtml(texts: OutlineTexts, appName: string): string {
  const text = (name: OutlineText) => inEveryLanguage(texts, name);
  const row = `<div class="fp-row"><span class="fp-block fp-check"></span><span class="fp-row-text"><span class="fp-block fp-name"></span><span class="fp-block fp-by"></span></span><span class="fp-block fp-price"></span></div>`;
  return [
    `<div class="fp" aria-hidden="true" inert>`,
    `<div class="fp-header"><span class="fp-burger"></span><span class="fp-app-name">${escapeHtml(appName)}</span></div>`,
    `<div class="fp-navbar"></div>`,
    `<div class="fp-main">`,
    `<div class="fp-heading">`,
    `<div class="fp-title-row"><span class="fp-block fp-title"></span><span class="fp-block fp-badges"></span></div>`,
    `<div class="fp-buttons"><span class="fp-block fp-button fp-shop"></span><span class="fp-block fp-button fp-costs"></span><span class="fp-block fp-button fp-actions"></span></div>`,
    `</div>`,
    `<div class="fp-entry">`,
    `<div class="fp-quick-add"><div class="fp-field"><div class="fp-label">${text('label')}</div><div class="fp-input">${text('placeholder')}</div><div class="fp-hint">${text('hint')}</div></div><div class="fp-submit">${PLUS}${text('submit')}</div></div>`,
    `<div><span class="fp-photo">${CAMERA}${text('photo')}</span></div>`,
    `</div>`,
    `<div class="fp-summary"><span class="fp-block fp-switch"></span><span class="fp-block fp-total"></span></div>`,
    `<div class="fp-rows">${row.repeat(ROWS)}</div>`,
    `</div>`,
    `</div>`,
    `<p class="fp-status" role="status">${text('loading')}</p>`,
  ].join('');
}

/** Writes the outline where index.html marks it, with the locale files' texts of this build. */
export function firstPaintOutline(appName: string): Plugin {
  return {
    name: 'household:first-paint-outline',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!html.includes(OUTLINE_MARKER))
          throw new Error('index.html: no first-paint outline marker');
        context.server?.watcher.add(LOCALES_DIR);
        return html.replace(OUTLINE_MARKER, outlineHtml(readOutlineTexts(), appName));
      },
    },
  };
}

/**
 * public/first-paint.js as the build writes it: minified. Every page waits for it in <head>, and
 * its comments are most of it (1.6 kB gzipped as written, 0.6 kB minified). The dev server serves
 * it as written.
 */
export async function builtFirstPaintScript(source: string): Promise<string> {
  const { code, errors } = await minify('first-paint.js', source);
  if (errors.length > 0) throw new Error(`first-paint.js: ${errors[0]!.message}`);
  return code;
}

/** Writes public/first-paint.js minified over the copy the build made of it. */
export function firstPaintScript(): Plugin {
  let script = '';
  return {
    name: 'household:first-paint-script',
    apply: 'build',
    configResolved(config) {
      script = path.resolve(config.root, config.build.outDir, 'first-paint.js');
    },
    // Before the service worker's precache list is made (vite-plugin-pwa) and the files are
    // compressed (precompress), which read it.
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const source = await fs.promises.readFile(script, 'utf8');
        await fs.promises.writeFile(script, await builtFirstPaintScript(source));
      },
    },
  };
}
