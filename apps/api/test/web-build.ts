import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Tests that serve pages need the web build; `npm test` builds first, a lone run builds here. */
export function ensureWebBuild() {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/build/server/index.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
}
