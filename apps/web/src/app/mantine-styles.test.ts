import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app loads Mantine's per-component style sheets (app/mantine-styles.ts), not all of them. A
 * component without its sheet renders unstyled, and only where it is used, so this finds what
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

function importedSheets(): string[] {
  const source = fs.readFileSync(path.join(SRC, 'app', 'mantine-styles.ts'), 'utf8');
  return [...source.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map(
    ([, name]) => name!,
  );
}

describe("Mantine's per-component style sheets (app/mantine-styles.ts)", () => {
  const appFiles = filesUnder(SRC, (file) => /\.tsx?$/.test(file) && !/\.test\./.test(file));
  const otherFiles = OTHER_MANTINE.flatMap((name) =>
    filesUnder(path.join(packageDir(name), 'esm'), (file) => file.endsWith('.mjs')),
  );
  const used = classesOf(coreImports([...appFiles, ...otherFiles]));
  const sheets = sheetsInMantineOrder();
  const needed = sheets
    .filter(
      ({ name, classes }) =>
        ['baseline', 'default-css-variables', 'global'].includes(name) ||
        [...classes].some((name) => used.has(name)),
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
    expect(imported.slice(0, 3)).toEqual(['baseline', 'global', 'default-css-variables']);
    expect(imported).toEqual([...imported].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });
});
