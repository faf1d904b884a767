import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPageCache, inlineScriptHashes, isCached, matchesEtag, type RenderedPage } from './page-cache.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const html = (body: string) => Buffer.from(`<!DOCTYPE html><html><body>${body}</body></html>`);
const rendered = (body: string, over: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: html(body),
  cookies: [],
  ...over,
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, in order, and never one with a src', () => {
    const doc = [
      '<script>window.a=1</script>',
      '<script type="module" src="/assets/x.js"></script>',
      '<SCRIPT nonce="n">b()</SCRIPT>',
      '<script>window.a=1</script>',
      '<scripts>not a script</scripts>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
    ].join('');
    expect(inlineScriptHashes(doc)).toEqual([sha('window.a=1'), sha('b()'), sha('{"@type":"Product"}')]);
  });

  it('hashes text as the browser reads it: CRLF and CR become LF', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([sha('a()\nb()\nc()')]);
  });

  it('finds every script among any escaped text around them (property)', () => {
    // React escapes `<` in text, so text between scripts holds no tag.
    const text = fc.string({ maxLength: 40 }).map((s) => s.replaceAll('<', '&lt;'));
    const code = fc.string({ maxLength: 40 }).map((s) => s.replaceAll('<', '\\u003c'));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, code), { maxLength: 8 }), (parts) => {
        const doc = parts.map(([t, c]) => `${t}<script>${c}</script>`).join('');
        const expected = [...new Set(parts.map(([, c]) => sha(c.replace(/\r\n?/g, '\n'))))];
        expect(inlineScriptHashes(doc)).toEqual(expected);
      }),
    );
  });

  it('stays linear on a document of unclosed tags', () => {
    // 200,000 openings without an end: one pass, not one scan per opening.
    expect(inlineScriptHashes('<script'.repeat(200_000))).toEqual([]);
    expect(inlineScriptHashes('<script>'.repeat(100_000))).toEqual([]);
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

  it('with no bytes to hold, keeps nothing but still shares a render', async () => {
    const cache = createPageCache({ maxBytes: 0, ttlMs: 60_000 });
    const page = await cache.render('/', ['catalog'], async () => rendered('home'));
    expect(page && isCached(page)).toBe(true);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.enabled).toBe(false);
  });
});
