// After `react-router build`: write .br and .gz twins of the client assets so the server sends them
// pre-compressed (@fastify/static `preCompressed`, DESIGN §8) instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_BUILD_DIR lets several builds (parallel test runs) live side by side; default apps/web/build.
const buildDir = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build');
const clientDir = path.join(buildDir, 'client');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed copy saves less than its own overhead. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

if (!fs.existsSync(clientDir)) {
  console.error(`build-web: ${clientDir} is missing; run react-router build first.`);
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
  `build-web: compressed ${count} files, ${(rawTotal / 1024).toFixed(1)} kB -> ${(brTotal / 1024).toFixed(1)} kB brotli`,
);
