import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contentPages,
  discountCodes,
  invoices,
  mailOutbox,
  orders,
  refreshFamilies,
  ticketEntries,
} from '../src/db/schema.ts';
import { createSubscriber, createTicket, currentSettings, uniqueCode } from './admin-store-fixtures.ts';
import { authHeaders, createProduct, rowCount } from './cart-fixtures.ts';
import { parseCsv } from './csv-reader.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';
import { createDiscount, freshOrder, guestBody, PAY_LATER, placeOrder, quote } from './orders-fixtures.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  adminHeaders = await authHeaders(t, admin);
  staffHeaders = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = adminHeaders) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function auditOf(action: string, entityId?: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.filter((r) => entityId === undefined || r.entityId === entityId);
}

describe('discount codes', () => {
  it('creates a code that the checkout then honours for a shopper, audited', async () => {
    const code = uniqueCode('SPRING');
    const created = await call('POST', '/api/admin/discounts', {
      code: ` ${code.toLowerCase()} `,
      kind: 'fixed',
      value: 7.5,
      min_subtotal: 20,
      usage_limit: 5,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ code, kind: 'fixed', value: 7.5, min_subtotal: 20, used_count: 0, active: true });

    const p = await createProduct(t, { salePriceCents: 2500 });
    const q = await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: code.toLowerCase() }));
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ discount_code: code, totals: { subtotal: 25, discount: 7.5 } });
    const order = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: code }));
    expect(order.statusCode).toBe(201);

    const list = await call('GET', `/api/admin/discounts?q=${code}`);
    expect(list.json().items).toEqual([expect.objectContaining({ code, used_count: 1, usage_limit: 5 })]);
    const [entry] = await auditOf('discount.create', body.id);
    expect(entry).toMatchObject({ actorEmail: admin.email, entityType: 'discount', after: { code, value: 7.5 } });

    // A used code is not deleted: it is deactivated instead, and checkout then refuses it.
    const del = await call('DELETE', `/api/admin/discounts/${body.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This code has been used 1 time and cannot be deleted; deactivate it instead');
    const off = await call('PATCH', `/api/admin/discounts/${body.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, used_count: 1 });
    const refused = await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: code }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This discount code is not valid');
    const [update] = await auditOf('discount.update', body.id);
    expect(update?.before).toMatchObject({ active: true });
    expect(update?.after).toMatchObject({ active: false });

    // The usage limit cannot drop below the uses so far.
    const below = await call('PATCH', `/api/admin/discounts/${body.id}`, { usage_limit: 0 });
    expect(below.statusCode).toBe(400);
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, body.id));
    expect(row?.usageLimit).toBe(5);
  });

  it('a percent code with dates and a limit works at checkout while it runs', async () => {
    const code = uniqueCode('PCT');
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/admin/discounts', {
      code,
      kind: 'percent',
      value: 25,
      starts_at: new Date(now - 3600_000).toISOString(),
      expires_at: new Date(now + 3600_000).toISOString(),
      usage_limit: 2,
    });
    expect(res.statusCode).toBe(201);
    const p = await createProduct(t, { salePriceCents: 4000 });
    const q = await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: code }));
    expect(q.json().totals).toMatchObject({ subtotal: 40, discount: 10 });

    const limited = await call('PATCH', `/api/admin/discounts/${res.json().id}`, { usage_limit: 3 });
    expect(limited.json()).toMatchObject({ usage_limit: 3, kind: 'percent', value: 25 });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await rowCount(t, discountCodes);
    const cases: [unknown, number, string][] = [
      [{ code: uniqueCode(), kind: 'percent', value: 101 }, 400, 'A percentage must be a whole number from 1 to 100'],
      [{ code: uniqueCode(), kind: 'fixed', value: -5 }, 400, 'Value must be greater than 0'],
      [{ code: uniqueCode(), kind: 'fixed', value: 5, min_subtotal: -1 }, 400, 'Minimum subtotal must not be negative'],
      [{ code: 'BAD CODE!', kind: 'percent', value: 5 }, 400, 'Code may only contain letters A–Z, digits, - and _'],
      [
        {
          code: uniqueCode(),
          kind: 'percent',
          value: 5,
          starts_at: '2030-02-01T00:00:00Z',
          expires_at: '2030-01-01T00:00:00Z',
        },
        400,
        'The end must be after the start',
      ],
      [{ code: uniqueCode(), kind: 'percent', value: 5, starts_at: 'soon' }, 400, 'Start must be a date and time'],
      [{ code: 'welcome10', kind: 'percent', value: 5 }, 409, 'A discount code WELCOME10 already exists'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/api/admin/discounts', payload);
      expect([status, res.json().message]).toEqual([status, message]);
    }
    const existing = await createDiscount(t);
    const other = await createDiscount(t);
    const dup = await call('PATCH', `/api/admin/discounts/${other.id}`, { code: existing.code.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    const pct = await call('PATCH', `/api/admin/discounts/${other.id}`, { value: 150 });
    expect(pct.statusCode).toBe(400);
    expect(pct.json().message).toBe('A percentage must be a whole number from 1 to 100');
    expect(await rowCount(t, discountCodes)).toBe(before + 2);
    expect(await auditOf('discount.create')).toHaveLength(2);
  });

  it('deletes an unused code (audited) and 404s an unknown one', async () => {
    const unused = await createDiscount(t);
    const res = await call('DELETE', `/api/admin/discounts/${unused.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.id, unused.id))).toHaveLength(0);
    expect(await auditOf('discount.delete', unused.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/discounts/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('newsletter subscribers', () => {
  it('lists, filters and exports CSV that matches the rows', async () => {
    const tag = randomUUID().slice(0, 6);
    await createSubscriber(t, `a-${tag}@example.com`, true);
    t.clock.advance(1000);
    await createSubscriber(t, `b-${tag}@example.com`, false);
    const list = await call('GET', `/api/admin/newsletter-subscribers?q=${tag}`);
    expect(list.json()).toMatchObject({ total: 2 });
    expect(list.json().items.map((s: { email: string }) => s.email)).toEqual([
      `b-${tag}@example.com`,
      `a-${tag}@example.com`,
    ]);
    const pending = await call(
      'GET',
      `/api/admin/newsletter-subscribers?q=${tag}&status=pending`,
      undefined,
      staffHeaders,
    );
    expect(pending.json().items).toEqual([
      expect.objectContaining({ email: `b-${tag}@example.com`, status: 'pending', confirmed_at: null }),
    ]);

    const csv = await call('GET', `/api/admin/newsletter-subscribers?q=${tag}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(['email', 'status', 'subscribed_at', 'confirmed_at']);
    expect(rows.slice(1)).toEqual(
      list
        .json()
        .items.map((s: { email: string; status: string; subscribed_at: string; confirmed_at: string | null }) => [
          s.email,
          s.status,
          s.subscribed_at,
          s.confirmed_at ?? '',
        ]),
    );
  });
});

describe('settings', () => {
  it('are for admins only', async () => {
    expect((await call('GET', '/api/admin/settings', undefined, staffHeaders)).statusCode).toBe(403);
    const put = await call('PUT', '/api/admin/settings', await currentSettings(t), staffHeaders);
    expect(put.statusCode).toBe(403);
  });

  it('a new tax rate changes the checkout quote at once; audited with before and after', async () => {
    const original = await currentSettings(t);
    const p = await createProduct(t, { salePriceCents: 1000 });
    const body = guestBody([{ product_id: p.id, quantity: 1 }]);
    // Tax is on goods and shipping: 8 % of 15.99.
    expect((await quote(t, body)).json().totals).toMatchObject({ shipping: 5.99, tax: 1.28 });

    const next = {
      ...original,
      tax_rate_percent: 12.5,
      store_name: 'Corner Shop',
      contact_email: 'hello@corner.example',
      social_links: { ...original.social_links, instagram: 'https://instagram.com/corner' },
    };
    const res = await call('PUT', '/api/admin/settings', next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);
    // 12.5 % of 10 and of 5.99, each rounded half up: 1.25 + 0.75.
    expect((await quote(t, body)).json().totals).toMatchObject({ subtotal: 10, shipping: 5.99, tax: 2 });
    expect((await call('GET', '/api/admin/settings')).json()).toEqual(next);
    const profile = await t.app.services.settings.profile();
    expect(profile).toMatchObject({ name: 'Corner Shop', contactEmail: 'hello@corner.example' });
    expect(profile.social).toContainEqual({
      network: 'instagram',
      label: 'Instagram',
      url: 'https://instagram.com/corner',
    });

    const [entry] = await auditOf('settings.update');
    expect(entry?.before).toMatchObject({ tax_rate_percent: original.tax_rate_percent });
    expect(entry?.after).toMatchObject({ tax_rate_percent: 12.5, store_name: 'Corner Shop' });

    expect((await call('PUT', '/api/admin/settings', original)).statusCode).toBe(200);
    expect((await quote(t, body)).json().totals).toMatchObject({ shipping: 5.99, tax: 1.28 });
  });

  it('refuses bad values with a clear message and changes nothing', async () => {
    const original = await currentSettings(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ tax_rate_percent: -1 }, 'Tax rate must not be negative'],
      [{ tax_rate_percent: 51 }, 'Tax rate must be at most 50 %'],
      [{ pay_later_days: 0 }, 'Pay-later days must be at least 1'],
      [{ contact_email: 'nope' }, 'Contact e-mail must be a valid e-mail address'],
      [
        { social_links: { ...original.social_links, facebook: 'http://facebook.com/x' } },
        'Facebook link must be an https:// link',
      ],
      [{ store_name: '  ' }, 'Store name is required'],
    ];
    for (const [change, message] of cases) {
      const res = await call('PUT', '/api/admin/settings', { ...original, ...change });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await currentSettings(t)).toEqual(original);
  });

  it('keeps a store time zone: an IANA name, shown to staff, and the admin days follow it', async () => {
    const original = await currentSettings(t);
    expect(original.time_zone).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', 'EST5EDT ', '', 'x'.repeat(65), 'Europe/berlin']) {
      const res = await call('PUT', '/api/admin/settings', { ...original, time_zone: bad });
      expect([bad, res.statusCode, res.json().message]).toEqual([
        bad,
        400,
        'Time zone must be a time zone name such as Europe/Berlin',
      ]);
    }
    expect(await currentSettings(t)).toEqual(original);

    // An order placed at 03:00 UTC on 10 March 2021 was placed at 22:00 on the 9th in New York (EST).
    const { order } = await freshOrder(t);
    const placed = new Date('2021-03-10T03:00:00Z');
    await t.db.update(orders).set({ createdAt: placed }).where(eq(orders.id, order.id));
    const byDay = async () =>
      (await call('GET', '/api/admin/reports/sales?from=2021-03-09&to=2021-03-10&group=day', undefined, staffHeaders))
        .json()
        .periods.map((p: { period: string; orders: number }) => [p.period, p.orders]);
    expect(await byDay()).toEqual([
      ['2021-03-09', 0],
      ['2021-03-10', 1],
    ]);
    // The order list's day filter counts the same days.
    const listed = async (day: string) =>
      (await call('GET', `/api/admin/orders?q=${order.number}&from=${day}&to=${day}`, undefined, staffHeaders)).json()
        .total;
    expect([await listed('2021-03-09'), await listed('2021-03-10')]).toEqual([0, 1]);

    try {
      const saved = await call('PUT', '/api/admin/settings', { ...original, time_zone: ' America/New_York ' });
      expect([saved.statusCode, saved.json().time_zone]).toEqual([200, 'America/New_York']);
      const zone = await call('GET', '/api/admin/time-zone', undefined, staffHeaders);
      expect([zone.statusCode, zone.json()]).toEqual([200, { time_zone: 'America/New_York' }]);
      const entries = await auditOf('settings.update');
      const change = entries.find((e) => (e.after as { time_zone?: string }).time_zone === 'America/New_York');
      expect(change?.before).toMatchObject({ time_zone: 'UTC' });

      expect(await byDay()).toEqual([
        ['2021-03-09', 1],
        ['2021-03-10', 0],
      ]);
      expect([await listed('2021-03-09'), await listed('2021-03-10')]).toEqual([1, 0]);
    } finally {
      expect((await call('PUT', '/api/admin/settings', original)).statusCode).toBe(200);
    }
  });

  it('maintenance mode stops shoppers changing things (503) while reads, admin and sign-in keep working', async () => {
    const original = await currentSettings(t);
    const on = await call('PUT', '/api/admin/settings', { ...original, maintenance_mode: true });
    expect(on.statusCode).toBe(200);
    try {
      expect(await auditOf('maintenance.on')).toHaveLength(1);
      const p = await createProduct(t);
      const order = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }]));
      expect(order.statusCode).toBe(503);
      expect(order.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/maintenance/),
      });
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: 'x@example.com' },
      });
      expect(contact.statusCode).toBe(503);
      expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(200);
      expect((await login(t, admin.email, admin.password)).access).toBeTruthy();
      expect((await call('GET', '/api/admin/discounts')).statusCode).toBe(200);
    } finally {
      expect((await call('PUT', '/api/admin/settings', original)).statusCode).toBe(200);
    }
    expect(await auditOf('maintenance.off')).toHaveLength(1);
    const p = await createProduct(t);
    expect((await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }]))).statusCode).toBe(201);
  });
});

describe('content pages', () => {
  it('an edit shows on the public content API at once; only existing slugs; audited', async () => {
    const list = await call('GET', '/api/admin/content-pages');
    expect(list.json().items.map((p: { slug: string }) => p.slug)).toContain('shipping');
    const edit = {
      title: 'Shipping Info',
      description: 'How we ship.',
      body: '<h2>Rates</h2><p>Standard ships in 3 days.</p>',
    };
    const res = await call('PUT', '/api/admin/content-pages/shipping', edit);
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/pages/shipping' })).json()).toMatchObject(edit);
    const [entry] = await auditOf('content_page.update', 'shipping');
    expect(entry?.after).toMatchObject({ body: edit.body });

    expect((await call('PUT', '/api/admin/content-pages/nope', edit)).statusCode).toBe(404);
    const empty = await call('PUT', '/api/admin/content-pages/shipping', { ...edit, body: ' ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Body is required']);
    const long = await call('PUT', '/api/admin/content-pages/shipping', { ...edit, title: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/content-pages/shipping', edit, staffHeaders)).statusCode).toBe(403);
  });
});

describe('staff accounts', () => {
  it('creates staff with a valid password, promotes an existing account, and ends its sessions on role change', async () => {
    const weak = await call('POST', '/api/admin/staff', {
      email: `new-${randomUUID().slice(0, 6)}@example.com`,
      role: 'staff',
      first_name: 'Sam',
      last_name: 'Staff',
      username: `sam${randomUUID().slice(0, 6)}`,
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const missing = await call('POST', '/api/admin/staff', { email: 'nobody-yet@example.com', role: 'staff' });
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'A new account needs first name, last name, username and password',
    ]);

    const email = `new-${randomUUID().slice(0, 6)}@example.com`;
    const created = await call('POST', '/api/admin/staff', {
      email,
      role: 'staff',
      first_name: 'Sam',
      last_name: 'Staff',
      username: `sam${randomUUID().slice(0, 6)}`,
      password: 'Str0ng-Passw0rd',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, role: 'staff', disabled: false });
    const session = await login(t, email, 'Str0ng-Passw0rd');
    const staffList = await call('GET', '/api/admin/staff');
    expect(staffList.json().items.map((s: { email: string }) => s.email)).toContain(email);

    const promoted = await call('PATCH', `/api/admin/staff/${created.json().id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const families = await t.db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, created.json().id));
    expect(families.every((f) => f.revokedAt !== null)).toBe(true);
    expect(await auditOf('staff.update', created.json().id)).toHaveLength(1);

    const customer = await createUser(t);
    const promote = await call('POST', '/api/admin/staff', { email: customer.email.toUpperCase(), role: 'staff' });
    expect(promote.statusCode).toBe(201);
    expect(promote.json()).toMatchObject({ id: customer.id, role: 'staff' });
    expect((await call('POST', '/api/admin/staff', { email: customer.email, role: 'staff' })).statusCode).toBe(409);
    expect(await auditOf('staff.create', customer.id)).toHaveLength(1);
  });

  it('an admin cannot demote or disable themselves, and the last active admin stays', async () => {
    const self = await call('PATCH', `/api/admin/staff/${admin.id}`, { role: 'staff' });
    expect([self.statusCode, self.json().message]).toEqual([409, 'You cannot demote or disable your own account']);
    expect((await call('PATCH', `/api/admin/staff/${admin.id}`, { disabled: true })).statusCode).toBe(409);

    // Two admins demote each other at the same moment: the shop keeps exactly one of them.
    const a = await createUser(t, { role: 'admin' });
    const b = await createUser(t, { role: 'admin' });
    const { items } = (await call('GET', '/api/admin/staff')).json() as { items: { id: string; role: string }[] };
    const others = items.filter((s) => s.role === 'admin' && s.id !== a.id && s.id !== b.id);
    for (const other of others) {
      expect(
        (await call('PATCH', `/api/admin/staff/${other.id}`, { role: 'staff' }, await authHeaders(t, a))).statusCode,
      ).toBe(200);
    }
    const [ab, ba] = await Promise.all([
      call('PATCH', `/api/admin/staff/${b.id}`, { role: 'staff' }, await authHeaders(t, a)),
      call('PATCH', `/api/admin/staff/${a.id}`, { role: 'staff' }, await authHeaders(t, b)),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser either lost the role before the guard looked, or was the last admin by the time it locked.
    expect([401, 403, 409]).toContain(statuses[1]);
    const loser = ab.statusCode === 200 ? ba : ab;
    if (loser.statusCode === 409)
      expect(loser.json().message).toBe('This is the last active admin: make another admin first');
    const after = (
      await call('GET', '/api/admin/staff', undefined, await authHeaders(t, ab.statusCode === 200 ? a : b))
    ).json().items as { id: string; role: string; disabled: boolean }[];
    expect(after.filter((s) => s.role === 'admin' && !s.disabled)).toHaveLength(1);
    const survivor = ab.statusCode === 200 ? a : b;
    // The loser's access token still says admin for a few minutes, but the guard goes by the stored role.
    const loserUser = ab.statusCode === 200 ? b : a;
    const stale = await call(
      'PATCH',
      `/api/admin/staff/${survivor.id}`,
      { role: 'staff' },
      await authHeaders(t, loserUser),
    );
    expect([stale.statusCode, stale.json().message]).toEqual([403, 'You do not have access to this resource']);
    // The survivor cannot disable themselves either; they give the others their role back.
    const alone = await call(
      'PATCH',
      `/api/admin/staff/${survivor.id}`,
      { disabled: true },
      await authHeaders(t, survivor),
    );
    expect(alone.statusCode).toBe(409);
    for (const other of others) {
      await call('PATCH', `/api/admin/staff/${other.id}`, { role: 'admin' }, await authHeaders(t, survivor));
    }
    // Losing the role ended their sessions, access tokens included: sign in again.
    adminHeaders = await authHeaders(t, admin);
  });
});

describe('support tickets', () => {
  it('a reply is mailed and kept; a note is not mailed; close and reopen; all audited', async () => {
    const ticket = await createTicket(t);
    const mails = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, ticket.email));
    const url = `/api/admin/support/tickets/${ticket.id}`;

    const reply = await call('POST', `${url}/replies`, { body: 'It ships tomorrow.' }, staffHeaders);
    expect(reply.statusCode).toBe(201);
    const [mail] = await mails();
    expect(mail).toMatchObject({ subject: `Re: ${ticket.subject}` });
    expect(mail?.text).toContain('It ships tomorrow.');
    expect(mail?.text).toContain('> It has not arrived yet.');

    const note = await call('POST', `${url}/notes`, { body: 'Carrier was late.' });
    expect(note.statusCode).toBe(201);
    expect(await mails()).toHaveLength(1);
    expect(note.json().history).toEqual([
      expect.objectContaining({ kind: 'reply', body: 'It ships tomorrow.' }),
      expect.objectContaining({ kind: 'note', body: 'Carrier was late.', author_email: admin.email }),
    ]);

    const closed = await call('POST', `${url}/status`, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed', entries: 2 });
    expect(
      (await call('GET', `/api/admin/support/tickets?status=closed&q=${encodeURIComponent(ticket.email)}`)).json(),
    ).toMatchObject({ total: 1, items: [{ id: ticket.id, status: 'closed' }] });
    expect((await call('POST', `${url}/status`, { status: 'open' })).json()).toMatchObject({ status: 'open' });
    for (const action of ['ticket.reply', 'ticket.note', 'ticket.close', 'ticket.reopen']) {
      expect(await auditOf(action, ticket.id)).toHaveLength(1);
    }

    const empty = await call('POST', `${url}/replies`, { body: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Write a message first']);
    expect(await t.db.select().from(ticketEntries).where(eq(ticketEntries.messageId, ticket.id))).toHaveLength(2);
    expect((await call('GET', `/api/admin/support/tickets/${randomUUID()}`)).statusCode).toBe(404);
    const bad = await call('POST', `${url}/status`, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists error reports newest first', async () => {
    for (const n of [1, 2]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        payload: {
          error_id: `ERR-${randomUUID().slice(0, 8).toUpperCase()}-${n}${n}${n}${n}`,
          message: `Boom ${n}`,
          path: '/products',
        },
      });
      t.clock.advance(1000);
    }
    const res = await call('GET', '/api/admin/support/error-reports?limit=2', undefined, staffHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((r: { message: string }) => r.message)).toEqual(['Boom 2', 'Boom 1']);
  });
});

describe('audit log', () => {
  it('filters by action family, entity, actor and day, newest first', async () => {
    const d = await createDiscount(t);
    await call('PATCH', `/api/admin/discounts/${d.id}`, { active: false });
    await call('PATCH', `/api/admin/discounts/${d.id}`, { active: true });
    const byEntity = await call(
      'GET',
      `/api/admin/audit-log?entity_type=discount&entity_id=${d.id}`,
      undefined,
      staffHeaders,
    );
    expect(byEntity.statusCode).toBe(200);
    const items = byEntity.json().items as { action: string; after: { active: boolean }; actor_email: string }[];
    expect(items.map((i) => [i.action, i.after.active])).toEqual([
      ['discount.update', true],
      ['discount.update', false],
    ]);
    expect(items[0]?.actor_email).toBe(admin.email);

    const family = (await call('GET', '/api/admin/audit-log?action=ticket&limit=100')).json();
    expect(family.total).toBeGreaterThanOrEqual(4);
    expect(family.items.every((i: { action: string }) => i.action.startsWith('ticket.'))).toBe(true);

    const actor = admin.email.toUpperCase();
    const byActor = (await call('GET', `/api/admin/audit-log?actor=${actor}&limit=100`)).json();
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((i: { actor_email: string }) => i.actor_email === admin.email)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = (await call('GET', `/api/admin/audit-log?entity_id=${d.id}&from=${today}&to=${today}`)).json();
    expect(inRange.total).toBe(2);
    const before = (await call('GET', `/api/admin/audit-log?entity_id=${d.id}&to=2000-01-01`)).json();
    expect(before.total).toBe(0);
    const bad = await call('GET', '/api/admin/audit-log?from=2024-02-30');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'from must be a real date']);
  });
});

describe('audit log labels', () => {
  /** Counts the statements the app sends to PostgreSQL while `run` runs. */
  async function countQueries(run: () => Promise<unknown>): Promise<number> {
    const original = t.pool.query;
    let n = 0;
    t.pool.query = ((...args: Parameters<typeof original>) => {
      n++;
      return (original as (...a: unknown[]) => unknown).apply(t.pool, args);
    }) as typeof original;
    try {
      await run();
    } finally {
      t.pool.query = original;
    }
    return n;
  }

  it('names every entity type: order and invoice number, product, code, subject, e-mail, page title; the id once gone', async () => {
    const { order, product } = await freshOrder(t, { payment: PAY_LATER });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) throw new Error('no invoice');
    const discount = await createDiscount(t);
    const gone = await createDiscount(t);
    const ticket = await createTicket(t);
    const customer = await createUser(t);
    const staff = await createUser(t, { role: 'staff' });
    const slug = `page-${randomUUID().slice(0, 6)}`;
    await t.db.insert(contentPages).values({ slug, title: 'Delivery times', description: 'd', body: 'b' });
    const image = randomUUID();
    const cases: [string, string, string | null][] = [
      ['order', order.id, order.number],
      ['invoice', invoice.id, invoice.number],
      ['product', product.id, product.name],
      ['discount', discount.id, discount.code],
      ['discount', gone.id, null],
      ['ticket', ticket.id, ticket.subject],
      ['customer', customer.id, customer.email],
      ['user', staff.id, staff.email],
      ['content_page', slug, 'Delivery times'],
      ['settings', 'store', 'Store settings'],
      // Never stored (or deleted since): no label, the page shows the id.
      ['image', image, null],
      ['product', 'not-a-uuid', null],
    ];
    const action = `label-check-${randomUUID().slice(0, 6)}`;
    await t.db.insert(auditLog).values(
      cases.map(([entityType, entityId]) => ({
        actorId: admin.id,
        actorEmail: admin.email,
        action,
        entityType,
        entityId,
      })),
    );
    await t.db.delete(discountCodes).where(eq(discountCodes.id, gone.id));

    const res = await call('GET', `/api/admin/audit-log?action=${action}&limit=100`, undefined, staffHeaders);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { entity_type: string; entity_id: string; entity_label: string | null }[];
    expect(items.map((i) => [i.entity_type, i.entity_id, i.entity_label]).sort()).toEqual([...cases].sort());
  });

  it('resolves the labels of a whole page in one query, however many entries it shows', async () => {
    const action = `label-count-${randomUUID().slice(0, 6)}`;
    const page = async (n: number) => {
      const ids = await Promise.all(Array.from({ length: n }, () => createProduct(t)));
      await t.db.insert(auditLog).values(
        ids.map((p) => ({
          actorId: admin.id,
          actorEmail: admin.email,
          action: `${action}-${n}`,
          entityType: 'product',
          entityId: p.id,
        })),
      );
      return countQueries(() => call('GET', `/api/admin/audit-log?action=${action}-${n}&limit=100`));
    };
    const one = await page(1);
    expect(await page(12)).toBe(one);
  });
});
