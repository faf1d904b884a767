import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';

/** The web app's folder: Vite's root and where its own Vite is installed. */
const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');

/**
 * `npm run dev`: Vite in middleware mode inside the shop's server, so pages render
 * from the sources with hot module reload, on the shop's own port (HMR's WebSocket included).
 * The web app's Vite is loaded from apps/web, whose version its React Router plugin is built for.
 */
export async function createWebDevServer(httpServer: Server): Promise<ViteDevServer> {
  const candidates = [path.join(WEB_ROOT, 'node_modules/vite'), path.resolve(WEB_ROOT, '../../node_modules/vite')];
  const viteDir = candidates.find((dir) => fs.existsSync(path.join(dir, 'package.json')));
  if (!viteDir) throw new Error('Vite is not installed: run npm ci (npm run dev needs the dev dependencies).');
  const vite: typeof import('vite') = await import(pathToFileURL(path.join(viteDir, 'dist/node/index.js')).href);
  const signalsBefore = process.listeners('SIGTERM');
  const stdinBefore = process.stdin.listeners('end');
  const server = await vite.createServer({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  // React Router's plugin starts helper Vite servers of its own, and each makes SIGTERM (and the end of
  // stdin) close it and exit the process at once: the shop's own shutdown (HTTP, pool, then PostgreSQL)
  // would never run and the database would be left behind. The shop handles its signals itself.
  for (const listener of process.listeners('SIGTERM')) {
    if (!signalsBefore.includes(listener)) process.off('SIGTERM', listener);
  }
  for (const listener of process.stdin.listeners('end')) {
    if (!stdinBefore.includes(listener)) process.stdin.off('end', listener as () => void);
  }
  return server;
}
