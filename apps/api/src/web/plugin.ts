import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { MAINTENANCE_MSG } from '@shop/contracts/admin-settings';
import { ERROR_CODES } from '@shop/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteObject, ServerBuild } from 'react-router';
import type { RunnableDevEnvironment } from 'vite';
import type { Config } from '../config.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailable } from '../db/errors.ts';
import { AppError, notFound } from '../errors.ts';
import type { Clock } from '../lib/clock.ts';
import { TOPICS, type Topic } from '../lib/invalidation.ts';
import { pageOpenDuringMaintenance, previewTokenOf } from '../modules/settings/index.ts';
import { SECURITY_HEADERS } from '../plugins/security-headers.ts';
import type { Services } from '../services.ts';
import { COMPRESSIBLE, compressed, pickEncoding } from './compression.ts';
import {
  type CachedPage,
  createPageCache,
  documentOf,
  isCached,
  matchesEtag,
  type PageCache,
  pageKeyOf,
  type RenderedPage,
} from './page-cache.ts';
import { createThrottledLog } from './throttled-log.ts';

/** Form posts to pages are small; uploads go to /api with their own limit. */
const WEB_BODY_LIMIT = 1024 * 1024;
/** The answer to a form post to a page that takes none (its error page; no route's name in it). */
const PAGE_METHOD_NOT_ALLOWED: PageError = {
  status: 405,
  code: ERROR_CODES.methodNotAllowed,
  message: 'This page cannot be sent a form.',
};
/** A form post to a page in maintenance mode: the words and wait of the API's answer (settings/maintenance.ts). */
const PAGE_IN_MAINTENANCE: PageError = { status: 503, code: ERROR_CODES.unavailable, message: MAINTENANCE_MSG };
const MAINTENANCE_RETRY_AFTER_SECONDS = 300;
/** Pages whose forms post to them without JavaScript (their route's `action`). */
const FORM_PAGES = ['/contact', '/newsletter', '/currency'] as const;
/** The API's limit on its anonymous forms, per address (modules/contact/routes.ts). */
const FORM_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
/** Fingerprinted build output: a name never changes its content (docs/architecture.md §8). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** favicon and other unfingerprinted public files may change with a deploy. */
const SHORT_CACHE = 'public, max-age=3600';
/** Build output: a miss there is a 404 in the API's error format, not a rendered page (/media has its own). */
const ASSETS_PREFIX = '/assets/';
/** React Router's server build, as its Vite plugin serves it to a dev server. */
const DEV_SERVER_BUILD = 'virtual:react-router/server-build';
/**
 * A cached page as browsers and shared caches may keep it. Browsers ask again every time (a 304
 * when nothing changed); a CDN may answer it for 10 s and, while it asks us again, for 60 s more.
 */
const SHARED_PAGE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';
/** The longest a page stays in the page cache: the backstop for a change nobody announces (ADR 027). */
const PAGE_CACHE_TTL_MS = 60_000;

/**
 * Serves the built web app (storefront + admin) from this process (docs/architecture.md §3, §8): fingerprinted
 * assets from `${WEB_BUILD_DIR}/client`, everything else through React Router's request handler, whose
 * loaders reach the services in-process through the load context.
 *
 * Pages are the fallback (Fastify's not-found handler) rather than a `/*` route, so every path the API
 * or the media routes own, including their own 404 answers, stays theirs.
 *
 * Sets NODE_ENV=production when it is unset, before the server build and React load: React picks its
 * build from NODE_ENV at import time and its development build must not serve pages.
 *
 * `dev` (npm run dev): no build; Vite serves the modules with hot reload and every
 * page renders from the current sources. Everything else — load context, maintenance, headers — is the same.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { services: Services; config: Config; clock: Clock; dev?: boolean },
) {
  const { services, config, clock } = opts;
  const buildDir = path.resolve(config.WEB_BUILD_DIR);
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const clientDir = path.join(buildDir, 'client');
  const { createRequestHandler, matchRoutes, isRouteErrorResponse } = await import('react-router');
  let handle: ReturnType<typeof createRequestHandler>;
  let cacheTopicsOf: (pathname: string) => readonly Topic[] | undefined = () => undefined;
  // In dev the routes are not known ahead: every form post goes to React Router, whose 405 is reported below.
  let acceptsFormPost: (pathname: string) => boolean = () => true;
  let vite: Awaited<ReturnType<typeof import('./dev.ts').createWebDevServer>> | undefined;
  if (opts.dev) {
    const { createWebDevServer } = await import('./dev.ts');
    vite = await createWebDevServer(app.server);
    const ssr = vite.environments.ssr as RunnableDevEnvironment;
    handle = createRequestHandler(() => ssr.runner.import<ServerBuild>(DEV_SERVER_BUILD), 'development');
    // Before HTTP closes: its HMR WebSocket would otherwise hold the shutdown open.
    app.addHook('preClose', () => vite?.close());
  } else {
    if (!fs.existsSync(serverEntry)) {
      throw new Error(
        `The web app is not built: ${serverEntry} is missing. Run \`npm run build\` at the repository root first.`,
      );
    }
    process.env.NODE_ENV ??= 'production';
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    handle = createRequestHandler(build, 'production');
    cacheTopicsOf = pageCacheTopics(build, matchRoutes);
    acceptsFormPost = routeHasAction(build, matchRoutes);
  }

  /**
   * React Router's errors (its handleError, apps/web/app/entry.server.tsx) and the pages' own, as one
   * structured line of the shop's log per cause and minute (throttled-log.ts). An answer a visitor caused
   * (4xx: a page posted to, a refused origin) is `info`; a failure of ours is `error`.
   */
  const throttled = createThrottledLog(app.log, clock);
  const reportError = (error: unknown, request: Request) => {
    const { pathname } = new URL(request.url);
    if (isRouteErrorResponse(error)) {
      const level = error.status >= 500 ? 'error' : 'info';
      throttled(
        level,
        `page ${error.status} ${request.method}`,
        { status: error.status, method: request.method, path: pathname },
        `page answered ${error.status} ${error.statusText}`,
      );
      return;
    }
    const err = error instanceof Error ? error : new Error(String(error));
    throttled(
      'error',
      `page error ${err.name}: ${err.message.slice(0, 200)}`,
      { method: request.method, path: pathname, err },
      'page render failed',
    );
  };
  // Pages the same for every visitor, kept per URL until what they show changes (page-cache.ts).
  // Not in dev, where every page must render from the current sources.
  const pageCache = createPageCache({
    maxBytes: opts.dev ? 0 : config.PAGE_CACHE_MAX_MB * 1024 * 1024,
    ttlMs: PAGE_CACHE_TTL_MS,
    // HTML that reached a page as content with a script in it: kept, and its script blocked (ADR 027).
    onForeignScripts: (key, count) =>
      throttled(
        'warn',
        `page foreign scripts ${key}`,
        { url: key, count },
        'page holds inline scripts it did not emit',
      ),
  });
  for (const topic of TOPICS) app.invalidation.subscribe(topic, () => pageCache.drop(topic));
  app.decorate('pageCache', pageCache);
  app.metrics.gauge(
    'shop_page_cache',
    'The page cache of this process: entries, bytes, max_bytes; hits, misses, shared renders since start',
    () => {
      const { entries, bytes, maxBytes, hits, misses, shared } = pageCache.stats();
      return { entries, bytes, max_bytes: maxBytes, hits, misses, shared };
    },
    'kind',
  );
  // Pages build absolute URLs (canonical links, og:url, JSON-LD, robots.txt, the
  // sitemap) from the request's URL, so its origin is the configured one, never the Host header's.
  const publicOrigin = new URL(config.publicUrl).origin;
  // Stripe's sources are allowed only while Stripe takes the cards.
  const pagePolicy = (scripts: string | { hashes: string[] }) =>
    contentSecurityPolicy(scripts, { stripe: config.cardProvider === 'stripe' });
  // Who takes cards comes from the environment (never the database), so pages read it here.
  const payments = {
    card: config.cardProvider,
    stripePublishableKey: config.cardProvider === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };

  await app.register(async (web) => {
    // React Router reads request bodies itself: no Fastify parser may consume them first.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));

    if (vite) {
      // Vite answers what it owns (modules, styles, public files, HMR pings) on the raw request; what
      // it passes on goes to the pages below.
      const middlewares = vite.middlewares;
      web.addHook('onRequest', (request, reply, done) => middlewares(request.raw, reply.raw, () => done()));
    }
    const assetsDir = path.join(clientDir, 'assets') + path.sep;
    if (!vite)
      await web.register(fastifyStatic, {
        root: clientDir,
        // One route per file present at start (the build does not change while running), so the API's
        // paths never fall into a static wildcard.
        wildcard: false,
        globIgnore: ['**/*.br', '**/*.gz'],
        preCompressed: true,
        index: false,
        cacheControl: false,
        decorateReply: false,
        setHeaders(reply, filePath) {
          reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : SHORT_CACHE);
        },
      });

    // Pages are the fallback; the pages that take a form post also have a route each, for the same limit
    // per address as the API route they stand in for (modules/contact/routes.ts, modules/newsletter/routes.ts).
    web.setNotFoundHandler(servePage);
    for (const url of FORM_PAGES) web.post(url, { config: FORM_RATE_LIMIT }, servePage);

    async function servePage(request: FastifyRequest, reply: FastifyReply) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith(ASSETS_PREFIX)) throw notFound('No such file');
      if (hasOversizedBody(request)) {
        throw new AppError(413, ERROR_CODES.payloadTooLarge, 'The request body is too large');
      }
      // While the database is known to be unreachable, the 503 page at once.
      if (services.health.knownUnreachable()) return databaseUnavailablePage(request, reply);
      let maintenanceOn: boolean;
      let preview: boolean;
      let cacheable: boolean;
      let presentment: string[] = [];
      let countries: string[] = [];
      try {
        // In maintenance mode every page but the admin area's answers 503 with the maintenance
        // page (the root loader throws it). One look at the cached settings per page. A
        // browser whose preview cookie belongs to an open staff session sees the storefront instead.
        maintenanceOn = !pageOpenDuringMaintenance(pathname) && (await services.settings.maintenance());
        preview = maintenanceOn && (await isStaffPreview(request.headers.cookie));
        cacheable = pageCache.enabled && !maintenanceOn && (request.method === 'GET' || request.method === 'HEAD');
        if (cacheable) ({ presentment, countries } = await marketChoices());
      } catch (err) {
        if (databaseUnavailable(err)) return databaseUnavailablePage(request, reply);
        throw err;
      }
      // A page the same for everyone shopping in one currency, from memory, or rendered once for everyone
      // asking for it.
      if (cacheable) {
        const { key, cookie } = pageKeyOf(request.url, request.headers.cookie, presentment, countries);
        const hit = pageCache.get(key);
        if (hit) return sendCachedPage(request, reply, hit);
        const topics = cacheTopicsOf(pathname);
        if (topics) {
          const render = () => renderWholePage(request, reply, cookie);
          const page = (await pageCache.render(key, topics, render)) ?? (await render());
          if (isCached(page)) return sendCachedPage(request, reply, page);
          if (page.status === 500 && (await services.health.database()) !== 'up') {
            return databaseUnavailablePage(request, reply);
          }
          const response = new Response(request.method === 'HEAD' ? null : new Uint8Array(page.body), {
            status: page.status,
            headers: [...page.headers, ...page.cookies.map((c): [string, string] => ['set-cookie', c])],
          });
          // Sent once, to this visitor: under the nonce its render gave the scripts it emitted.
          return sendWebResponse(request, reply, response, pagePolicy(page.nonce));
        }
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        // A page without an action (the footer's or a scanner's POST to `/`) is answered here: React Router's
        // 405 would carry the route's id in its text, and the form posts of the shop never reach one.
        if (!acceptsFormPost(pathname)) {
          throttled(
            'info',
            `page 405 ${request.method}`,
            { status: 405, method: request.method, path: pathname },
            'page answered 405 Method Not Allowed',
          );
          reply.header('allow', 'GET, HEAD');
          return errorPage(request, reply, PAGE_METHOD_NOT_ALLOWED, services);
        }
        // Maintenance stops shoppers' changes here as in the API: no action runs.
        if (maintenanceOn && !preview) {
          reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
          return errorPage(request, reply, PAGE_IN_MAINTENANCE, services);
        }
      }
      const nonce = randomBytes(16).toString('base64');
      const webRequest = toWebRequest(request, reply, publicOrigin);
      const response = await handle(webRequest, {
        services,
        payments,
        nonce,
        demoDelay: (signal?: AbortSignal) => clock.sleep(config.DEMO_LOADER_DELAY_MS, signal),
        maintenance: maintenanceOn && !preview,
        maintenancePreview: preview,
        reportError,
      });
      // A loader that failed because the database is unreachable made a 500 page; the
      // shopper gets the 503 page with Retry-After instead, as the API answers. Asked only after a 500.
      if (response.status === 500 && (await services.health.database()) !== 'up') {
        await response.body?.cancel().catch(() => {});
        return databaseUnavailablePage(request, reply);
      }
      // What a staff preview shows is not what the shop shows: no cache may keep or share it.
      return sendWebResponse(request, reply, response, pagePolicy(nonce), preview ? 'private, no-store' : undefined);
    }

    /** The codes of the currencies shoppers may choose besides the base (cached settings). */
    /** The currencies the shop offers beside its base, and the countries its zones name (the header's choices). */
    async function marketChoices(): Promise<{ presentment: string[]; countries: string[] }> {
      const { currencies, shippingZones } = await services.settings.get();
      return {
        presentment: currencies.presentment.map((c) => c.code),
        countries: shippingZones.flatMap((z) => (z.everywhereElse ? [] : z.countries)),
      };
    }

    /**
     * A page for the page cache: rendered whole, as anyone gets it — a GET without the visitor's cookies or
     * credentials but the currency and ship-to ones `pageKeyOf` allows, no maintenance (checked before). Its nonce marks
     * the inline scripts this render emits: the kept page's policy lists their hashes, and only theirs
     * (page-cache.ts, ADR 027).
     */
    async function renderWholePage(
      request: FastifyRequest,
      reply: FastifyReply,
      cookie: string | undefined,
    ): Promise<RenderedPage> {
      const nonce = randomBytes(16).toString('base64');
      const anonymous = toWebRequest(request, reply, publicOrigin, { anonymousGet: true, cookie });
      const response = await handle(anonymous, {
        services,
        payments,
        nonce,
        wholeDocument: true,
        demoDelay: (signal?: AbortSignal) => clock.sleep(config.DEMO_LOADER_DELAY_MS, signal),
        reportError,
      });
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(([name]) => !PAGE_CACHE_OWN_HEADERS.has(name));
      return { status: response.status, headers, body, cookies: response.headers.getSetCookie(), nonce };
    }

    /** A cached page: 304 when the browser holds this one, else its bytes in the encoding it accepts. */
    function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
      for (const [name, value] of page.headers) reply.header(name, value);
      reply.header('content-security-policy', cachedPolicy(page));
      reply.header('cache-control', SHARED_PAGE);
      reply.header('etag', page.etag);
      // Kept per currency and ship-to country (`pageKeyOf`): a shared cache must not give one shopper's copy to another.
      reply.header('vary', 'accept-encoding, cookie');
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      reply.status(200);
      if (request.method === 'HEAD') {
        const length = encoding === 'br' ? page.br.length : encoding === 'gzip' ? page.gzip.length : page.length;
        return reply.header('content-length', length).send();
      }
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : documentOf(page));
    }

    /** The services as they are while the database is gone: every call fails at once. */
    const unreachableServices = failingServices(services);

    /** The error page, 503, for a page the database is needed for while it cannot be reached. */
    function databaseUnavailablePage(request: FastifyRequest, reply: FastifyReply) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return errorPage(request, reply, {
        status: 503,
        code: ERROR_CODES.unavailable,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }

    /**
     * A page's error page with `error`'s status, rendered as a GET (a request's body is never read). Its
     * own loaders still run beside the root's, which throws the error page; by default they get services
     * that fail at once, as they must not wait for a database the page may say is gone.
     */
    async function errorPage(
      request: FastifyRequest,
      reply: FastifyReply,
      error: PageError,
      pageServices: Services = unreachableServices,
    ) {
      const nonce = randomBytes(16).toString('base64');
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      // Only GET renders a page (HEAD too, without a body); the request's body, if any, is never read.
      const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
      const response = await handle(new Request(new URL(`${publicOrigin}${request.url}`), { method, headers }), {
        services: pageServices,
        payments,
        nonce,
        demoDelay: () => Promise.resolve(),
        pageError: error,
        reportError,
      });
      return sendWebResponse(request, reply, response, pagePolicy(nonce), 'no-store');
    }
  });

  const cachedPolicies = new WeakMap<CachedPage, string>();
  function cachedPolicy(page: CachedPage): string {
    let policy = cachedPolicies.get(page);
    if (!policy) {
      policy = pagePolicy({ hashes: page.scriptHashes });
      cachedPolicies.set(page, policy);
    }
    return policy;
  }

  async function isStaffPreview(cookieHeader: string | undefined): Promise<boolean> {
    const token = previewTokenOf(cookieHeader);
    return token !== undefined && (await services.auth.isStaffPreview(token));
  }

  /**
   * A page address the router refuses before any route runs (a broken %-escape)
   * gets the shop's error page as HTML with that status, not a JSON answer. Written to the raw
   * response, as Fastify's own answer to such a request is (answerFrameworkError calls this).
   */
  return async function renderPageError(raw: RawRequest, res: ServerResponse, error: PageError): Promise<void> {
    const nonce = randomBytes(16).toString('base64');
    // The address as sent: the URL parser keeps broken escapes as they are; React Router reads them as text.
    const url = new URL(`${publicOrigin}${raw.url ?? '/'}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    // Only GET renders a page (HEAD too, without a body); the request's body, if any, is never read.
    const method = raw.method === 'HEAD' ? 'HEAD' : 'GET';
    const response = await handle(new Request(url, { method, headers }), {
      services,
      payments,
      nonce,
      // An error page waits for nothing.
      demoDelay: () => Promise.resolve(),
      pageError: error,
      reportError,
    });
    const html = method === 'HEAD' ? '' : await response.text();
    res.writeHead(error.status, {
      ...SECURITY_HEADERS,
      'content-type': response.headers.get('content-type') ?? 'text/html; charset=utf-8',
      'content-security-policy': pagePolicy(nonce),
      'cache-control': 'no-cache',
      'content-length': Buffer.byteLength(html),
    });
    res.end(html);
  };
}

/**
 * `services` with every method throwing, at the call, the error the driver raises for a lost connection:
 * for rendering the 503 page without touching the database. A throw, not a rejected promise: a loader that
 * starts two calls and awaits one would leave the other's rejection unhandled.
 */
export function failingServices(services: Services): Services {
  const unavailable = () => {
    const err = new Error('Connection terminated: the database is unreachable') as Error & { code: string };
    err.code = '08006';
    throw err;
  };
  const failing = (service: object) =>
    new Proxy(service, {
      get: (target, name, receiver) =>
        typeof Reflect.get(target, name, receiver) === 'function' ? unavailable : Reflect.get(target, name, receiver),
    });
  return new Proxy(services, {
    get: (target, name, receiver) => {
      const service = Reflect.get(target, name, receiver);
      return service !== null && typeof service === 'object' ? failing(service) : service;
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages this process keeps (set when it serves the web app). */
    pageCache?: PageCache;
  }
}

/** What the root loader throws for a page that cannot be served (its status, code and message). */
export interface PageError {
  status: number;
  code: string;
  message: string;
}
export type PageErrorRenderer = (raw: RawRequest, res: ServerResponse, error: PageError) => Promise<void>;
type RawRequest = Pick<IncomingMessage, 'url' | 'method' | 'headers'>;

/**
 * What Stripe.js needs on our pages, per Stripe's CSP guide — its script, its card fields and
 * 3-D Secure frames (js.stripe.com, hooks.stripe.com) and its API. Stripe now also serves from
 * subdomains of js.stripe.com, which the guide lists beside it.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * The strict policy for pages: scripts only from us, or inline with this response's nonce — or, for a
 * page sent to many (the page cache), inline with one of the listed hashes. With Stripe
 * configured pages may also load Stripe.js, show its frames and let it call its API; without
 * it nothing outside the shop is allowed (`frame-src` then falls back to `default-src 'self'`).
 */
export function contentSecurityPolicy(
  scripts: string | { hashes: readonly string[] },
  opts: { stripe?: boolean } = {},
): string {
  const stripe = (sources: readonly string[]) => (opts.stripe ? ` ${sources.join(' ')}` : '');
  const inline = typeof scripts === 'string' ? `'nonce-${scripts}'` : scripts.hashes.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${inline ? ` ${inline}` : ''}${stripe(STRIPE_SOURCES.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${stripe(STRIPE_SOURCES.connect)}`,
    ...(opts.stripe ? [`frame-src${stripe(STRIPE_SOURCES.frame)}`] : []),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What a request says of its sender: a page rendered for everyone never sees them. */
const PERSONAL_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);
/** Headers of a render the page cache sets itself, or never keeps. */
const PAGE_CACHE_OWN_HEADERS = new Set(['set-cookie', 'cache-control', 'content-length', 'etag', 'vary']);

/** The deepest route of a path, matched as the router matches it from a server build's routes. */
function deepestRoute(
  build: Pick<ServerBuild, 'routes'>,
  match: typeof import('react-router').matchRoutes,
): (pathname: string) => ServerBuild['routes'][string] | undefined {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  const tree = childrenOf(undefined);
  return (pathname) => {
    const id = match(tree, pathname)?.at(-1)?.route.id;
    return id ? build.routes[id] : undefined;
  };
}

/**
 * The routes whose `handle.pageCache` (apps/web/app/lib/page-cache.ts) says their page is the same for
 * every visitor, matched as the router matches them: the deepest route of a path decides. Returns the
 * topics of the matched route's page, or undefined when it must be rendered per request.
 */
export function pageCacheTopics(
  build: Pick<ServerBuild, 'routes'>,
  match: typeof import('react-router').matchRoutes,
): (pathname: string) => readonly Topic[] | undefined {
  const routeOf = deepestRoute(build, match);
  return (pathname) => {
    const declared = routeOf(pathname)?.module.handle as PageCacheHandle | undefined;
    const topics = declared?.pageCache?.topics;
    return Array.isArray(topics) && topics.length > 0 && topics.every((t) => TOPICS.includes(t)) ? topics : undefined;
  };
}

/**
 * Whether a form post to a path reaches an `action` (the router posts to the deepest route of the path;
 * `?index` is not used by the shop's forms).
 */
export function routeHasAction(
  build: Pick<ServerBuild, 'routes'>,
  match: typeof import('react-router').matchRoutes,
): (pathname: string) => boolean {
  const routeOf = deepestRoute(build, match);
  return (pathname) => typeof routeOf(pathname)?.module.action === 'function';
}
type PageCacheHandle = { pageCache?: { topics?: Topic[] } };

function hasOversizedBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > WEB_BODY_LIMIT;
}

/**
 * Fastify request → Web Request: same method, path, headers and body, on the shop's configured origin;
 * aborted when the client leaves.
 */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
  { anonymousGet = false, cookie }: { anonymousGet?: boolean; cookie?: string | undefined } = {},
): Request {
  // Concatenated, not resolved: a path like `//evil.example/x` must stay a path on our origin.
  const url = new URL(`${publicOrigin}${request.url}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // A page rendered for everyone cannot read who asked for it.
    if (anonymousGet && PERSONAL_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // The one cookie an anonymous render may read: the currency its page is kept for.
  if (anonymousGet && cookie) headers.set('cookie', cookie);

  const controller = new AbortController();
  // 'close' on the response before it finished means the client went away: stop loaders and rendering.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });

  const method = anonymousGet ? 'GET' : request.method;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = limitedBody(request.raw, WEB_BODY_LIMIT);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** The raw request body as a Web stream that fails once it grows past `limit` (chunked bodies too). */
function limitedBody(raw: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  const chunks = raw[Symbol.asyncIterator]();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) {
        controller.close();
        return;
      }
      received += value.length;
      if (received > limit) {
        controller.error(new Error('Request body too large'));
        raw.destroy();
        return;
      }
      controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/**
 * Web Response → Fastify reply: status, headers (each cookie separately), the pages' own content
 * security policy (the other security headers are every answer's, set at the root), body — text
 * compressed as the client accepts (compression.ts).
 */
function sendWebResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  policy: string,
  cacheControl?: string,
) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  reply.header('content-security-policy', policy);
  if (cacheControl) reply.header('cache-control', cacheControl);
  else if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');

  if (!response.body) return reply.send();

  const body = pumpFrom(response.body);
  const type = response.headers.get('content-type') ?? '';
  const encoded = response.headers.has('content-encoding');
  return reply.send(COMPRESSIBLE.test(type) && !encoded ? compressed(request, reply, body) : body);
}

/** A Node Readable that pulls the Web stream chunk by chunk (faster than Readable.fromWeb, docs/architecture.md §8). */
function pumpFrom(stream: ReadableStream<Uint8Array>): Readable {
  const reader = stream.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => {
          this.push(done ? null : value);
        },
        (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    },
    destroy(error, callback) {
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
