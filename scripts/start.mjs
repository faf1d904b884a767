// `npm start`: build the web app when it is missing or older than its sources, then run the server in
// this same process (one PID to signal; a SIGKILL leaves nothing behind but what server.ts recovers).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_BUILD_DIR (relative to apps/web, or absolute) is where the build lives; the server reads it too.
const buildDir = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build');
process.env.WEB_BUILD_DIR = buildDir;
const marker = path.join(buildDir, 'server/index.js');
const sources = [
  'apps/web/app',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'packages/contracts/src',
];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (built === 0 || sources.some((s) => newestMtime(s) > built)) {
  console.log('Building the web app (a minute or two; once per change of its sources)…');
  // The build script itself, not through npm: no npm banners around its one line.
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React's production build is chosen by NODE_ENV, which must be set before the server build loads.
process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
const { runShop } = await import(path.join(root, 'apps/api/src/server.ts'));
runShop('build');
