import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  createPageCache,
  documentOf,
  inlineScriptHashes,
  isCached,
  matchesEtag,
  pageKeyOf,
  type RenderedPage,
} from './page-cache.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const html = (body: string) => Buffer.from(`<!DOCTYPE html><html><body>${body}</body></html>`);
/** The nonce a render gave the scripts it emitted. */
const N = 'bWFyay1vZi10aGlzLXJlbmRlcg==';
const rendered = (body: string, over: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: html(body),
  cookies: [],
  nonce: N,
  ...over,
});
const hashesOf = (doc: string) => inlineScriptHashes(doc, N).hashes;

describe('inlineScriptHashes', () => {
  it('hashes each inline script the render marked once, in order, and never one with a src', () => {
    const doc = [
      `<script nonce="${N}">window.a=1</script>`,
      `<script type="module" nonce="${N}" src="/assets/x.js"></script>`,
      `<SCRIPT nonce="${N}">b()</SCRIPT>`,
      `<script nonce="${N}">window.a=1</script>`,
      '<scripts>not a script</scripts>',
      `<script type="application/ld+json" nonce="${N}">{"@type":"Product"}</script>`,
    ].join('');
    expect(inlineScriptHashes(doc, N)).toEqual({
      hashes: [sha('window.a=1'), sha('b()'), sha('{"@type":"Product"}')],
      foreign: 0,
    });
  });

  it('never hashes an inline script the render did not mark: one injected as content, or with another nonce', () => {
    const doc = [
      `<script nonce="${N}">window.app=1</script>`,
      '<div class="description"><script>alert(1)</script></div>',
      '<script nonce="guessed">alert(2)</script>',
      `<script data-nonce="${N}">alert(3)</script>`,
      `<script nonce="${N}x">alert(4)</script>`,
    ].join('');
    expect(inlineScriptHashes(doc, N)).toEqual({ hashes: [sha('window.app=1')], foreign: 4 });
    // A render without a mark blesses nothing.
    expect(inlineScriptHashes(doc, '')).toEqual({ hashes: [], foreign: 5 });
  });

  it('hashes text as the browser reads it: CRLF and CR become LF', () => {
    expect(hashesOf(`<script nonce="${N}">a()\r\nb()\rc()</script>`)).toEqual([sha('a()\nb()\nc()')]);
  });

  it('finds every script among any escaped text around them (property)', () => {
    // React escapes `<` in text, so text between scripts holds no tag.
    const text = fc.string({ maxLength: 40 }).map((s) => s.replaceAll('<', '&lt;'));
    const code = fc.string({ maxLength: 40 }).map((s) => s.replaceAll('<', '\\u003c'));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, code), { maxLength: 8 }), (parts) => {
        const doc = parts.map(([t, c]) => `${t}<script nonce="${N}">${c}</script>`).join('');
        const expected = [...new Set(parts.map(([, c]) => sha(c.replace(/\r\n?/g, '\n'))))];
        expect(hashesOf(doc)).toEqual(expected);
      }),
    );
  });

  it('stays linear on a document of unclosed tags', () => {
    // 200,000 openings without an end: one pass, not one scan per opening.
    expect(hashesOf('<script'.repeat(200_000))).toEqual([]);
    expect(hashesOf('<script>'.repeat(100_000))).toEqual([]);
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and with *', () => {
    const etag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", W/"abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"abcd"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
  });
});

describe('pageKeyOf', () => {
  const offered = ['EUR', 'GBP'];

  it('keeps a page per presentment currency, its render reading that cookie alone', () => {
    expect(pageKeyOf('/products?page=2', 'a=1; currency=EUR; session=secret', offered)).toEqual({
      key: '/products?page=2#currency=EUR',
      cookie: 'currency=EUR',
    });
    expect(pageKeyOf('/', 'currency=GBP', offered)).toEqual({ key: '/#currency=GBP', cookie: 'currency=GBP' });
  });

  it('gives the base copy, rendered without cookies, to the base, an unknown currency and no choice', () => {
    for (const header of [
      undefined,
      '',
      'session=secret',
      'currency=USD',
      'currency=JPY',
      'currency=',
      'xcurrency=EUR',
    ]) {
      expect(pageKeyOf('/', header, offered)).toEqual({ key: '/' });
    }
    expect(pageKeyOf('/', 'currency=EUR', [])).toEqual({ key: '/' });
  });

  it('keeps a page per ship-to country the zones name, alone or with the currency', () => {
    const countries = ['DE', 'GB'];
    expect(pageKeyOf('/', 'ship_to=DE; session=secret', offered, countries)).toEqual({
      key: '/#ship_to=DE',
      cookie: 'ship_to=DE',
    });
    expect(pageKeyOf('/p', 'ship_to=GB; a=1; currency=EUR', offered, countries)).toEqual({
      key: '/p#currency=EUR&ship_to=GB',
      cookie: 'currency=EUR; ship_to=GB',
    });
    for (const header of ['ship_to=FR', 'ship_to=', 'ship_to=de', 'ship_to=DE#x', 'xship_to=DE']) {
      expect(pageKeyOf('/', header, offered, countries)).toEqual({ key: '/' });
    }
    expect(pageKeyOf('/', 'ship_to=FR; currency=GBP', offered, countries)).toEqual({
      key: '/#currency=GBP',
      cookie: 'currency=GBP',
    });
  });

  it('never lets a cookie spell another key or reach the render beyond its code', () => {
    expect(pageKeyOf('/', 'currency=EUR#x', offered)).toEqual({ key: '/' });
    expect(pageKeyOf('/', `currency=${'E'.repeat(10_000)}`, offered)).toEqual({ key: '/' });
  });
});

describe('createPageCache', () => {
  it('renders a page once for concurrent requests and keeps it', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    let renders = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const render = async () => {
      renders += 1;
      await gate;
      return rendered('<p>home</p>');
    };
    const all = Promise.all([1, 2, 3].map(() => cache.render('/', ['catalog'], render)));
    release();
    const pages = await all;
    expect(renders).toBe(1);
    expect(pages.every((p) => p !== undefined && isCached(p) && p.etag === (pages[0] as { etag: string }).etag)).toBe(
      true,
    );
    expect(cache.get('/')).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1, shared: 2, hits: 1 });
  });

  it('keeps no page rendered while a topic it shows changed, nor a non-200 or a page setting a cookie', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    await cache.render('/old', ['catalog', 'settings'], async () => {
      cache.drop('settings'); // the change commits while the page renders
      return rendered('<p>old price</p>');
    });
    expect(cache.get('/old')).toBeUndefined();

    const missing = await cache.render('/gone', ['catalog'], async () => rendered('nf', { status: 404 }));
    expect(missing && isCached(missing)).toBe(false);
    await cache.render('/cookie', ['catalog'], async () => rendered('c', { cookies: ['a=1'] }));
    expect(cache.stats().entries).toBe(0);
  });

  it('drops exactly the pages of a topic', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    await cache.render('/about', ['catalog', 'content'], async () => rendered('about'));
    await cache.render('/products', ['catalog'], async () => rendered('list'));
    cache.drop('content');
    expect(cache.get('/about')).toBeUndefined();
    expect(cache.get('/products')).toBeDefined();
    cache.drop('catalog');
    expect(cache.stats().entries).toBe(0);
  });

  it('waiters of a render that failed or could not be shared render on their own', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const failing = cache.render('/x', ['catalog'], async () => {
      throw new Error('client went away');
    });
    const waiter = cache.render('/x', ['catalog'], async () => rendered('never called'));
    await expect(failing).rejects.toThrow('client went away');
    expect(await waiter).toBeUndefined();
  });

  it('keeps a page with an injected inline script without allowing it, and without the render’s mark', async () => {
    const foreign: [string, number][] = [];
    const cache = createPageCache({
      maxBytes: 1 << 20,
      ttlMs: 60_000,
      onForeignScripts: (key, count) => void foreign.push([key, count]),
    });
    const app = `window.__reactRouterContext={"state":1};`;
    const page = await cache.render('/products/lamp', ['catalog'], async () =>
      rendered(
        `<p>A lamp.<script>alert(1)</script></p><script nonce="${N}">${app}</script>` +
          `<script type="module" nonce="${N}">import "/assets/entry.js";</script>`,
      ),
    );
    if (!page || !isCached(page)) throw new Error('the page was not kept');
    expect(page.scriptHashes).toEqual([sha(app), sha('import "/assets/entry.js";')]);
    expect(page.scriptHashes).not.toContain(sha('alert(1)'));
    expect(page.foreignScripts).toBe(1);
    expect(foreign).toEqual([['/products/lamp', 1]]);
    // The stored document is what a render without a nonce gives: the mark was this render's alone.
    expect(documentOf(page).toString()).not.toContain(N);
    expect(documentOf(page).toString()).toContain(`<script>${app}</script>`);
    // And its hashes are the ones of the stored document's own scripts.
    expect(inlineScriptHashes(documentOf(page).toString(), '').foreign).toBe(3);
  });

  it('holds a page in its two encodings only, and gives its document back from them', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const text = `<p>${'A lamp for the desk. '.repeat(400)}</p><script nonce="${N}">window.x=1;</script>`;
    const page = await cache.render('/products/lamp', ['catalog'], async () => rendered(text));
    if (!page || !isCached(page)) throw new Error('the page was not kept');
    const document = html(text.replace(` nonce="${N}"`, ''));
    expect(documentOf(page).equals(document)).toBe(true);
    expect(zlib.brotliDecompressSync(page.br).equals(document)).toBe(true);
    expect(page.length).toBe(document.length);
    expect('body' in page).toBe(false);
    expect(cache.stats().bytes).toBe(page.br.length + page.gzip.length + 1_024);
    expect(cache.stats().bytes).toBeLessThan(document.length / 4);
  });

  it('lets an expired page go without anyone asking for it again', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    try {
      // lru-cache takes a start time of 0 for "no time to live": begin the fake clock later.
      vi.advanceTimersByTime(1_000);
      const cache = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
      for (const path of ['/', '/products', '/products?page=2']) {
        await cache.render(path, ['catalog'], async () => rendered(path));
      }
      expect(cache.stats().entries).toBe(3);
      vi.advanceTimersByTime(60_001);
      expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('with no bytes to hold, keeps nothing but still shares a render', async () => {
    const cache = createPageCache({ maxBytes: 0, ttlMs: 60_000 });
    const page = await cache.render('/', ['catalog'], async () => rendered('home'));
    expect(page && isCached(page)).toBe(true);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.enabled).toBe(false);
  });
});
