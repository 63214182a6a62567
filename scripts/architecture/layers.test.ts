import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph';
import { nodeOf, placeOf, TREES } from './layers';

const REPOSITORY = path.resolve(import.meta.dirname, '..', '..');

describe.each(TREES)('imports of $root only go down', (tree) => {
  const graph = importGraph(path.join(REPOSITORY, tree.root));

  it('places every file in a layer', () => {
    expect(graph.files.filter((file) => placeOf(tree, file) === null)).toEqual([]);
  });

  it('has no import that goes up a layer or sideways to another unit of its layer', () => {
    const backArrows = graph.edges.flatMap(({ from, to }) => {
      const source = placeOf(tree, from);
      const target = placeOf(tree, to);
      if (!source || !target || source.unit === target.unit) return [];
      return source.layer < target.layer ? [] : [`${from} -> ${to}`];
    });
    expect(backArrows).toEqual([]);
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
