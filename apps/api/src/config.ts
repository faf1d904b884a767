import { isIP } from 'node:net';
import path from 'node:path';
import { trimEndChar } from '@shop/contracts/text';
import { z } from 'zod';
import { isCommonPassword } from './lib/passwords.ts';

/**
 * The one place that reads process.env. Every setting of docs/architecture.md §4, validated at start:
 * a bad value names the field and stops the process.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    });

/** An optional secret in a known shape; empty means unset. */
const secretSetting = (shape: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || shape.test(v), { message });

/** proxy-addr's names for private ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8` or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For names the client — their addresses
 * or CIDR ranges, comma-separated. Unset: nobody's, the connection's address counts. `true` and hop
 * counts are refused: both believe a client that reaches the shop directly and names itself any address
 * (and with it any rate-limit bucket); Fastify itself now ignores hop counts for that reason.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | string[] => {
    if (!value) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad === undefined) return entries;
    const why =
      bad === 'true' || /^\d+$/.test(bad)
        ? `"${bad}" would believe any client that reaches the shop directly`
        : `"${bad}" is not an address or CIDR range`;
    ctx.addIssue({ code: 'custom', message: `${why}: list the proxies in front of the shop, e.g. 10.0.0.0/8` });
    return z.NEVER;
  });

/** Five crontab fields: minute hour day-of-month month day-of-week (e.g. `17 3 * * *`). */
const cronSchedule = z
  .string()
  .trim()
  .regex(/^[\d*,/-]+(\s+[\d*,/-]+){4}$/, 'must be five crontab fields, e.g. "17 3 * * *"');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /**
   * How long a request waits for a database connection — a free one from the pool or a
   * new one — before it answers 503. Bounds what a stalled or unreachable database can hold.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  /**
   * The longest one statement of a storefront or shopper request may run (PostgreSQL's
   * statement_timeout; the driver gives up 1 s later if the server does not answer at all). Short, so a
   * stalled database holds the requests in flight seconds, not half a minute; migrations and the first
   * seed run on a connection of their own without it.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** The same bound for the admin's exports, imports and reports, which read or write much more at once. */
  DB_ADMIN_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** Put before every Redis key and channel, so shops (or test runs) sharing one Redis stay apart. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1-64 letters, digits or : _ . -')
    .default('shop:'),
  /**
   * How long one Redis command may take before the shop stops waiting and counts limits in memory.
   */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  /** The memory the answer caches of one process may hold, in megabytes. */
  CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(32),
  /**
   * The memory the page cache of one process may hold (every page the same for everyone, with
   * its brotli and gzip forms), in megabytes; 0 renders every page on every request.
   */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).max(4096).default(16),
  /**
   * How long one listing answer (a page of products, a brand facet) is shared by the requests asking the
   * same: 0 turns that cache off, so every listing runs its query (the bench measures them so).
   */
  LISTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * How long a guest's quote answer (no discount code) is shared by the quotes asking the same, at most
   * one second (docs/adr/051-guest-quote-cache.md): 0 prices every quote from the rows.
   */
  QUOTE_CACHE_MS: z.coerce.number().int().min(0).max(1_000).default(1_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    // The first admin is held to the common-password list like everyone else.
    .refine((p) => !isCommonPassword(p), 'is a common password: choose one that is harder to guess')
    .optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplies every per-client rate limit (auth, forms): raise it where many users share one address. */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  TRUST_PROXY: trustProxy,
  DEMO_LOADER_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** The bearer token Prometheus sends for GET /metrics; unset, /metrics does not exist. */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM/SIGINT, how long requests in flight get to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Where `npm run backup` and the scheduled backup write, how often, how many kept. */
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_EVERY: z.enum(['off', 'hourly', 'daily']).default('off'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Run the job workers in this process (`off` for web-only processes beside `npm run worker`). */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Jobs one process runs at once. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** A mail is `failed` after this many failed sends (retried with backoff in between). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  /** Schedules (5-field crontab, server time zone UTC-based as graphile-worker reads it). */
  SCHEDULE_ORDER_SWEEP: cronSchedule.default('* * * * *'),
  SCHEDULE_RETENTION: cronSchedule.default('17 3 * * *'),
  SCHEDULE_PAY_LATER_REMINDERS: cronSchedule.default('0 8 * * *'),
  /** Retention: mail bodies, error reports, and spent sign-in tokens older than this are purged. */
  RETENTION_DAYS_OUTBOX: z.coerce.number().int().min(1).max(3650).default(90),
  RETENTION_DAYS_ERROR_REPORTS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_DAYS_TOKENS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How long fetching one picture of a product import may take (redirects included). */
  IMPORT_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Let product imports fetch pictures from private and loopback addresses (tests, a catalogue
   * on the same network). Off, such addresses are refused, redirects and DNS answers included.
   */
  IMPORT_IMAGES_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** `production` makes a start without a payment provider refuse card payments. */
  NODE_ENV: z.string().optional(),
  /**
   * `demo` turns the built-in test provider on even in a production start (every checkout
   * page and the admin then say "Demo mode — no real payment"). Unset, it is on only outside production
   * and only while Stripe is not configured.
   */
  PAYMENTS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['demo'], { error: 'must be demo, or unset' }).optional(),
  ),
  /** Stripe, all three or none; from the environment only, never the database or the admin. */
  STRIPE_SECRET_KEY: secretSetting(
    /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
    'must be a Stripe secret key (sk_test_…, sk_live_…)',
  ),
  STRIPE_PUBLISHABLE_KEY: secretSetting(
    /^pk_(test|live)_[A-Za-z0-9]{8,}$/,
    'must be a Stripe publishable key (pk_test_…, pk_live_…)',
  ),
  STRIPE_WEBHOOK_SECRET: secretSetting(
    /^whsec_[A-Za-z0-9+/=]{8,}$/,
    'must be a Stripe webhook signing secret (whsec_…)',
  ),
  /** Where the Stripe API answers: unset for Stripe itself; a local stripe-mock or a test server otherwise. */
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  /** Where the built web app lives; tests and bench point elsewhere. */
  WEB_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/build')),
});

export type Config = z.infer<typeof schema> & {
  /**
   * Who takes cards — Stripe when its keys are set, else the demo provider when `PAYMENTS=demo`
   * or outside production, else nobody (card payments refused, pay later still works).
   */
  cardProvider: 'stripe' | 'demo' | null;
  dataDir: string;
  /** BACKUP_DIR, absolute. */
  backupDir: string;
  /** The base of every absolute link (pages, sitemap, robots.txt, mail): PUBLIC_URL, else fixed at start. */
  publicUrl: string;
};

/**
 * The shop's address when PUBLIC_URL is unset, fixed at start from HOST and PORT and never taken from a
 * request's Host or X-Forwarded-Host.
 */
function localUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const { data } = parsed;
  const stripeKeys = [data.STRIPE_SECRET_KEY, data.STRIPE_PUBLISHABLE_KEY, data.STRIPE_WEBHOOK_SECRET];
  const stripeSet = stripeKeys.filter((k) => k !== undefined).length;
  if (stripeSet > 0 && stripeSet < 3) {
    throw new ConfigError(
      'Invalid settings:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three, or none',
    );
  }
  if (stripeSet === 3 && data.PAYMENTS === 'demo') {
    throw new ConfigError(
      'Invalid settings:\n  PAYMENTS: demo cannot be on while Stripe is configured: unset one of them',
    );
  }
  const cardProvider =
    stripeSet === 3 ? 'stripe' : data.PAYMENTS === 'demo' || data.NODE_ENV !== 'production' ? 'demo' : null;
  const publicUrl = trimEndChar(data.PUBLIC_URL ?? localUrl(data.HOST, data.PORT), '/');
  return {
    ...data,
    cardProvider,
    dataDir: path.resolve(data.DATA_DIR),
    backupDir: path.resolve(data.BACKUP_DIR),
    publicUrl,
  };
}

export class ConfigError extends Error {}
