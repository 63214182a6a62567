import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaintOutline, firstPaintScript } from './build/first-paint-outline.ts';
import { ENGLISH_PARTS, englishPart, type EnglishPart } from './src/locales/english-parts.ts';

// The dev server proxies the API and the runtime config to the Node server (npm run dev).
const serverOrigin = `http://localhost:${process.env.PORT ?? 3000}`;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: the server sends them as they are (@fastify/static `preCompressed`), so each file is
 * compressed once per build, never per request. A copy no smaller than its file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'household:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the service worker is written (vite-plugin-pwa), so that it is compressed too.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = (await fs.readdir(outDir, { recursive: true }))
          .filter((file) => COMPRESSIBLE.test(file))
          .map((file) => path.join(outDir, file));
        await Promise.all(
          files.map(async (file) => {
            const content = await fs.readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

const ENGLISH_TEXTS = 'virtual:english-texts/';
const ENGLISH_FILE = path.resolve(import.meta.dirname, 'src/locales/en.json');

/**
 * `virtual:english-texts/sign-in`, `…/lists` and `…/pages`: the three parts of
 * `src/locales/en.json` (src/locales/english-parts.ts), each a module of its own so that a page
 * carries only the parts it draws with. The file stays one for translators and for the type of
 * the keys.
 */
function englishTexts(): Plugin {
  return {
    name: 'household:english-texts',
    resolveId: (id) => (id.startsWith(ENGLISH_TEXTS) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${ENGLISH_TEXTS}`)) return undefined;
      const part = id.slice(ENGLISH_TEXTS.length + 1) as EnglishPart;
      if (!ENGLISH_PARTS.includes(part)) this.error(`No English part "${part}"`);
      this.addWatchFile(ENGLISH_FILE);
      const texts = JSON.parse(await fs.readFile(ENGLISH_FILE, 'utf8')) as Record<string, unknown>;
      // A JSON string parses faster than the same object written as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(englishPart(texts, part)))});`;
    },
  };
}

const THEME_COLOUR = '#12b886';
/** src/lib/i18n.ts APP_NAME */
const APP_NAME = 'Household';

/** `ui~ListsPage~GroupsPage.css` → `ui`; any other name without its extension. */
const groupName = (name: string) => name.split('~')[0]!.replace(/\.\w+$/, '');

/** Chunks the service worker keeps only once they are used (see `pwa()`); their CSS is small and stays precached. */
const LAZY_CHUNKS = ['**/sentry-*.js', '**/SpendingCharts-*.js', '**/ChoreCalendar-*.js'];

/** docs/offline.md: an installable app whose shell and last-seen lists open without a network. */
function pwa() {
  return VitePWA({
    // A new version waits until the person chooses to reload (app/UpdatePrompt.tsx).
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: APP_NAME,
      short_name: APP_NAME,
      description: 'Shopping lists, chores and shared expenses for the people you live with.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Every page's chunk, lazily loaded ones included, so any page opens offline; not the
      // .br/.gz copies (the browser gets those through content negotiation) nor the source maps.
      globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,webmanifest}'],
      // Nor the three largest chunks, 40 % of the app, which a first visit would otherwise
      // download at once: error reporting (loaded only when a DSN is configured), the spending
      // charts and the chore calendar. They are kept once used, by the `lazy-chunks` rule below.
      globIgnores: LAZY_CHUNKS,
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      inlineWorkboxRuntime: true,
      sourcemap: false,
      cleanupOutdatedCaches: true,
      navigateFallback: 'index.html',
      // The API and the runtime config are never pages.
      navigateFallbackDenylist: [/^\/api\//, /^\/config\.json$/],
      runtimeCaching: [
        {
          // A chunk left out of the precache (LAZY_CHUNKS, named again here: Workbox copies this
          // function alone into the worker), kept the first time it is used: its name holds a
          // hash of its content, so a kept copy is never stale.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            /^\/assets\/(sentry|SpendingCharts|ChoreCalendar)-[\w-]+\.js$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'lazy-chunks',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 12 },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'runtime-config',
            networkTimeoutSeconds: 3,
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // The API reads the lists pages and the app shell need to draw offline: the person, their
          // groups, the lists, one list with its items, and what a list page shows beside them.
          // Matched by path on any origin, for an API on its own host. Workbox copies this
          // function's source into the service worker: it must not use anything from this file.
          urlPattern: ({ url }) =>
            /^\/api\/v1\/(users\/(me|settings|preferences)|groups|groups\/\d+\/lists|lists|lists\/archived|lists\/statuses|lists\/\d+(\/items|\/expenses)?|categories|costs\/lists\/\d+\/cost-summary)$/.test(
              url.pathname,
            ),
          handler: 'NetworkFirst',
          method: 'GET',
          options: {
            cacheName: 'api-reads',
            networkTimeoutSeconds: 3,
            // Only answers: never a 401 or an error in place of the data.
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60 },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [
    react(),
    englishTexts(),
    firstPaintOutline(APP_NAME),
    firstPaintScript(),
    precompress(),
    pwa(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': serverOrigin,
      '/config.json': serverOrigin,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // An entries-aware group's chunks (and their CSS) are named after every page that shares
        // them; the file keeps the group's name only.
        chunkFileNames: (chunk) => `assets/${groupName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) => `assets/${groupName(asset.names[0] ?? 'asset')}-[hash][extname]`,
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Sentry has a chunk of its own, loaded only when a DSN is configured (lib/sentry.ts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'framework',
              test: /node_modules[\\/](react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            // The icons apart from Mantine, grouped as Mantine's below: supermarket mode draws
            // icons but no Mantine, and an icon merged into a Mantine part brought that part with
            // it. Each page draws a few, in one or two files (bench/README.md, "Supermarket mode
            // without Mantine").
            {
              name: 'icons',
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
              test: /node_modules[\\/]@tabler[\\/]/,
            },
            // Mantine and what it draws with, in a few chunks by the pages that use them rather
            // than one per component (about 40 of 1-2 kB on the list page): on a phone over
            // HTTP/1.1 each file costs a round trip, and the list page's LCP fell by 0.9 s
            // (bench/README.md, "Fewer, larger chunks"). Groups smaller than the threshold join
            // their nearest neighbour, so a page loads parts it does not draw. 11 kB since the
            // list rows left Mantine: at 15 kB supermarket mode loaded 13 kB more, sign-up 10 kB
            // more at 12 kB (bench/README.md, "The list rows without Mantine").
            {
              name: 'ui',
              entriesAware: true,
              entriesAwareMergeThreshold: 11_000,
              // Scripts only: Mantine's style sheets are the app's, which every page loads
              // (app/mantine-styles.ts); in a script chunk they made the entry import that chunk,
              // and with it Mantine, on the pages drawn without it.
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx|tslib|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|aria-hidden)[\\/](?!.*\.css$)/,
            },
            // Named, so that the service worker can leave it out of its precache (LAZY_CHUNKS).
            // Last: a group also takes what its modules import, and react must stay in its own.
            { name: 'sentry', test: /node_modules[\\/]@sentry[\\/]/ },
          ],
        },
      },
    },
  },
});
