// `npm run build` of the web app: `react-router build`, then .br and .gz twins of the client assets so the
// server sends them pre-compressed (@fastify/static `preCompressed`, docs/architecture.md §8) instead of compressing on
// every request. Quiet unless something is wrong: Vite logs warnings only, a
// successful build prints one line, a failed one everything the build said.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
// WEB_BUILD_DIR lets several builds (parallel test runs) live side by side; default apps/web/build.
const buildDir = path.resolve(webDir, process.env.WEB_BUILD_DIR ?? 'build');
const clientDir = path.join(buildDir, 'client');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed copy saves less than its own overhead. */
const MIN_BYTES = 512;
/**
 * Lines the build prints that say nothing about our code and that no setting of ours turns off:
 * React Router's own Vite servers pass Vite 8's deprecated `envFile: false` (its code, not our config).
 * Any other line a build prints at level warn is shown.
 */
const KNOWN_NOTICES = ['The `envFile` option is deprecated, please use `envDir: false` instead.'];

const started = Date.now();
const cli = ['apps/web/node_modules/.bin/react-router', 'node_modules/.bin/react-router']
  .map((bin) => path.join(root, bin))
  .find((bin) => fs.existsSync(bin));
if (!cli) {
  console.error('build-web: react-router is not installed; run npm ci first.');
  process.exit(1);
}
const build = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], {
  cwd: webDir,
  env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_DIR: buildDir },
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const said = `${build.stdout ?? ''}${build.stderr ?? ''}`;
if (build.status !== 0) {
  process.stdout.write(said);
  console.error(`build-web: react-router build failed (${build.error?.message ?? `exit ${build.status}`})`);
  process.exit(build.status || 1);
}
const worth = said
  .split('\n')
  .filter((line) => line.trim() !== '' && !KNOWN_NOTICES.some((notice) => line.includes(notice)));
if (worth.length > 0) console.log(worth.join('\n'));

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

if (!fs.existsSync(clientDir)) {
  console.error(`build-web: the build wrote no ${clientDir}.`);
  process.exit(1);
}

let count = 0;
let rawTotal = 0;
let brTotal = 0;
for (const file of files(clientDir)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
  // Keep a twin only when it is smaller; the server falls back to the plain file otherwise.
  if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  count++;
  rawTotal += raw.length;
  brTotal += Math.min(br.length, raw.length);
}
// The server build is ES modules split into chunks that import packages. Outside the repository
// (WEB_BUILD_DIR=/tmp/…) no package.json says "module" and no node_modules is found: provide both.
if (path.relative(root, buildDir).startsWith('..')) {
  fs.writeFileSync(path.join(buildDir, 'package.json'), '{ "type": "module" }\n');
  const modules = path.join(buildDir, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(root, 'node_modules'), modules, 'dir');
  // Packages npm did not hoist (e.g. @tanstack/react-table) live in apps/web/node_modules: the server
  // chunks find them one level closer, before the root's.
  const webModules = path.join(buildDir, 'server', 'node_modules');
  const ownModules = path.join(root, 'apps/web/node_modules');
  if (fs.existsSync(ownModules) && !fs.existsSync(webModules)) fs.symlinkSync(ownModules, webModules, 'dir');
}

console.log(
  `Built the web app in ${((Date.now() - started) / 1000).toFixed(0)} s (${count} files, ${(rawTotal / 1024).toFixed(0)} kB, ${(brTotal / 1024).toFixed(0)} kB with brotli).`,
);
