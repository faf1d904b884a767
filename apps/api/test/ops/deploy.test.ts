import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, ROOT } from '../web-build.ts';
import { startShop, stopEverything, tempDir } from './harness.ts';

/**
 * Production build and start — docs/deploy.md's steps, as an operator follows them: build once,
 * copy the tree (its files and the two builds) elsewhere, `npm ci --omit=dev` there, `npm start`. The
 * copy has no dev dependencies, so neither tsx nor Vite can run: the shop starts only if the compiled API
 * is used and everything it loads at run time is a production dependency.
 */
afterAll(stopEverything);

/** The repository's files as git sees them (committed or not, ignored ones left out) and the builds. */
function deployableFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '' && fs.existsSync(path.join(ROOT, f)));
  const built = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
  return [...listed, ...built('apps/web/build'), ...built('apps/api/dist')];
}

describe('a built tree installed with npm ci --omit=dev', () => {
  it('starts with npm start, serves the API, the pages and the API docs, and backs up', async () => {
    ensureWebBuild();
    // The API build takes a second; built here so the copy's is the current sources'.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-api.mjs')], { cwd: ROOT, stdio: 'ignore' });

    const target = tempDir('deploy');
    for (const file of deployableFiles()) {
      const to = path.join(target, file);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      // Times kept, as `cp -p`, rsync -a or a tarball keep them: the builds stay newer than their sources.
      fs.cpSync(path.join(ROOT, file), to, { preserveTimestamps: true });
    }

    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: target,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    // No builder is installed: start.mjs can neither compile TypeScript nor build the web app there.
    for (const bin of ['tsx', 'vite', 'react-router', 'esbuild']) {
      expect(fs.existsSync(path.join(target, 'node_modules/.bin', bin)), bin).toBe(false);
    }

    const dataDir = tempDir('deploy-data');
    const shop = await startShop({
      dataDir,
      script: path.relative(ROOT, path.join(target, 'scripts/start.mjs')),
      // The copy's own build, wherever this run's points; a production start as docs/deploy.md makes it.
      env: { WEB_BUILD_DIR: 'build', NODE_ENV: 'production', PAYMENTS: '' },
    });
    expect(shop.output()).not.toContain('Building the web app');
    const home = await fetch(`${shop.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<\/html>$/);
    const docs = await fetch(`${shop.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    const products = await shop.api('products?limit=1');
    expect(products.status).toBe(200);
    // A production start without Stripe takes no cards, says so at start, and offers pay later.
    expect(shop.output()).toContain('pay later only');
    const settings = await shop.api('checkout/settings');
    expect((await settings.json()).payments).toEqual({ card: null, stripe_publishable_key: null, pay_later: true });
    // The operator's other commands run there too: a backup of the running shop (docs/backup.md).
    const file = path.join(tempDir('deploy-backup'), 'shop.backup');
    const backup = spawnSync(process.execPath, ['scripts/backup.mjs', file], {
      cwd: target,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, TEST_DATABASE_URL: '' },
    });
    expect(backup.status, `${backup.stdout}\n${backup.stderr}`).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(await shop.stop('SIGTERM')).toBe(0);
  });
});
