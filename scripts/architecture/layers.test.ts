import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph';
import { backArrows, nodeOf, placeOf, TREES, type Tree } from './layers';

const REPOSITORY = path.resolve(import.meta.dirname, '..', '..');

describe.each(TREES)('imports of $root only go down', (tree) => {
  const graph = importGraph(path.join(REPOSITORY, tree.root));

  it('places every file in a layer', () => {
    expect(graph.files.filter((file) => placeOf(tree, file) === null)).toEqual([]);
  });

  it('has no import that goes up a layer or sideways to another unit of its layer', () => {
    expect(backArrows(tree, graph.edges)).toEqual([]);
  });

  it('has no circle of files', () => {
    expect(cycles(graph.files, graph.edges)).toEqual([]);
  });

  it('has no circle of folders', () => {
    const folderEdges = graph.edges
      .map(({ from, to }) => ({ from: nodeOf(from), to: nodeOf(to) }))
      .filter(({ from, to }) => from !== to);
    expect(cycles(new Set(graph.files.map(nodeOf)), folderEdges)).toEqual([]);
  });
});

// The checks above must fail on the kinds of import they exist to stop.
describe('the layer checks', () => {
  const tree: Tree = {
    root: 'src',
    layers: [['app.ts'], ['features/*'], ['lib']],
  };

  it('accepts imports that go down or stay in their unit', () => {
    const edges = [
      { from: 'app.ts', to: 'features/lists/ListPage.tsx' },
      { from: 'features/lists/ListPage.tsx', to: 'features/lists/api/queries.ts' },
      { from: 'features/lists/ListPage.tsx', to: 'lib/money.ts' },
    ];
    expect(backArrows(tree, edges)).toEqual([]);
  });

  it('reports an import that goes up a layer, or sideways to another feature', () => {
    const edges = [
      { from: 'lib/money.ts', to: 'features/lists/format.ts' },
      { from: 'features/account/Page.tsx', to: 'features/notifications/api/queries.ts' },
    ];
    expect(backArrows(tree, edges)).toEqual([
      'lib/money.ts -> features/lists/format.ts',
      'features/account/Page.tsx -> features/notifications/api/queries.ts',
    ]);
  });

  it('finds a circle of files, however long, and leaves a chain alone', () => {
    const circle = [
      { from: 'a.ts', to: 'b.ts' },
      { from: 'b.ts', to: 'c.ts' },
      { from: 'c.ts', to: 'a.ts' },
      { from: 'c.ts', to: 'd.ts' },
    ];
    expect(cycles(['a.ts', 'b.ts', 'c.ts', 'd.ts'], circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cycles(['a.ts', 'b.ts'], [{ from: 'a.ts', to: 'b.ts' }])).toEqual([]);
  });

  it('reads static, dynamic and re-exporting imports, and leaves test files out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('app.ts', "import { page } from './features/page';\nexport * from './lib/money';\n");
    write('features/page.tsx', "export const page = () => import('../lib/money');\n");
    write('lib/money.ts', "import 'zod';\nexport const money = 1;\n");
    write('lib/money.test.ts', "import { page } from '../features/page';\n");
    try {
      const graph = importGraph(root);
      expect(graph.files.sort()).toEqual(['app.ts', 'features/page.tsx', 'lib/money.ts']);
      expect(graph.edges).toEqual(
        expect.arrayContaining([
          { from: 'app.ts', to: 'features/page.tsx' },
          { from: 'app.ts', to: 'lib/money.ts' },
          { from: 'features/page.tsx', to: 'lib/money.ts' },
        ]),
      );
      expect(graph.edges).toHaveLength(3);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
