// Lighthouse ≥ 95 on every run (docs/architecture.md §9). What the first paint of a storefront page waits for,
// as the server writes it: the stylesheet ahead of the module preloads, and no zod in the product page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialScripts } from '../../../e2e/support/initial-js.ts';
import { createProduct } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const webDir = path.resolve(import.meta.dirname, '../../web');
const clientDir = path.join(webDir, 'build/client');

let t: TestApp;
let productPath: string;
beforeAll(async () => {
  if (!fs.existsSync(path.join(webDir, 'build/server/index.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' });
  }
  t = await createTestApp({ web: true });
  // Options and variants: the purchase panel's variant choice is part of the page's JavaScript.
  const product = await createProduct(t, { available: 4, colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] });
  productPath = `/products/${product.id}`;
}, 300_000);
afterAll(() => t?.close());

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('web: what the first paint waits for', () => {
  it('writes the stylesheet ahead of every module preload, on every kind of page', async () => {
    for (const url of ['/', '/products', productPath, '/no-such-page']) {
      const html = head((await t.app.inject({ url })).body);
      const stylesheet = html.search(/<link\b[^>]*rel="stylesheet"/);
      const firstPreload = html.search(/<link\b[^>]*rel="modulepreload"/);
      expect(stylesheet, url).toBeGreaterThan(0);
      expect(firstPreload, url).toBeGreaterThan(stylesheet);
      // One stylesheet, written once.
      expect(html.match(/rel="stylesheet"/g), url).toHaveLength(1);
    }
  });

  it("carries no other page's view and none of the saved stores in a catalogue page's initial JavaScript", async () => {
    // The product page once imported the cart's and the wishlist's index.ts for their loaders, and with
    // them their localStorage stores and the cart page's whole view: 35 initial scripts instead of 27.
    const elsewhere = ['Your cart is empty', 'Your wishlist is empty', 'localStorage'];
    for (const url of ['/', '/products', productPath]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const scripts = initialScripts(res.body);
      expect(
        scripts.some((p) => p.includes('entry.client')),
        url,
      ).toBe(true);
      const carrying = scripts.flatMap((p) => {
        const source = fs.readFileSync(path.join(clientDir, p), 'utf8');
        return elsewhere.filter((text) => source.includes(text)).map((text) => `${p}: ${text}`);
      });
      expect(carrying, url).toEqual([]);
    }
  });

  it("keeps zod out of the product page's initial JavaScript", async () => {
    const res = await t.app.inject({ url: productPath });
    expect(res.statusCode).toBe(200);
    const scripts = initialScripts(res.body);
    expect(scripts.some((p) => p.includes('entry.client'))).toBe(true);
    const withZod = scripts.filter((p) => fs.readFileSync(path.join(clientDir, p), 'utf8').includes('ZodError'));
    expect(withZod).toEqual([]);
  });
});
