import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { logoFileUrl } from '@shop/contracts/admin-settings';
import { ERROR_CODES } from '@shop/contracts/errors';
import Fastify, { type FastifyBaseLogger, type FastifySchema } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { ZodType } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { badRequest } from './errors.ts';
import { createJobs, crontab, type Jobs, taskList } from './jobs/index.ts';
import { type Background, createBackground } from './lib/background.ts';
import { bodyLimitFor } from './lib/body-limit.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createInvalidation, type Invalidation } from './lib/invalidation.ts';
import { nestsDeeperThan } from './lib/json-depth.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { sealingKey } from './lib/seal.ts';
import { accountRoutes } from './modules/account/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { authRoutes, createTokenSigner } from './modules/auth/index.ts';
import { backInStockRoutes } from './modules/back-in-stock/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { catalogRoutes } from './modules/catalog/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { errorReportRoutes } from './modules/error-reports/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { invoiceRoutes } from './modules/invoices/index.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { type PaymentProvider, paymentWebhookRoutes } from './modules/payments/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { maintenanceHook } from './modules/settings/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { wishlistRoutes } from './modules/wishlist/index.ts';
import { authGuards } from './plugins/auth.ts';
import { registerDrain } from './plugins/drain.ts';
import {
  answerClientError,
  answerFrameworkError,
  databaseGate,
  registerErrorHandling,
  registerMethodGuard,
} from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { rateLimitStore } from './plugins/rate-limit-store.ts';
import { registerRequestId, requestIdGenerator } from './plugins/request-id.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createServices } from './services.ts';
import type { PageErrorRenderer } from './web/plugin.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /**
   * The pool of the admin's exports, imports and reports, whose statements may run longer
   * (DB_ADMIN_STATEMENT_TIMEOUT_MS); `database` when unset (tests).
   */
  adminDatabase?: Database;
  jwtSecret: string;
  clock?: Clock;
  mailer?: Mailer;
  redis?: Redis;
  logger?: FastifyBaseLogger;
  /** Serve the web app (storefront + admin) for every non-/api path: built, or from sources by Vite (`dev`). */
  web?: boolean | 'dev';
  /** The card provider (tests); by default the one the config names (services.ts). */
  paymentProvider?: PaymentProvider | null;
}

/** Bodies outside /api (none are parsed there) and the fallback; /api routes get their own (bodyLimitFor). */
const BODY_LIMIT = 100 * 1024;
/**
 * JSON bodies nested deeper than this are refused with 400 before anything walks them: no
 * route's body comes near it, and nothing downstream can be made to recurse.
 */
const MAX_JSON_DEPTH = 32;

/** Builds the whole app without listening: tests call `inject()`, server.ts listens. */
export async function buildApp(opts: AppOptions) {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  let renderPageError: PageErrorRenderer | undefined;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names.
    trustProxy: config.TRUST_PROXY,
    // Page addresses get the web app's error page once it is registered.
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply, renderPageError),
    clientErrorHandler: answerClientError,
    // An id for every request, a proxy's own only from a trusted proxy (plugins/request-id.ts).
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    // While draining, a request on an open connection is served (plugins/drain.ts).
    return503OnClosing: false,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    disableRequestLogging: true,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestLog(app);
  // docs/product.md §7: "all requests send JSON" — a bodiless DELETE may still say application/json; treat an
  // empty JSON body as no body instead of refusing it. Non-empty bodies keep Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(badRequest(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: every answer from here on, errors included, carries the security headers.
  registerSecurityHeaders(app);
  registerRequestId(app);
  registerMethodGuard(app);
  registerErrorHandling(app, { onDatabaseUnavailable: database.reportUnreachable });
  registerNulGuard(app);
  registerDrain(app);

  const { publicUrl } = config;
  const outbox = createMailer({
    db: database.db,
    clock,
    smtpUrl: config.SMTP_URL,
    fromAddress: `no-reply@${new URL(publicUrl).hostname}`,
    // Read when a mail is recorded or sent, by then `services` exists.
    letterhead: async () => {
      const { storeName, logo } = await services.settings.get();
      return { name: storeName, logoUrl: logo ? new URL(logoFileUrl(logo.id, 'logo.png'), publicUrl).href : null };
    },
    log: app.log,
    sealKey: sealingKey(opts.jwtSecret, 'mail outbox'),
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
  });
  const mailer = opts.mailer ?? outbox;
  const signer = createTokenSigner(opts.jwtSecret, clock);
  // Work kept off the request path; closing the app waits for it.
  const background = createBackground(app.log);
  app.addHook('onClose', () => background.drain());
  // Caches empty themselves on a change made by any process (server.ts starts the
  // transport between processes; until then, and in tests that build the app alone, it is local).
  const invalidation = createInvalidation(app.log);
  // Request, pool and domain metrics at GET /metrics (plugins/metrics.ts).
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const deps = {
    db: database.db,
    adminDb: (opts.adminDatabase ?? database).db,
    config,
    clock,
    mailer,
    signer,
    publicUrl,
    background,
    metrics,
    invalidation,
    // A key of its own for invoice links, derived from the JWT secret (HKDF, lib/seal.ts).
    invoiceLinkKey: sealingKey(opts.jwtSecret, 'invoice links'),
    probeDatabase: database.probe,
    databaseUnreachable: database.unreachable,
    ...(opts.paymentProvider !== undefined ? { paymentProvider: opts.paymentProvider } : {}),
  };
  const services = createServices(deps);
  const guards = authGuards(signer, services.auth.activeSession);
  app.decorate('services', services);
  // The durable jobs; server.ts (JOBS=on) or `npm run worker` starts the runner.
  const jobs = createJobs({
    pool: database.pool,
    log: app.log,
    tasks: (processKey) =>
      taskList(
        {
          db: database.db,
          pool: database.pool,
          clock,
          config,
          mail: outbox,
          orders: services.orders,
          backInStock: services.backInStock,
        },
        processKey,
      ),
    crontab: crontab(config),
    concurrency: config.JOBS_CONCURRENCY,
  });
  app.decorate('jobs', jobs);
  // The queue's depth and the jobs that used up their attempts, read when scraped (GET /metrics).
  metrics.gauge('shop_jobs', 'Jobs in the durable queue, by state', async () => jobs.stats(), 'state');
  app.addHook('onClose', () => jobs.stop());
  app.decorate('background', background);
  app.decorate('invalidation', invalidation);
  // The route table, as registered: the admin authorization matrix test walks it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema });
  });
  // An API route reads no more body than its schema can accept.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.bodyLimit === undefined) {
      route.bodyLimit = bodyLimitFor(route.schema?.body as ZodType | undefined);
    }
  });

  // RATE_LIMIT_SCALE applies to every route's own limit, in one place, as routes are added.
  // Limits objects may be shared between routes, so each route gets a scaled copy.
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
    if (config.RATE_LIMIT_SCALE === 1 || !limit || typeof limit.max !== 'number') return;
    route.config = { ...route.config, rateLimit: { ...limit, max: Math.round(limit.max * config.RATE_LIMIT_SCALE) } };
  });

  // After the route table's hook, before the routes whose requests it counts.
  await registerMetrics(app, { metrics, pool: database.pool, token: config.METRICS_TOKEN });

  await app.register(rateLimit, {
    global: false,
    // Redis counts when it answers in time; otherwise this process counts. Never the
    // plugin's default store, which miscounts requests that arrive together (rate-limit-store.ts).
    store: rateLimitStore(opts.redis, `${config.REDIS_PREFIX}rl:`, app.log),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: ERROR_CODES.rateLimited,
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop API', version: '0.1.0', description: 'The API behind the storefront and the admin area.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // Maintenance mode stops shoppers' changes (503); staff and sign-in keep working.
      // A database known to be unreachable answers 503 at once.
      api.addHook('onRequest', databaseGate(database.unreachable));
      api.addHook('onRequest', maintenanceHook(services.settings));
      // The docs page runs Swagger UI's own scripts under its own policy; it may not be framed either.
      await api.register(swaggerUi, {
        routePrefix: '/docs',
        // The plugin sees only its own prefix; without the outer one `/api/docs` (no slash) links its
        // assets under `/docs/static/*`, a 404, and renders a blank page.
        indexPrefix: '/api',
        staticCSP: true,
        transformStaticCSP: (csp) => csp.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
      });
      const routeDeps = { services, guards };
      await api.register(healthRoutes, routeDeps);
      await api.register(authRoutes, { ...routeDeps, prefix: '/auth' });
      await api.register(usersRoutes, { ...routeDeps, prefix: '/users' });
      await api.register(accountRoutes, { ...routeDeps, prefix: '/users' });
      await api.register(catalogRoutes, routeDeps);
      await api.register(cartRoutes, { ...routeDeps, prefix: '/products' });
      await api.register(reviewsRoutes, routeDeps);
      await api.register(backInStockRoutes, routeDeps);
      await api.register(wishlistRoutes, { ...routeDeps, prefix: '/wishlist' });
      await api.register(newsletterRoutes, routeDeps);
      await api.register(contactRoutes, routeDeps);
      await api.register(errorReportRoutes, { ...routeDeps, prefix: '/error-reports' });
      await api.register(adminRoutes, { ...routeDeps, prefix: '/admin' });
      await api.register(contentRoutes, routeDeps);
      await api.register(checkoutRoutes, { ...routeDeps, prefix: '/checkout' });
      await api.register(ordersRoutes, { ...routeDeps, prefix: '/orders' });
      await api.register(invoiceRoutes, { ...routeDeps, prefix: '/orders' });
      api.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send({ message: `No API route ${request.method} ${request.url.split('?')[0]}`, code: ERROR_CODES.notFound }),
      );
    },
    { prefix: '/api' },
  );

  // Stripe's webhook, outside the /api scope's maintenance and database hooks (payments/routes.ts).
  await app.register(paymentWebhookRoutes, { services, guards, prefix: '/api/payments' });
  await app.register(mediaRoutes, { services, guards, prefix: '/media' });

  if (opts.web) {
    const { registerWeb } = await import('./web/plugin.ts');
    renderPageError = await registerWeb(app, { services, config, clock, dev: opts.web === 'dev' });
  }

  return app;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's zod schemas (body, querystring, params, headers, response) as declared. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ReturnType<typeof createServices>;
    routeTable: RouteEntry[];
    background: Background;
    metrics: Metrics;
    invalidation: Invalidation;
    jobs: Jobs;
  }
}
