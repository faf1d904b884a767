import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { startSummary } from './start-summary.ts';

const facts = {
  publicUrl: 'http://localhost:3000',
  publicUrlSet: false,
  dataDir: '/root/shop/data',
  databaseDir: '/root/shop/data/pg',
};

describe('the start summary', () => {
  it('first start with a generated password: URLs, data, and the sign-in in a box', () => {
    const text = startSummary({ ...facts, firstAdmin: { email: 'admin@shop.local', password: 'Gen3rated-pw' } });
    expect(text).toContain('Storefront  http://localhost:3000/');
    expect(text).toContain('Admin       http://localhost:3000/admin');
    expect(text).toContain('API docs    http://localhost:3000/api/docs/');
    expect(text).toContain('Data        /root/shop/data');
    expect(text).toContain('embedded PostgreSQL in /root/shop/data/pg');
    expect(text).toContain('set PUBLIC_URL');
    const lines = text.split('\n');
    const top = lines.findIndex((l) => l.trimStart().startsWith('┌'));
    const bottom = lines.findIndex((l) => l.trimStart().startsWith('└'));
    expect(top).toBeGreaterThan(0);
    const boxed = lines.slice(top, bottom + 1);
    // Every line of the box has the same width, and it holds both the e-mail and the password.
    expect(new Set(boxed.map((l) => l.length)).size).toBe(1);
    expect(boxed.some((l) => /│ E-mail +admin@shop\.local +│/.test(l))).toBe(true);
    expect(boxed.some((l) => /│ Password +Gen3rated-pw +│/.test(l))).toBe(true);
    // Short: a person reads it at a glance.
    expect(lines.length).toBeLessThan(20);
  });

  it('later starts, or a password from ADMIN_PASSWORD: no box, no password', () => {
    for (const firstAdmin of [undefined, { email: 'owner@example.com' }]) {
      const text = startSummary({ ...facts, publicUrlSet: true, firstAdmin });
      expect(text).not.toContain('┌');
      expect(text).not.toContain('Password');
      expect(text).not.toContain('PUBLIC_URL for');
    }
    expect(startSummary({ ...facts, firstAdmin: { email: 'owner@example.com' } })).toContain(
      'owner@example.com created with the password from ADMIN_PASSWORD',
    );
  });

  it('says who takes cards: Stripe, the demo, or nobody', () => {
    expect(startSummary({ ...facts, cardProvider: 'stripe' })).toContain('Payments    cards through Stripe');
    expect(startSummary({ ...facts, cardProvider: 'demo' })).toContain('Payments    demo mode — no real payment');
    expect(startSummary({ ...facts, cardProvider: null })).toContain('Payments    pay later only');
  });

  it('says pay later waits for bank details, and that a shop with neither takes no order', () => {
    expect(startSummary({ ...facts, cardProvider: 'stripe', payLater: true })).toContain(
      'Payments    cards through Stripe, and pay later',
    );
    expect(startSummary({ ...facts, cardProvider: 'stripe', payLater: false })).toContain(
      'Payments    cards through Stripe; pay later once bank details are saved in admin Settings',
    );
    expect(startSummary({ ...facts, cardProvider: null, payLater: false })).toContain(
      'Payments    none yet — no order can be placed: pay later once bank details are saved in admin Settings',
    );
  });

  it('with DATABASE_URL it names no embedded database', () => {
    expect(startSummary({ ...facts, databaseDir: undefined })).toContain('Database    DATABASE_URL');
  });
});

describe('log lines (pino convention)', () => {
  function capture(readable: boolean) {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += chunk;
        done();
      },
    });
    const log = createLogger('info', sink, readable);
    log.info('embedded PostgreSQL ready');
    log.flush();
    return out;
  }

  it('JSON lines when stdout is not a terminal', () => {
    expect(JSON.parse(capture(false).trim())).toMatchObject({ level: 30, msg: 'embedded PostgreSQL ready' });
  });

  it('one readable line in a terminal', () => {
    const line = capture(true).trim();
    expect(line).toMatch(/^\S*\[\d\d:\d\d:\d\d\]\S* \S*INFO\S*:? \S*embedded PostgreSQL ready/);
    expect(line).not.toContain('{');
  });
});
