/**
 * The layers of each production tree, top first (docs/architecture.md "Layers"). A file belongs to
 * the unit of the first pattern that matches its folder (a file at the tree's root is a unit of its
 * own); `*` stands for one folder name, so `features/*` makes each feature a unit. An import may go
 * to a file of its own unit, or to a unit of a lower layer: never up, and never sideways to another
 * unit of the same layer.
 */

export interface Tree {
  /** The production tree, from the repository's root. */
  root: string;
  /** Layers, top first; each lists the patterns of its units. */
  layers: string[][];
}

export const TREES: Tree[] = [
  {
    root: 'apps/server/src',
    layers: [
      ['main.ts'],
      // The composition root: builds the context and registers every module.
      ['app.ts'],
      // Business modules, those that use others above those they use.
      ['modules/health'],
      ['modules/users'],
      ['modules/realtime'],
      ['modules/invites'],
      ['modules/ocr'],
      ['modules/expenses'],
      ['modules/chores'],
      ['modules/costs'],
      ['modules/categories'],
      ['modules/items'],
      ['modules/lists'],
      ['modules/groups'],
      ['modules/notifications'],
      ['modules/auth'],
      // How a person is shown (a name, an avatar), for every module.
      ['modules/people'],
      // Fastify plugins: authentication, problem+json, idempotency, rate limits, load shedding.
      ['http'],
      // What services need from outside: interfaces only.
      ['context.ts'],
      ['realtime'],
      ['lib'],
      ['db'],
      ['config.ts', 'version.ts'],
    ],
  },
  {
    root: 'apps/web/src',
    layers: [
      ['main.tsx'],
      // Router, providers, layouts, and the pages that compose several features.
      ['app'],
      // Features do not import each other (ARCHITECTURE "What may import what").
      ['features/*'],
      ['components'],
      ['lib'],
      ['locales'],
    ],
  },
  { root: 'packages/contracts/src', layers: [['.']] },
  { root: 'packages/domain/src', layers: [['.']] },
];

/** The folder a file is in, or the file itself at the tree's root: the node of the folder graph. */
export function nodeOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? file : file.slice(0, slash);
}

function matches(pattern: string, node: string): string | null {
  if (pattern === '.') return '.';
  const wanted = pattern.split('/');
  const parts = node.split('/');
  if (parts.length < wanted.length) return null;
  for (const [i, part] of wanted.entries()) {
    if (part !== '*' && part !== parts[i]) return null;
  }
  return parts.slice(0, wanted.length).join('/');
}

/** The layer (0 at the top) and unit of a file; null when no pattern claims it. */
export function placeOf(tree: Tree, file: string): { layer: number; unit: string } | null {
  const node = nodeOf(file);
  for (const [layer, patterns] of tree.layers.entries()) {
    for (const pattern of patterns) {
      const unit = matches(pattern, node);
      if (unit !== null) return { layer, unit };
    }
  }
  return null;
}

/** Imports that go up a layer, or sideways to another unit of the same layer, as `from -> to`. */
export function backArrows(tree: Tree, edges: { from: string; to: string }[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const source = placeOf(tree, from);
    const target = placeOf(tree, to);
    if (!source || !target || source.unit === target.unit) return [];
    return source.layer < target.layer ? [] : [`${from} -> ${to}`];
  });
}
