// Loads one of the API's entry modules for the scripts here (`npm start`, the backup commands, the job
// worker): the compiled one (apps/api/dist/<name>.js, `npm run build`) when it is newer than the API's
// sources, else the TypeScript source through tsx. On a tree installed with `npm ci --omit=dev` tsx is
// absent and the compiled entry is used as it is (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How node runs the shop's server (ADR 034, docs/performance.md "Process memory"). V8 and glibc read these
 * once, when the process begins, so they are on node's command line and in its environment wherever the
 * server is started: `npm start` (package.json), the systemd unit of docs/deploy.md, the bench, the browser
 * tests. A young generation of 8 MiB per semi-space and a 256 MiB old space keep V8 from reserving
 * hundreds of MiB it would collect only later; two malloc arenas keep the compression threads from each
 * holding their own; a fixed mmap threshold keeps glibc from raising it after the first large free, which
 * put every later compression buffer and V8 zone into the arenas, where freed memory stayed resident.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
/** The `npm start` command line those make (package.json's `start` script is this; a test checks it). */
export const SERVER_COMMAND = `exec env ${Object.entries(SERVER_ENV)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`;

/**
 * The newest modification time of the files under `p` (relative to the repository, or absolute), 0 when
 * there are none. Files only: a folder's own time moves when an entry is added and removed again (a lint
 * test plants probe files among the web app's sources), which made a fresh build look stale, so the
 * next starts rebuilt it, several at once (CI). A source deleted for good also changes the
 * files that imported it.
 */
export function newestMtime(p) {
  const full = path.resolve(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(full, entry)));
  return newest;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this PID is running (a signal 0 is only checked, never sent). */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Runs `work` while holding the lock file `lockFile` (created exclusively, naming this process's PID):
 * starts of one tree that build at the same moment take turns instead of emptying and writing one
 * folder together. A lock whose process is gone (killed mid-build) is taken over.
 */
export async function withLockFile(lockFile, work) {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(lockFile, 'utf8'));
      } catch {}
      // 0: just created, its PID not written yet (or gone already): look again shortly.
      if (holder > 0 && !running(holder)) fs.rmSync(lockFile, { force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
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
