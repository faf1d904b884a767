import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config: TRUST_PROXY', () => {
  it('is off unless set, and takes addresses, CIDR ranges and proxy-addr’s range names', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8 , ::1, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each([
    ['true', /TRUST_PROXY: "true" would believe any client that reaches the shop directly/],
    ['1', /TRUST_PROXY: "1" would believe any client that reaches the shop directly/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is not an address/],
    ['10.0.0.1,', /"" is not an address/],
    ['proxy.example', /"proxy.example" is not an address/],
  ])('refuses %s and says what to give instead', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/list the proxies in front of the shop/);
  });
});

describe('config: the public address', () => {
  it('is PUBLIC_URL without a trailing slash, else fixed from HOST and PORT', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ HOST: '::1', PORT: '4100' }).publicUrl).toBe('http://[::1]:4100');
  });

  it('takes only an http or https PUBLIC_URL', () => {
    for (const value of ['javascript:alert(1)//', 'ftp://shop.example', 'shop.example']) {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/);
    }
  });
});

describe('config: database timeouts', () => {
  it('bounds waiting for a connection and a statement by default, and takes other bounds', () => {
    const defaults = loadConfig({});
    // Shopper and storefront statements are bounded short; the admin's exports and reports longer.
    expect([
      defaults.DB_CONNECT_TIMEOUT_MS,
      defaults.DB_STATEMENT_TIMEOUT_MS,
      defaults.DB_ADMIN_STATEMENT_TIMEOUT_MS,
    ]).toEqual([3_000, 5_000, 60_000]);
    const set = loadConfig({ DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '120000' });
    expect([set.DB_CONNECT_TIMEOUT_MS, set.DB_STATEMENT_TIMEOUT_MS]).toEqual([1_000, 120_000]);
  });

  it('refuses no bound at all and values that are not a number of milliseconds', () => {
    for (const value of ['0', '-1', 'soon', '1.5']) {
      expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: value })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
      expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: value })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    }
  });
});

describe('config: jobs, schedules and retention', () => {
  it('runs jobs in the server by default, with sensible schedules and retention', () => {
    const c = loadConfig({});
    expect(c.JOBS).toBe('on');
    expect(c.MAIL_MAX_ATTEMPTS).toBe(8);
    expect(c.SCHEDULE_ORDER_SWEEP).toBe('* * * * *');
    expect([c.RETENTION_DAYS_OUTBOX, c.RETENTION_DAYS_ERROR_REPORTS, c.RETENTION_DAYS_TOKENS]).toEqual([90, 30, 30]);
    expect(loadConfig({ JOBS: 'off', SCHEDULE_RETENTION: '*/5 3 * * 1-5' }).SCHEDULE_RETENTION).toBe('*/5 3 * * 1-5');
  });

  it('refuses a schedule that is not five crontab fields, and a JOBS other than on or off', () => {
    for (const value of ['every minute', '* * * *', '* * * * * *']) {
      expect(() => loadConfig({ SCHEDULE_ORDER_SWEEP: value })).toThrow(
        /SCHEDULE_ORDER_SWEEP: must be five crontab fields/,
      );
    }
    expect(() => loadConfig({ JOBS: 'yes' })).toThrow(/JOBS/);
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});

describe('config: who takes cards', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_51AbcdefGhijklmnop',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbcdefGhijklmnop',
    STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijklmnop',
  };

  it('Stripe when its three keys are set, in production or not', () => {
    expect(loadConfig(stripe).cardProvider).toBe('stripe');
    expect(loadConfig({ ...stripe, NODE_ENV: 'production' }).cardProvider).toBe('stripe');
  });

  it('the demo outside production or when PAYMENTS=demo; nobody in production without either', () => {
    expect(loadConfig({}).cardProvider).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development' }).cardProvider).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).cardProvider).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'demo' }).cardProvider).toBe('demo');
    // Empty settings count as unset.
    expect(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: '', PAYMENTS: '' }).cardProvider).toBeNull();
  });

  it('refuses one or two of the Stripe keys, and the demo beside them', () => {
    const { STRIPE_WEBHOOK_SECRET: _, ...two } = stripe;
    expect(() => loadConfig(two)).toThrow(/set all three, or none/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(/set all three, or none/);
    expect(() => loadConfig({ ...stripe, PAYMENTS: 'demo' })).toThrow(/PAYMENTS: demo cannot be on while Stripe/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS: must be demo, or unset/);
  });

  it('refuses keys of the wrong kind without echoing them', () => {
    const swapped = { ...stripe, STRIPE_SECRET_KEY: stripe.STRIPE_PUBLISHABLE_KEY };
    expect(() => loadConfig(swapped)).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    let message = '';
    try {
      loadConfig(swapped);
    } catch (err) {
      message = String(err);
    }
    expect(message).not.toContain(stripe.STRIPE_PUBLISHABLE_KEY);
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be/);
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });
});
