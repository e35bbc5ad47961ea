// Builds the server for production: one ES module, apps/server/dist/main.js, run by plain `node`
// (no TypeScript loader at run time). npm packages stay external and load from node_modules, so
// `npm ci --omit=dev` is enough to run it; the workspace's own TypeScript (@gona/shared) is bundled.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server');
const outDir = process.argv[2] ?? join(serverDir, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@gona/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [join(serverDir, 'src', 'main.ts')],
  outfile: join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
// migrate.ts reads the SQL migrations from beside the running file.
cpSync(join(serverDir, 'src', 'db', 'migrations'), join(outDir, 'migrations'), { recursive: true });
// The knowledge base reads its data files from beside the running file too.
cpSync(join(serverDir, 'src', 'features', 'knowledge', 'data'), join(outDir, 'data'), { recursive: true });
console.log(`Built the server into ${outDir}`);
