// `npm start`: build the web app when it is missing or older than its sources, then run the server in
// this same process (one PID to signal; a SIGKILL leaves nothing behind but what server.ts recovers).
// The server is the compiled one (apps/api/dist, `npm run build`) when it is newer than the API's
// sources, else the sources themselves through tsx. On a deployed tree installed with
// `npm ci --omit=dev` the builders (tsx, Vite) are absent and the builds present are used as they are.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { installed, loadApi, newestMtime, root, withLockFile } from './api.mjs';

// WEB_BUILD_DIR (relative to apps/web, or absolute) is where the build lives; the server reads it too.
const buildDir = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR || 'build');
process.env.WEB_BUILD_DIR = buildDir;
const marker = path.join(buildDir, 'server/index.js');
const webSources = [
  'apps/web/app',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'packages/contracts/src',
];

const webBuilt = () => (fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0);
/** Missing, or older than its sources where the build tools are installed to make it again. */
const webNeedsBuild = () => {
  const built = webBuilt();
  return built === 0 || (installed('react-router') && webSources.some((s) => newestMtime(s) > built));
};
if (webBuilt() === 0 && !installed('react-router')) {
  console.error(
    `The web app is not built (${marker} is missing) and its build tools are not installed here (npm ci --omit=dev): run \`npm run build\` where the dev dependencies are, then copy the tree with its builds (docs/deploy.md).`,
  );
  process.exit(1);
}
if (webNeedsBuild()) {
  // Starts of this tree at the same moment (a cluster's processes) build one at a time; each looks again
  // once its turn comes, so the first builds and the others use that build.
  await withLockFile(`${buildDir}.building`, () => {
    if (!webNeedsBuild()) return;
    console.log('Building the web app (a minute or two; once per change of its sources)…');
    // The build script itself, not through npm: no npm banners around its one line.
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  });
}

// A start without NODE_ENV is the demo (`npm ci && npm start`): cards go to the built-in test
// provider, and every checkout page and the admin say so. A production start (NODE_ENV=production, as
// docs/deploy.md sets it) takes cards only through Stripe, or with PAYMENTS=demo set on purpose.
if (process.env.NODE_ENV === undefined && !process.env.STRIPE_SECRET_KEY) process.env.PAYMENTS ??= 'demo';
// React's production build is chosen by NODE_ENV, which must be set before the server build loads.
process.env.NODE_ENV ??= 'production';
const server = await loadApi('server', 'server.ts');
server.runShop('build');
