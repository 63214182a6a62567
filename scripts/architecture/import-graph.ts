/**
 * The import graph of a production tree: which file imports which, by relative specifier, static
 * and dynamic imports and re-exports alike. Test files and declaration files are not part of it:
 * they do not ship.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Paths relative to the tree's root, with forward slashes. */
  from: string;
  to: string;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

const SOURCE = /\.(ts|tsx)$/;
const NOT_SHIPPED = /(\.test\.tsx?|\.spec\.ts|\.d\.ts)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !NOT_SHIPPED.test(entry.name) ? [full] : [];
  });
}

/** The file a relative specifier names, as the bundler would find it; null for anything else. */
function resolveRelative(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

export function importGraph(root: string): ImportGraph {
  const absoluteRoot = path.resolve(root);
  const relative = (file: string) => path.relative(absoluteRoot, file).split(path.sep).join('/');
  const files = sourceFiles(absoluteRoot);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      const target = resolveRelative(file, imported.fileName);
      if (target) edges.push({ from: relative(file), to: relative(target) });
    }
  }
  return { files: files.map(relative), edges };
}

/** Groups of files that import each other round in a circle (strongly connected, two or more). */
export function cycles(nodes: Iterable<string>, edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  // Tarjan's strongly connected components.
  const visit = (node: string) => {
    index.set(node, counter);
    lowest.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(target)!));
      }
    }
    if (lowest.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}
