import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactMessages, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('refuses a NUL character anywhere — path, query or body — with a 400, never a database error', async () => {
  const before = [(await t.db.select().from(users)).length, (await t.db.select().from(contactMessages)).length];
  const requests = [
    t.app.inject('/api/products?category=%00'),
    t.app.inject('/api/products?q=phone%00'),
    t.app.inject('/api/products/%00abc'),
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'a@example.com', inquiry_type: 'general', subject: 'Hi\u0000', message: 'Hello' },
    }),
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: 'A',
        last_name: 'B',
        username: 'nul',
        email: 'n@example.com',
        password: 'Passw0rd!\u0000',
      },
    }),
  ];
  for (const res of await Promise.all(requests)) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Text must not contain NUL characters', code: 'BAD_REQUEST' });
  }
  const after = [(await t.db.select().from(users)).length, (await t.db.select().from(contactMessages)).length];
  expect(after).toEqual(before);
});

it('leaves page URLs to the pages, which drop what they cannot use', async () => {
  const page = await createTestApp({ web: true });
  try {
    const res = await page.app.inject('/products?category=%00');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  } finally {
    await page.close();
  }
});
