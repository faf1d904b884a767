/**
 * The scripts a page's HTML makes the browser load at once: module preloads, script sources and the
 * static imports of its inline module scripts. Paths that merely appear inside inline JSON (React Router's
 * route manifest names every chunk) are not loaded and do not count. Used by the docs/architecture.md §9 budget test
 * (apps/api/test/web.test.ts) and by the bench, so both report the same figure.
 */
export function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1]!.matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?\(?\s*"([^"]+\.js)"/g)) found.add(i[1]!);
  }
  return [...found].filter((p) => p.startsWith('/assets/'));
}
