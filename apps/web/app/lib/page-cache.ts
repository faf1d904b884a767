/** The changes a cached page depends on; the API process empties it when one of them changes (ADR 022). */
export type PageCacheTopic = 'catalog' | 'settings' | 'content';

/**
 * A route's `handle` saying that its server render is the same for every visitor, so the API
 * process may keep the page and answer it from memory until one of its topics changes
 * (apps/api/src/web/page-cache.ts, docs/performance.md). Every storefront page shows the catalogue's
 * menu and the store's footer; `more` adds what the page itself reads.
 *
 * Only for routes whose loaders read no session, cookie or header: what they render is sent to anyone.
 */
export function pageCache(...more: Exclude<PageCacheTopic, 'catalog' | 'settings'>[]) {
  return { pageCache: { topics: ['catalog', 'settings', ...more] satisfies PageCacheTopic[] } };
}
