import { defineConfig, devices } from '@playwright/test';
import { SERVER_COMMAND } from './scripts/api.mjs';

/** Browser tests run Debian's Chromium against the real shop on a fresh embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'E2e-Admin-Passw0rd' };
/** Where the e2e shop keeps its data (its embedded PostgreSQL among it: e2e/support/database.ts). */
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;
/** The test mailbox the shop sends to over SMTP (e2e/support/mail-sink.ts); ports follow E2E_PORT. */
export const MAIL_SINK = { smtpPort: PORT + 1000, httpPort: PORT + 2000 };
/**
 * A second shop, started with SEED=none: an owner builds their own shop there from nothing (the
 * `*.owner.spec.ts` files), while the demo shop serves every other test.
 */
export const OWNER_PORT = PORT + 5;
const OWNER_DATA_DIR = `.tmp/e2e-owner-data-${OWNER_PORT}`;

/** A shop as `npm start` runs it, memory bounds included (ADR 034), on a fresh embedded database. */
function shopServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && ${SERVER_COMMAND}`,
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM, so the shop stops its embedded PostgreSQL itself (a SIGKILL left the postmaster running).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1: one shared address, like an office behind NAT.
      RATE_LIMIT_SCALE: '50',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK.smtpPort}`,
      // A refused mail is failed at once (no backoff to wait out), so the outbox test can retry it.
      MAIL_MAX_ATTEMPTS: '1',
      // The start is a production one; cards go to the demo provider (the test cards), and the
      // pages say "Demo mode — no real payment". No Stripe keys, whatever the machine's environment has.
      PAYMENTS: 'demo',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two browsers and the shop share two cores in CI: a test that walks every admin page or runs axe
  // three times needs more than 30 s there, though it asserts no duration.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [/\.global\.spec\.ts$/, /\.owner\.spec\.ts$/],
    },
    // Tests that change what every shopper sees (settings, maintenance mode, new products in the
    // catalogue) run after all others, one at a time, so no other test sees the shop mid-change.
    {
      name: 'shop-wide',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /\.global\.spec\.ts$/,
      dependencies: ['chromium'],
      workers: 1,
      fullyParallel: false,
    },
    // The owner's own shop (SEED=none), a server of its own: nothing there is the demo's.
    {
      name: 'owner-shop',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${OWNER_PORT}` },
      testMatch: /\.owner\.spec\.ts$/,
      workers: 1,
      fullyParallel: false,
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/support/mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_SINK.httpPort}/mails`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK.smtpPort), MAIL_SINK_HTTP_PORT: String(MAIL_SINK.httpPort) },
    },
    shopServer(PORT, E2E_DATA_DIR),
    // A production start without a card provider: the shop takes what its owner sets up, invoices here.
    shopServer(OWNER_PORT, OWNER_DATA_DIR, { SEED: 'none', NODE_ENV: 'production', PAYMENTS: '' }),
  ],
});
