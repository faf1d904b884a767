import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Topic } from '../lib/invalidation.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page as every visitor gets it: the document compressed once per encoding — only those forms are held,
 * a quarter of the document's size together (docs/performance.md, "Process memory"); the rare client that
 * takes neither gets it decompressed (`documentOf`) — with the validator and the script hashes its policy
 * needs. Nothing in it belongs to one visitor: only
 * routes whose server render reads no session are stored (their `handle.pageCache`), and such a render
 * is given no nonce, cookie or user to read.
 */
export interface CachedPage {
  /** Response headers of the render (content type…), without cookies or caching headers. */
  headers: [string, string][];
  /** The document's length in bytes, uncompressed. */
  length: number;
  br: Buffer;
  gzip: Buffer;
  /** A weak validator of the document (the same for every encoding of it). */
  etag: string;
  /** `'sha256-…'` of each inline script the renderer emitted, for the page's content security policy. */
  scriptHashes: string[];
  /** Inline scripts in the document that the renderer did not emit (blocked by the policy: never hashed). */
  foreignScripts: number;
  /** The changes that make it stale. */
  topics: readonly Topic[];
}

/** A rendered document, before it is known whether it may be kept. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Set-Cookie headers of the render: a page that sets one is never shared. */
  cookies: string[];
  /**
   * The nonce this render gave every inline script it emitted (React's, React Router's, the routes'): the
   * mark that tells them from a script that reached the document as content. A kept page lists the hashes
   * of the marked scripts only and loses the mark; a page sent once as rendered is sent under this nonce.
   */
  nonce: string;
}

/** Bytes counted per entry beyond its buffers: key, header pairs, list node. */
const ENTRY_OVERHEAD_BYTES = 1_024;
/**
 * Brotli quality for a stored page. Measured on a 190 kB product page: quality 5 costs 1.4 ms of CPU,
 * 9 costs 15 ms for a few percent fewer bytes — too much for a miss, which every change causes.
 */
const BROTLI_QUALITY = 5;
/** gzip level for a stored page (zlib's default: about 1.5 ms on the same page). */
const GZIP_LEVEL = 6;

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Renders joined by a request for the same page while one was under way (single-flight). */
  shared: number;
}

/**
 * The server-rendered pages of one process, by URL (docs/performance.md):
 * - bounded in bytes (`maxBytes`: both encodings), least recently used first out;
 * - emptied per topic (`drop`), which the invalidation bus calls here and for every other process's
 *   change (ADR 022); an entry lives `ttlMs` at most, the backstop for a change nobody announces;
 * - one render per URL at a time: requests for a page being rendered wait for it (`render`);
 * - a render that began before a change to one of its topics is served to its waiters but not kept.
 */
export function createPageCache({
  maxBytes,
  ttlMs,
  onForeignScripts,
}: {
  maxBytes: number;
  ttlMs: number;
  /** Told of a page holding inline scripts its renderer did not emit (an injection: they stay blocked). */
  onForeignScripts?: (key: string, count: number) => void;
}) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page) => page.br.length + page.gzip.length + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs,
    // Through the global, so a test's fake clock is this cache's clock too.
    perf: { now: () => performance.now() },
    // An expired page is never sent again: it leaves when it expires, not when the bytes run out.
    ttlAutopurge: true,
  });
  const inFlight = new Map<string, Promise<CachedPage | RenderedPage>>();
  /** Bumped by every drop of a topic: a render that saw another generation is not kept. */
  const generations = new Map<Topic, number>();
  const stats = { hits: 0, misses: 0, shared: 0 };
  const enabled = maxBytes > 0;

  const generationOf = (topics: readonly Topic[]) => topics.map((t) => generations.get(t) ?? 0).join(',');

  return {
    enabled,

    /** The stored page for `key`, or undefined. */
    get(key: string): CachedPage | undefined {
      if (!enabled) return undefined;
      const page = pages.get(key);
      if (page) stats.hits += 1;
      return page;
    },

    /**
     * The page for `key`: rendered by `render` unless a render of it is under way (then that one's
     * result). A 200 without cookies is kept — unless one of `topics` changed meanwhile — and answered
     * as a `CachedPage`; anything else is answered as rendered, to this caller only: a waiter whose
     * leader got something it could not share renders on its own (`undefined`).
     */
    async render(
      key: string,
      topics: readonly Topic[],
      render: () => Promise<RenderedPage>,
    ): Promise<CachedPage | RenderedPage | undefined> {
      const pending = inFlight.get(key);
      if (pending) {
        stats.shared += 1;
        const result = await pending.catch(() => undefined);
        return result && isCached(result) ? result : undefined;
      }
      stats.misses += 1;
      const generation = generationOf(topics);
      const promise = (async () => {
        const rendered = await render();
        if (rendered.status !== 200 || rendered.cookies.length > 0) return rendered;
        const page = await toCachedPage(rendered, topics);
        if (page.foreignScripts > 0) onForeignScripts?.(key, page.foreignScripts);
        if (enabled && generationOf(topics) === generation) pages.set(key, page);
        return page;
      })();
      inFlight.set(key, promise);
      try {
        return await promise;
      } finally {
        inFlight.delete(key);
      }
    },

    /** Forgets every page that depends on `topic` (after a change to it committed, here or elsewhere). */
    drop(topic: Topic) {
      generations.set(topic, (generations.get(topic) ?? 0) + 1);
      const stale = [...pages.entries()].filter(([, page]) => page.topics.includes(topic));
      for (const [key] of stale) pages.delete(key);
    },

    stats(): PageCacheStats {
      return { entries: pages.size, bytes: pages.calculatedSize, maxBytes: enabled ? maxBytes : 0, ...stats };
    },

    /** The stored pages (tests: what a cache holds is what anyone may be sent). */
    entries(): [string, CachedPage][] {
      return [...pages.entries()];
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

export function isCached(page: CachedPage | RenderedPage): page is CachedPage {
  return 'etag' in page;
}

/** Compresses and fingerprints a rendered 200 once, for every request that will get it. */
async function toCachedPage(rendered: RenderedPage, topics: readonly Topic[]): Promise<CachedPage> {
  const html = rendered.body.toString('utf8');
  const scripts = inlineScriptHashes(html, rendered.nonce);
  // The mark is this render's alone and the stored page's policy names no nonce: it goes. Only attributes
  // carry it — React writes each as ` nonce="…"` — and text cannot, as nobody knew it before the render.
  const body = Buffer.from(html.replaceAll(` nonce="${rendered.nonce}"`, ''), 'utf8');
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: GZIP_LEVEL }),
  ]);
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    headers: rendered.headers,
    length: body.length,
    br,
    gzip: gz,
    etag: `W/"${digest}"`,
    scriptHashes: scripts.hashes,
    foreignScripts: scripts.foreign,
    topics,
  };
}

/** The document of a kept page, uncompressed (for a client that accepts neither stored encoding). */
export function documentOf(page: CachedPage): Buffer {
  return zlib.gunzipSync(page.gzip);
}

/**
 * `'sha256-…'` of the text of every inline `<script>` (one without `src`) in a document whose opening tag
 * carries `nonce="<nonce>"`, in order, without repeats: what a content security policy lists to allow
 * exactly these scripts (CSP3 §8.3). The text is hashed as the browser reads it: UTF-8, line breaks
 * normalised to LF (HTML's input stream). `foreign` counts the inline scripts without that nonce: ones the
 * renderer did not emit (ADR 027) — HTML that reached the page as content — which are never hashed, so the
 * policy keeps blocking them.
 *
 * Reads documents React renders, whose text and attributes are escaped: `<script` can only start a
 * tag and `</script` only end one. One pass over the document (indexOf moves forward only).
 */
export function inlineScriptHashes(html: string, nonce: string): { hashes: string[]; foreign: number } {
  const hashes: string[] = [];
  let foreign = 0;
  const mark = `nonce="${nonce}"`;
  const lower = html.toLowerCase();
  let at = 0;
  for (;;) {
    const open = lower.indexOf('<script', at);
    if (open === -1) break;
    const afterName = lower.charAt(open + 7);
    const tagEnd = lower.indexOf('>', open);
    if (tagEnd === -1) break;
    // `<scripts…>` or similar is not a script tag.
    if (!/[\s>/]/.test(afterName)) {
      at = open + 7;
      continue;
    }
    const close = lower.indexOf('</script', tagEnd + 1);
    if (close === -1) break;
    const attributes = lower.slice(open + 7, tagEnd);
    if (!/\ssrc\s*=/.test(` ${attributes}`)) {
      if (nonce === '' || !` ${html.slice(open + 7, tagEnd)}`.includes(` ${mark}`)) {
        foreign += 1;
        at = close + 8;
        continue;
      }
      const text = html.slice(tagEnd + 1, close).replace(/\r\n?/g, '\n');
      const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      if (!hashes.includes(hash)) hashes.push(hash);
    }
    at = close + 8;
  }
  return { hashes, foreign };
}

/**
 * Whether an `If-None-Match` value names `etag` (weak comparison, RFC 9110 §13.1.2): `*`, or one of a
 * comma-separated list of entity tags, `W/` or not. Linear in the header's length.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*') return true;
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/** The cookie naming the currency a shopper chose (apps/web/app/lib/currency-cookie.ts). */
const CURRENCY_COOKIE = 'currency';
const SHIP_TO_COOKIE = 'ship_to';
/** Longer than any cookie header a browser sends for this shop; past it no currency is read. */
const MAX_COOKIE_HEADER = 8_192;

/**
 * Where a page is kept, and the cookies its render may read. Pages show prices in the shopper's currency
 * and market (docs/adr/050-currencies.md): a `currency` cookie naming one of the shop's `presentment`
 * currencies, and a `ship_to` cookie naming one of the `countries` its shipping zones name, get that
 * pair's copy of the URL, and its render those cookies alone; any other cookie, the base currency's name
 * included, is as if not sent: no such cookie gets the base copy, rendered without cookies. Linear in the header.
 */
export function pageKeyOf(
  url: string,
  cookieHeader: string | undefined,
  presentment: readonly string[],
  countries: readonly string[] = [],
): { key: string; cookie?: string } {
  const code = cookieValue(cookieHeader, CURRENCY_COOKIE);
  const country = cookieValue(cookieHeader, SHIP_TO_COOKIE);
  const kept = [
    ...(code !== undefined && presentment.includes(code) ? [`${CURRENCY_COOKIE}=${code}`] : []),
    ...(country !== undefined && countries.includes(country) ? [`${SHIP_TO_COOKIE}=${country}`] : []),
  ];
  if (kept.length === 0) return { key: url };
  // A fragment never reaches the server: no URL can spell this key.
  return { key: `${url}#${kept.join('&')}`, cookie: kept.join('; ') };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > MAX_COOKIE_HEADER) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
