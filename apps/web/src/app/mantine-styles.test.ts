import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app loads Mantine's per-component style sheets, not all of them: the base in the entry
 * (app/mantine-styles.ts), the components' with Mantine (app/layouts/mantine-component-styles.ts).
 * A component without its sheet renders unstyled, and only where it is used, so this finds what
 * each imported component needs: the CSS-module classes (`m_…`) of every module it is built from,
 * and the sheets that define them, in Mantine's own order.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** A Mantine package's folder, found through the one style sheet each of them exports. */
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/styles.css`));
const CORE = packageDir('@mantine/core');
/** Mantine packages whose components draw core components too. */
const OTHER_MANTINE = ['@mantine/notifications', '@mantine/charts'];

const NAMED_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@mantine\/core['"]/g;

function filesUnder(dir: string, test: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && test(file) ? [file] : [];
  });
}

/** Values imported from @mantine/core by the given files. */
function coreImports(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, typeOnly, clause] of fs.readFileSync(file, 'utf8').matchAll(NAMED_IMPORT)) {
      if (typeOnly) continue;
      for (const part of clause!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The CSS-module classes of every module an export of @mantine/core is built from. */
function classesOf(names: Set<string>): Set<string> {
  const index = fs.readFileSync(path.join(CORE, 'esm', 'index.mjs'), 'utf8');
  const seen = new Set<string>();
  const classes = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    if (file.endsWith('.module.css.mjs')) {
      for (const [name] of source.matchAll(/m_[0-9a-f]{8}/g)) classes.add(name);
    }
    for (const [, specifier] of source.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)) {
      walk(path.resolve(path.dirname(file), specifier!));
    }
  };
  for (const name of names) {
    const exported = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`).exec(index);
    if (exported) walk(path.resolve(CORE, 'esm', exported[1]!));
  }
  return classes;
}

/** Every per-component sheet, in the order Mantine's own styles.css has them. */
function sheetsInMantineOrder(): { name: string; classes: Set<string> }[] {
  const all = fs.readFileSync(path.join(CORE, 'styles.css'), 'utf8');
  return fs
    .readdirSync(path.join(CORE, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const css = fs.readFileSync(path.join(CORE, 'styles', file), 'utf8');
      const classes = new Set([...css.matchAll(/m_[0-9a-f]{8}/g)].map(([name]) => name));
      const first = [...classes][0];
      const at = first ? all.indexOf(first) : all.indexOf(css.trim().slice(0, 80));
      return { name: file.replace(/\.css$/, ''), classes, at };
    })
    .sort((a, b) => a.at - b.at);
}

const BASE_SHEETS = ['baseline', 'global', 'default-css-variables'];

/** The `@mantine/core` sheets a file imports, by name, and whether each is the layered one. */
function sheetsImportedBy(file: string): { name: string; layered: boolean }[] {
  const source = fs.readFileSync(path.join(SRC, 'app', file), 'utf8');
  return [...source.matchAll(/import '@mantine\/core\/styles\/([\w-]+?)(\.layer)?\.css';/g)].map(
    ([, name, layer]) => ({ name: name!, layered: layer !== undefined }),
  );
}

const entrySheets = () => sheetsImportedBy('mantine-styles.ts');
const componentSheets = () => sheetsImportedBy('layouts/mantine-component-styles.ts');
/** In the order a page drawing Mantine has them: the entry's, then those loaded with Mantine. */
const importedSheets = () => [...entrySheets(), ...componentSheets()].map(({ name }) => name);

describe("Mantine's style sheets (mantine-styles.ts, layouts/mantine-component-styles.ts)", () => {
  const appFiles = filesUnder(SRC, (file) => /\.tsx?$/.test(file) && !/\.test\./.test(file));
  const otherFiles = OTHER_MANTINE.flatMap((name) =>
    filesUnder(path.join(packageDir(name), 'esm'), (file) => file.endsWith('.mjs')),
  );
  const used = classesOf(coreImports([...appFiles, ...otherFiles]));
  const sheets = sheetsInMantineOrder();
  const needed = sheets
    .filter(
      ({ name, classes }) =>
        BASE_SHEETS.includes(name) || [...classes].some((name) => used.has(name)),
    )
    .map(({ name }) => name);

  it('has a sheet for every component the app draws, and the base', () => {
    expect(needed.length).toBeGreaterThan(20);
    expect(needed.filter((name) => !importedSheets().includes(name))).toEqual([]);
  });

  it('has no sheet nothing uses', () => {
    expect(importedSheets().filter((name) => !needed.includes(name))).toEqual([]);
  });

  it("keeps Mantine's order, the base first", () => {
    const order = sheets.map(({ name }) => name);
    const imported = importedSheets();
    expect(imported.slice(0, 3)).toEqual(BASE_SHEETS);
    expect(imported).toEqual([...imported].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });

  it('puts only the base in the style sheet every first paint waits for', () => {
    expect(entrySheets().map(({ name }) => name)).toEqual(BASE_SHEETS);
    expect(componentSheets().length).toBeGreaterThan(20);
    const importers = appFiles
      .filter((file) => /import '\.\/mantine-component-styles'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(importers).toEqual([path.join('app', 'layouts', 'MantineRoot.tsx')]);
  });

  it("puts every Mantine sheet in Mantine's cascade layer, below the app's own styles", () => {
    const unlayered = [...entrySheets(), ...componentSheets()].filter(({ layered }) => !layered);
    expect(unlayered).toEqual([]);
    const otherSheets = appFiles.flatMap((file) => [
      ...fs.readFileSync(file, 'utf8').matchAll(/import '(@mantine\/[\w-]+\/styles[^']*)';/g),
    ]);
    expect(
      otherSheets.map(([, sheet]) => sheet).filter((sheet) => !sheet!.endsWith('.layer.css')),
    ).toEqual([]);
  });
});
