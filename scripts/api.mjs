// Loads one of the API's entry modules for the scripts here (`npm start`, the backup commands, the job
// worker): the compiled one (apps/api/dist/<name>.js, `npm run build`) when it is newer than the API's
// sources, else the TypeScript source through tsx. On a tree installed with `npm ci --omit=dev` tsx is
// absent and the compiled entry is used as it is (issue 13, docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under `p` (relative to the repository), 0 when it does not exist. */
export function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Whether a dev tool is installed (not on a tree installed with `npm ci --omit=dev`). */
export const installed = (bin) =>
  ['node_modules/.bin', 'apps/web/node_modules/.bin'].some((dir) => fs.existsSync(path.join(root, dir, bin)));

const apiSources = ['apps/api/src', 'packages/contracts/src'];

/**
 * `name`: the compiled entry's name in apps/api/dist (scripts/build-api.mjs); `source`: its module under
 * apps/api/src.
 */
export async function loadApi(name, source) {
  const compiled = path.join(root, 'apps/api/dist', `${name}.js`);
  const built = fs.existsSync(compiled) ? fs.statSync(compiled).mtimeMs : 0;
  const stale = built === 0 || apiSources.some((s) => newestMtime(s) > built);
  if (built > 0 && (!stale || !installed('tsx'))) {
    // Stack traces name the TypeScript sources (the build writes source maps beside the bundle).
    process.setSourceMapsEnabled(true);
    return import(pathToFileURL(compiled).href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(root, 'apps/api/src', source)).href);
}
