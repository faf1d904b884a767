// Facts about the running shop that the browser tests and the bench share: the storefront's pages, the
// JavaScript `/` loads, and which built chunks belong to the admin area. Everything is read over HTTP
// from the shop itself, so it works for any build directory.
import zlib from 'node:zlib';
import { CONTENT_PAGES } from '../../apps/web/app/routes.ts';
import { initialScripts } from './initial-js.ts';

export interface StorefrontPage {
  name: string;
  path: string;
}

/**
 * Every storefront page of the route table (apps/web/app/routes.ts), one example URL each. Product and
 * category come from the live catalogue.
 */
export async function storefrontPages(base: string): Promise<StorefrontPage[]> {
  const list = (await (await fetch(`${base}/api/products?limit=1`)).json()) as {
    items: { id: string; category: string }[];
  };
  const product = list.items[0];
  if (!product) throw new Error('the catalogue is empty: seed the demo data first');
  return [
    { name: 'home', path: '/' },
    { name: 'products', path: '/products' },
    { name: 'category', path: `/products/category/${product.category}` },
    { name: 'product', path: `/products/${product.id}` },
    { name: 'cart', path: '/cart' },
    { name: 'wishlist', path: '/wishlist' },
    { name: 'checkout', path: '/checkout' },
    { name: 'orders', path: '/orders' },
    { name: 'account', path: '/account' },
    { name: 'account confirm e-mail', path: '/account/confirm-email/not-a-real-token' },
    { name: 'categories', path: '/categories' },
    { name: 'help', path: '/help' },
    { name: 'contact', path: '/contact' },
    { name: 'newsletter confirm', path: '/newsletter/confirm?token=not-a-real-token' },
    ...CONTENT_PAGES.map((page) => ({ name: `content: ${page}`, path: `/${page}` })),
    { name: 'auth login', path: '/auth/login' },
    { name: 'auth signup', path: '/auth/signup' },
    { name: 'auth forgot password', path: '/auth/forgot-password' },
    { name: 'auth reset password', path: '/auth/reset-password/not-a-real-token' },
    { name: '404', path: '/no/such/page' },
  ];
}

/** The /assets/*.js files an HTML page references (modulepreload links, module scripts, the manifest). */
export function scriptAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
}

/**
 * The initial JavaScript of a page in bytes of gzip (level 9): the sum over every script its HTML
 * references — the same figure as the budget test in apps/api/test/web.test.ts (docs/architecture.md §9: ≤ 120 kB for /).
 */
export async function initialJsGzipBytes(base: string, path = '/'): Promise<{ files: number; bytes: number }> {
  const html = await (await fetch(`${base}${path}`)).text();
  const scripts = initialScripts(html);
  let bytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer());
    bytes += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.length, bytes };
}

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  [key: string]: unknown;
}
interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** React Router's client manifest (route → chunks), as the browser gets it. */
async function clientManifest(base: string): Promise<ClientManifest> {
  const html = await (await fetch(`${base}/`)).text();
  const url = scriptAssets(html).find((p) => /\/assets\/manifest-[\w-]+\.js$/.test(p));
  if (!url) throw new Error('no React Router manifest referenced by the HTML of /');
  const source = await (await fetch(`${base}${url}`)).text();
  return JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as ClientManifest;
}

/** A route's own module files: its module and its split-off parts (clientLoader, HydrateFallback, …). */
function ownModules(route: ManifestRoute): string[] {
  return Object.entries(route)
    .filter(([key, value]) => (key === 'module' || key.endsWith('Module')) && typeof value === 'string')
    .map(([, value]) => value as string);
}
const routeFiles = (route: ManifestRoute) => [...ownModules(route), ...(route.imports ?? [])];

/** An admin route: everything under routes/admin in the route table (docs/architecture.md §3). */
export const isAdminRoute = (id: string) => id.startsWith('routes/admin/');

/**
 * The chunks that belong to the admin area (docs/architecture.md §9: admin code never in a storefront chunk):
 * - every module file of an admin route (its source is routes/admin/…), and
 * - every chunk reachable from admin routes — statically or through import() — that no storefront
 *   route and not the client entry can reach: code only the admin area uses.
 * References between chunks are read from the built files themselves, so import() chunks count too.
 */
export async function adminChunks(base: string): Promise<Set<string>> {
  const manifest = await clientManifest(base);
  const exists = new Map<string, Promise<boolean>>();
  const isFile = (file: string) => {
    let known = exists.get(file);
    if (!known) {
      known = fetch(`${base}${file}`, { method: 'HEAD' }).then((r) => r.ok);
      exists.set(file, known);
    }
    return known;
  };
  const refs = new Map<string, Promise<string[]>>();
  const references = (file: string) => {
    let known = refs.get(file);
    if (!known) {
      known = (async () => {
        const res = await fetch(`${base}${file}`);
        if (!res.ok) return [];
        const names = new Set([...(await res.text()).matchAll(/[\w.-]+\.js(?=["'`])/g)].map((m) => `/assets/${m[0]}`));
        names.delete(file);
        // Only names that are files of the build count: a string in the code may merely look like one.
        const checked = await Promise.all([...names].map(async (f) => ((await isFile(f)) ? f : null)));
        return checked.filter((f): f is string => f !== null);
      })();
      refs.set(file, known);
    }
    return known;
  };
  const reach = async (roots: string[]) => {
    const seen = new Set<string>();
    let frontier = roots;
    while (frontier.length > 0) {
      const fresh = frontier.filter((f) => !seen.has(f));
      for (const f of fresh) seen.add(f);
      frontier = (await Promise.all(fresh.map(references))).flat();
    }
    return seen;
  };

  const routes = Object.values(manifest.routes);
  const adminRoutes = routes.filter((r) => isAdminRoute(r.id));
  const fromAdmin = await reach(adminRoutes.flatMap(routeFiles));
  const fromStorefront = await reach([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.filter((r) => !isAdminRoute(r.id)).flatMap(routeFiles),
  ]);
  const result = new Set([...fromAdmin].filter((f) => !fromStorefront.has(f)));
  for (const file of adminRoutes.flatMap(ownModules)) result.add(file);
  return result;
}
