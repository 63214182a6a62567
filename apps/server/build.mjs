// The production build of the server: one ES module, apps/server/dist/main.js, that Node runs
// without a run-time transpiler (`npm run serve`), and beside it the script of the process photos
// are read in (dist/photo-process.js, started by the server). The project's own packages (TypeScript sources)
// are bundled in; npm dependencies stay outside and load from node_modules as usual. The SQL
// migrations are copied next to it, where the bundled `migrationsFolder` looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');
const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: path.join(root, 'src/main.ts'), out: 'main' },
    { in: path.join(root, 'src/modules/ocr/photo-process-main.ts'), out: 'photo-process' },
  ],
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // An npm package is external, and so is every subpath of it (esbuild matches `zod/v4` too).
  external: Object.keys(dependencies).filter((name) => !name.startsWith('@household/')),
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
