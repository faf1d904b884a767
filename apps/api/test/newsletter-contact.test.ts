import { NEWSLETTER_MSG } from '@shop/contracts/newsletter';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carts,
  contactMessages,
  mailOutbox,
  newsletterSubscribers,
  products,
  users,
  wishlistItems,
} from '../src/db/schema.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { freshIp, rowCount, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

let t: TestApp;
// Confirmation links reach only the reader's mailbox: the tests read them there.
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

function post(url: string, payload: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', ...opts.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** The mails delivered to an address (any case), newest first, once the queued ones are sent. */
async function mailsTo(email: string) {
  await t.drain();
  return sink.mailsTo(email);
}
function tokenIn(text: string): string {
  const m = text.match(/http:\/\/localhost:3000\/newsletter\/confirm\?token=([\w-]+)/);
  if (!m?.[1]) throw new Error(`no confirmation link in: ${text}`);
  return m[1];
}

describe('POST /api/newsletter', () => {
  it('stores the address with a hashed token and mails a confirmation link', async () => {
    const res = await post('/api/newsletter', { email: 'reader@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks for subscribing! Please check your inbox to confirm.' });
    const [mail] = await mailsTo('reader@example.com');
    const token = tokenIn(mail?.text ?? '');
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(row?.confirmTokenHash).toBe(hashToken(token));
    expect(row?.confirmTokenHash).not.toContain(token);
    expect(row?.confirmedAt).toBeNull();
  });

  it('confirms with the mailed token once; the token does not work twice', async () => {
    await post('/api/newsletter', { email: 'confirm@example.com' });
    const token = tokenIn((await mailsTo('confirm@example.com'))[0]?.text ?? '');
    const ok = await post('/api/newsletter/confirm', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: NEWSLETTER_MSG.confirmed });
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'confirm@example.com'));
    expect(row?.confirmedAt).toEqual(t.clock.now());
    const again = await post('/api/newsletter/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This confirmation link is invalid or has already been used');
    expect((await post('/api/newsletter/confirm', { token: 'made-up' })).statusCode).toBe(400);
    expect((await post('/api/newsletter/confirm', {})).json().message).toBe('token is required');
  });

  it('subscribing twice (any case) gives the same answer and one row; once confirmed, no more mail', async () => {
    const a = await post('/api/newsletter', { email: 'twice@example.com' });
    const b = await post('/api/newsletter', { email: 'Twice@Example.com' });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'twice@example.com'`);
    expect(rows).toHaveLength(1);
    // Only the newest link works.
    const mails = await mailsTo('twice@example.com');
    expect(mails).toHaveLength(2);
    const latest = tokenIn(mails[0]?.text ?? '');
    expect((await post('/api/newsletter/confirm', { token: latest })).statusCode).toBe(200);
    const c = await post('/api/newsletter', { email: 'twice@example.com' });
    expect(c.json()).toEqual(a.json());
    expect(await mailsTo('twice@example.com')).toHaveLength(2);
  });

  it('refuses bad e-mails with a clear 400 and writes nothing', async () => {
    const before = [await rowCount(t, newsletterSubscribers), await rowCount(t, mailOutbox)];
    const cases: [unknown, string | RegExp][] = [
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'plainaddress' }, 'Email is invalid'],
      [{ email: 'a@b' }, 'Email is invalid'],
      [{ email: 'a b@example.com' }, 'Email is invalid'],
      [{ email: 'a@example.com ' }, 'Email is invalid'],
      [{ email: "x' or 1=1 --" }, 'Email is invalid'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'Email is invalid'],
      [{ email: 42 }, 'Email is required'],
      [{ email: null }, 'Email is required'],
      [{ email: 'ok@example.com', admin: true }, 'Unrecognized key: "admin"'],
      ['{"email":', 'The request body is not valid JSON'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/newsletter', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect([await rowCount(t, newsletterSubscribers), await rowCount(t, mailOutbox)]).toEqual(before);
  });

  it('is rate limited per IP: the 11th request within a minute gets 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/newsletter', { email: `rl${i}@example.com` }, { ip })).statusCode).toBe(201);
    }
    const limited = await post('/api/newsletter', { email: 'rl10@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many/) });
    expect(await mailsTo('rl10@example.com')).toEqual([]);
    expect((await post('/api/newsletter', { email: 'rl10@example.com' })).statusCode).toBe(201);
  });
});

describe('POST /api/contact', () => {
  const valid = {
    email: 'shopper@example.com',
    inquiry_type: 'order',
    subject: 'Where is my parcel?',
    message: 'It has been a week.',
  };

  it('stores an anonymous message as an open ticket and answers 201', async () => {
    const res = await post('/api/contact', { ...valid, name: 'Sam' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks for your message! We will get back to you soon.' });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, valid.subject));
    expect(row).toMatchObject({ ...{ userId: null, name: 'Sam', email: valid.email }, inquiryType: 'order' });
    expect(row?.status).toBe('open');
  });

  it('links the message to the signed-in user, and refuses an invalid token', async () => {
    const u = await signedInUser(t);
    const res = await post('/api/contact', { ...valid, subject: 'signed in' }, { headers: u.headers });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'signed in'));
    expect(row?.userId).toBe(u.id);
    const bad = await post('/api/contact', valid, { headers: { authorization: 'Bearer forged' } });
    expect(bad.statusCode).toBe(401);
  });

  it('stores free text verbatim — markup, quotes and SQL words round-trip and nothing else changes', async () => {
    const counts = async () =>
      Promise.all([users, products, carts, wishlistItems, newsletterSubscribers].map((tb) => rowCount(t, tb)));
    const before = await counts();
    const subject = `<script>alert("x")</script> ' OR '1'='1`;
    const message = `Robert'); DROP TABLE users; --\n<img src=x onerror="alert(1)">\n"quoted" & ünïcödé ✓ \\ %_`;
    const res = await post('/api/contact', { ...valid, subject, message, name: `O'Brien <b>` });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
    expect(row?.message).toBe(message);
    expect(row?.name).toBe(`O'Brien <b>`);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await rowCount(t, contactMessages);
    const cases: [unknown, string | RegExp][] = [
      [{ ...valid, subject: undefined }, 'Subject is required'],
      [{ ...valid, subject: '   ' }, 'Subject is required'],
      [{ ...valid, message: undefined }, 'Message is required'],
      [{ ...valid, message: '' }, 'Message is required'],
      [{ ...valid, inquiry_type: 'billing' }, 'Choose an inquiry type'],
      [{ ...valid, inquiry_type: "general' --" }, 'Choose an inquiry type'],
      [{ ...valid, subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
      [{ ...valid, message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
      [{ ...valid, name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ ...valid, email: 'nope' }, 'Email is invalid'],
      [{ ...valid, user_id: 'someone' }, 'Unrecognized key: "user_id"'],
      ['not json', 'The request body is not valid JSON'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/contact', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const huge = await post('/api/contact', { ...valid, message: 'm'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(await rowCount(t, contactMessages)).toBe(before);
  });
});
