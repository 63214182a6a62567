import fs from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '../lib/paths';

/**
 * What the login page must draw with, followed through static imports from the entry and the
 * login route's own modules (dynamic `import()` is where code may load later). Issue 9 gives this
 * page 150 kB of gzipped JavaScript: zod and react-hook-form (~40 kB) load on the first submit,
 * and constants come from the contracts' zod-free `limits` module, never from the barrel, which
 * pulls in every schema. `npm run bench:pages` measures the bytes; this keeps the rule.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const LOGIN_PAGE_ROOTS = [
  'main.tsx',
  'app/layouts/AuthLayout.tsx',
  'features/auth/pages/LoginPage.tsx',
];
const NOT_ON_THE_LOGIN_PAGE = [
  // Drawn without Mantine (components/plain/): Mantine is 85 kB of the page's 150 kB.
  '@mantine/core',
  '@mantine/hooks',
  '@tabler/icons-react',
  '@mantine/notifications',
  'zod',
  'react-hook-form',
  '@hookform/resolvers/zod',
  '@household/contracts',
];

const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Module specifiers a file imports for their values (type-only imports vanish from the build). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const [, typeOnly, clause = '', from, bare] = match;
    if (bare) {
      found.push(bare);
      continue;
    }
    if (typeOnly) continue;
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim());
    if (names.filter(Boolean).every((name) => name.startsWith('type '))) continue;
    found.push(from!);
  }
  return found;
}

function resolveLocal(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** Every package the roots reach, with the chain of files that reaches it. */
function packagesReached(roots: string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = roots.map((root) => [path.join(SRC, root)]);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain.at(-1)!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of valueImports(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        if (!reached.has(specifier))
          reached.set(
            specifier,
            chain.map((f) => path.relative(SRC, f)),
          );
        continue;
      }
      const next = resolveLocal(file, specifier);
      if (next && /\.tsx?$/.test(next)) queue.push([...chain, next]);
    }
  }
  return reached;
}

describe('the login page first load (issue 9)', () => {
  it('reaches none of the packages that load on demand', () => {
    const reached = packagesReached(LOGIN_PAGE_ROOTS);
    const offenders = NOT_ON_THE_LOGIN_PAGE.filter((name) => reached.has(name)).map(
      (name) => `${name} via ${reached.get(name)!.join(' → ')}`,
    );
    expect(offenders).toEqual([]);
  });

  it('follows imports far enough to see the libraries it does use', () => {
    const reached = packagesReached(LOGIN_PAGE_ROOTS);
    for (const name of ['react', 'react-router', 'react-i18next', '@household/contracts/limits']) {
      expect(reached.has(name), name).toBe(true);
    }
  });
});

/** The list page, the one opened every day on a phone in a shop (issue 25: at most 250 kB). */
const LIST_PAGE_ROOTS = ['main.tsx', 'app/layouts/MainLayout.tsx', 'app/pages/ListDetailPage.tsx'];
/** Drag and drop loads on the first drag (features/lists/components/SortableItems.tsx). */
const NOT_ON_THE_LIST_PAGE = ['@dnd-kit/core', '@dnd-kit/sortable', '@dnd-kit/utilities'];

describe('the list page first load (issue 25)', () => {
  it('draws its rows without drag and drop', () => {
    const reached = packagesReached(LIST_PAGE_ROOTS);
    const offenders = NOT_ON_THE_LIST_PAGE.filter((name) => reached.has(name)).map(
      (name) => `${name} via ${reached.get(name)!.join(' → ')}`,
    );
    expect(offenders).toEqual([]);
    expect(reached.has('@tanstack/react-virtual')).toBe(true);
  });
});

/**
 * The rows of a list and of supermarket mode, the costliest things those pages draw, are plain
 * elements (features/lists/components/rows.module.css): Mantine's components in them took about a
 * tenth of the list page's CPU time at load.
 */
const ROW_ROOTS = [
  'features/lists/components/ItemEntryRow.tsx',
  'features/lists/components/ShopItems.tsx',
];

describe('the rows of the list pages (issue 25)', () => {
  it('are drawn without Mantine', () => {
    const reached = packagesReached(ROW_ROOTS);
    const offenders = ['@mantine/core', '@mantine/hooks']
      .filter((name) => reached.has(name))
      .map((name) => `${name} via ${reached.get(name)!.join(' → ')}`);
    expect(offenders).toEqual([]);
    expect(reached.has('@tanstack/react-virtual')).toBe(true);
  });
});

/**
 * Supermarket mode, the page a phone has open in the shop, is drawn without Mantine, outside the
 * layout route that brings it (app/router.tsx): Mantine was 65 kB of its 294 kB.
 */
const SHOP_PAGE_ROOTS = ['main.tsx', 'features/lists/pages/ShopPage.tsx'];

describe('supermarket mode first load (issue 25)', () => {
  it('reaches no Mantine', () => {
    const reached = packagesReached(SHOP_PAGE_ROOTS);
    const offenders = ['@mantine/core', '@mantine/hooks', '@mantine/notifications']
      .filter((name) => reached.has(name))
      .map((name) => `${name} via ${reached.get(name)!.join(' → ')}`);
    expect(offenders).toEqual([]);
    expect(reached.has('@tanstack/react-virtual')).toBe(true);
  });

  it('is not a child of the layout route that loads Mantine', async () => {
    const { underMantine, all } = await routePaths();
    expect(underMantine).not.toContain(routePatterns.listShop);
    expect(all).toContain(routePatterns.listShop);
  });
});

/** Every route's path, and those of the routes below a layout route that loads Mantine. */
async function routePaths() {
  const { routes } = await import('./router');
  const paths = (route: RouteObject): string[] => [
    ...(route.path ? [route.path] : []),
    ...(route.children ?? []).flatMap(paths),
  ];
  // A layout route loaded on demand without a path of its own: MantineLayout.
  const mantineLayouts = (route: RouteObject): RouteObject[] =>
    route.lazy !== undefined && route.path === undefined && !route.index
      ? [route]
      : (route.children ?? []).flatMap(mantineLayouts);
  return {
    underMantine: routes.flatMap(mantineLayouts).flatMap(paths),
    all: routes.flatMap(paths),
  };
}

/**
 * The list page and the main layout around it are drawn without Mantine (issue 25): Mantine's
 * chunks were about 90 kB of the page's 339 kB. Its dialogs, its menu, the bell's centre and the
 * expenses section bring Mantine when they are opened or come near (components/MantineIsland.tsx).
 */
describe('the list page without Mantine (issue 25)', () => {
  it('reaches no Mantine from the entry, the layout and the page', () => {
    const reached = packagesReached(LIST_PAGE_ROOTS);
    const offenders = ['@mantine/core', '@mantine/hooks', '@mantine/notifications']
      .filter((name) => reached.has(name))
      .map((name) => `${name} via ${reached.get(name)!.join(' → ')}`);
    expect(offenders).toEqual([]);
    expect(reached.has('@tanstack/react-query')).toBe(true);
  });

  it('is a child of the main layout, not of the layout route that loads Mantine', async () => {
    const { underMantine, all } = await routePaths();
    expect(underMantine).not.toContain(routePatterns.list);
    expect(all).toContain(routePatterns.list);
    // The other signed-in pages still have Mantine around them.
    expect(underMantine).toEqual(
      expect.arrayContaining([routePatterns.lists, routePatterns.account]),
    );
  });
});

describe('the rules a page bundles', () => {
  it('are only those it calls: the domain package declares it has no side effects', () => {
    // Without the flag the bundler keeps every module of the domain's index that runs code at load
    // (a regular expression, a table), and the list page carried the receipt and chore rules with
    // date-fns: 11 kB gzipped and their evaluation (docs/decisions.md "First load").
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(SRC, '../../../packages/domain/package.json'), 'utf8'),
    ) as { sideEffects?: unknown };
    expect(manifest.sideEffects).toBe(false);
  });
});
