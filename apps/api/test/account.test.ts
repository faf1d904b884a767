import { ACCOUNT_MSG } from '@shop/contracts/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  carts,
  newsletterSubscribers,
  orders,
  productSubscribers,
  refreshFamilies,
  users,
  wishlistItems,
} from '../src/db/schema.ts';
import { addressInput, createOrder } from './account-fixtures.ts';
import { createProduct, freshIp, signedInUser } from './cart-fixtures.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, remoteAddress: freshIp(), payload: payload as object });
const refresh = (token: string) => call('POST', '/auth/refresh-token', {}, { refreshToken: token });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('PATCH /api/users/me', () => {
  it('updates trimmed names and username and answers the public user', async () => {
    const u = await signedInUser(t);
    const res = await call('PATCH', '/users/me', u.headers, {
      first_name: '  Grace ',
      last_name: ' Hopper ',
      username: `grace_${u.id.slice(0, 8)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.id,
      email: u.email,
      username: `grace_${u.id.slice(0, 8)}`,
      first_name: 'Grace',
      last_name: 'Hopper',
      role: 'customer',
      name: 'Grace Hopper',
    });
    expect(await userRow(u.id)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('changes only the fields sent', async () => {
    const u = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await call('PATCH', '/users/me', u.headers, { last_name: 'King' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Ada', last_name: 'King', email: u.email, username: u.username });
  });

  it('refuses another account’s username case-insensitively with 409, and writes nothing', async () => {
    const other = await createUser(t);
    const u = await signedInUser(t);
    const name = await call('PATCH', '/users/me', u.headers, {
      first_name: 'X',
      username: other.username.toUpperCase(),
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ message: 'This username is already taken', code: 'CONFLICT' });
    expect(await userRow(u.id)).toMatchObject({ username: u.username, firstName: 'Test' });
  });

  it('never changes the e-mail: a new one, taken or free, is the same 400', async () => {
    const other = await createUser(t);
    const u = await signedInUser(t);
    for (const email of [other.email, `free.${u.id.slice(0, 8)}@example.com`]) {
      const res = await call('PATCH', '/users/me', u.headers, { email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: ACCOUNT_MSG.emailNeedsConfirmation,
        code: 'BAD_REQUEST',
        reason: 'email_needs_confirmation',
        details: { field: 'email' },
      });
    }
    expect((await userRow(u.id))?.email).toBe(u.email);
  });

  it('lets the user re-case their own username; their own e-mail is accepted unchanged', async () => {
    const u = await signedInUser(t);
    const res = await call('PATCH', '/users/me', u.headers, {
      username: u.username.toUpperCase(),
      email: u.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: u.username.toUpperCase(), email: u.email });
  });

  it('needs a signed-in, enabled account', async () => {
    expect((await call('PATCH', '/users/me', {}, { first_name: 'X' })).statusCode).toBe(401);
    const u = await signedInUser(t);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, u.id));
    expect((await call('PATCH', '/users/me', u.headers, { first_name: 'X' })).statusCode).toBe(401);
    expect((await userRow(u.id))?.firstName).toBe('Test');
  });
});

describe('POST /api/users/me/password', () => {
  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const res = await call('POST', '/users/me/password', s.headers, {
      current_password: 'Wrong-Passw0rd',
      new_password: 'N3w-Password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Current password is incorrect', code: 'BAD_REQUEST' });
    expect((await userRow(u.id))?.passwordHash).toBe(u.passwordHash);
    expect((await refresh(s.refresh)).statusCode).toBe(200);
  });

  it('sets the new password, ends every other session and keeps the caller signed in', async () => {
    const u = await createUser(t);
    const caller = await login(t, u.email, u.password);
    const otherDevice = await login(t, u.email, u.password);

    const res = await call('POST', '/users/me/password', caller.headers, {
      current_password: u.password,
      new_password: 'N3w-Password',
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as { access: string; refresh: string };
    expect(Object.keys(fresh).sort()).toEqual(['access', 'refresh']);

    // Other side: the other device's refresh token is dead; so is the caller's old one.
    const stolen = await refresh(otherDevice.refresh);
    expect(stolen.statusCode).toBe(401);
    expect((await refresh(caller.refresh)).statusCode).toBe(401);

    // Caller side: the fresh set works, for requests and for rotation.
    const me = await call('GET', '/users/me', { authorization: `Bearer ${fresh.access}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(u.id);
    const rotated = await refresh(fresh.refresh);
    expect(rotated.statusCode).toBe(200);

    // The password itself: old refused, new accepted; stored as argon2id.
    const old = await call('POST', '/auth/login', {}, { email: u.email, password: u.password });
    expect(old.statusCode).toBe(401);
    await expect(login(t, u.email, 'N3w-Password')).resolves.toBeDefined();
    expect((await userRow(u.id))?.passwordHash).toMatch(/^\$argon2id\$/);
    const families = await t.db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, u.id));
    expect(families.filter((f) => f.revokedReason === 'password-change')).toHaveLength(2);
  });
});

describe('address book /api/users/me/addresses', () => {
  it('creates, lists, updates and deletes addresses; the first becomes the default', async () => {
    const u = await signedInUser(t);
    expect((await call('GET', '/users/me/addresses', u.headers)).json()).toEqual([]);

    const first = await call('POST', '/users/me/addresses', u.headers, addressInput({ phone: '+44 20 7946 0000' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      line1: '12 St James’s Square',
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country: 'GB',
      phone: '+44 20 7946 0000',
      is_default: true,
    });
    t.clock.advance(1000); // listed in the order they were added
    const second = await call(
      'POST',
      '/users/me/addresses',
      u.headers,
      addressInput({ name: 'Work', line2: 'Floor 2' }),
    );
    expect(second.json()).toMatchObject({ name: 'Work', line2: 'Floor 2', is_default: false });

    // A new default replaces the old one: at most one default.
    t.clock.advance(1000);
    const third = await call(
      'POST',
      '/users/me/addresses',
      u.headers,
      addressInput({ name: 'Home', is_default: true }),
    );
    expect(third.json().is_default).toBe(true);
    let list = (await call('GET', '/users/me/addresses', u.headers)).json() as { id: string; is_default: boolean }[];
    expect(list.map((a) => a.id)).toEqual([third.json().id, first.json().id, second.json().id]);
    expect(list.filter((a) => a.is_default)).toHaveLength(1);

    const patched = await call('PATCH', `/users/me/addresses/${second.json().id}`, u.headers, {
      city: 'Bath',
      line2: '',
      is_default: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ city: 'Bath', name: 'Work', is_default: true });
    expect(patched.json()).not.toHaveProperty('line2');
    list = (await call('GET', '/users/me/addresses', u.headers)).json();
    expect(list.filter((a) => a.is_default).map((a) => a.id)).toEqual([second.json().id]);

    const del = await call('DELETE', `/users/me/addresses/${first.json().id}`, u.headers);
    expect(del.statusCode).toBe(204);
    list = (await call('GET', '/users/me/addresses', u.headers)).json();
    expect(list.map((a) => a.id).sort()).toEqual([second.json().id, third.json().id].sort());
  });

  it('judges a patch by the address it makes; an address saved before the rules stays usable', async () => {
    const u = await signedInUser(t);
    const saved = (await call('POST', '/users/me/addresses', u.headers, addressInput())).json();
    const moved = await call('PATCH', `/users/me/addresses/${saved.id}`, u.headers, {
      country: 'de',
      postal_code: '10115',
      city: 'Berlin',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ country: 'DE', postal_code: '10115', city: 'Berlin', name: 'Ada Lovelace' });
    // A state is kept as its code, on a new address and on a patch.
    const texas = await call(
      'POST',
      '/users/me/addresses',
      u.headers,
      addressInput({ country: 'US', postal_code: '78701', region: 'texas' }),
    );
    expect(texas.json()).toMatchObject({ region: 'TX' });
    const ontario = await call('PATCH', `/users/me/addresses/${texas.json().id}`, u.headers, {
      country: 'CA',
      postal_code: 'K1A 0B1',
      region: 'ontario',
    });
    expect(ontario.json()).toMatchObject({ country: 'CA', region: 'ON' });
    const narnia = await call('PATCH', `/users/me/addresses/${texas.json().id}`, u.headers, { region: 'Narnia' });
    expect(narnia.statusCode).toBe(400);
    expect(narnia.json().details.issues).toEqual([
      { path: 'body.region', message: 'Choose a province or territory from the list' },
    ]);

    // Saved before countries came from the list: a patch that leaves country, postcode and region alone is taken.
    await t.db.update(addresses).set({ country: 'UK', postalCode: 'n1' }).where(eq(addresses.id, saved.id));
    const renamed = await call('PATCH', `/users/me/addresses/${saved.id}`, u.headers, { name: 'Ada at home' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Ada at home', country: 'UK', postal_code: 'N1' });
    const fixed = await call('PATCH', `/users/me/addresses/${saved.id}`, u.headers, { postal_code: 'N1 9GU' });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().details.issues).toEqual([{ path: 'body.country', message: 'Choose a country from the list' }]);
  });

  it('answers 404 for another user’s address and leaves it alone', async () => {
    const owner = await signedInUser(t);
    const intruder = await signedInUser(t);
    const mine = (await call('POST', '/users/me/addresses', owner.headers, addressInput())).json();

    const patch = await call('PATCH', `/users/me/addresses/${mine.id}`, intruder.headers, { city: 'Elsewhere' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe(ACCOUNT_MSG.addressNotFound);
    expect((await call('DELETE', `/users/me/addresses/${mine.id}`, intruder.headers)).statusCode).toBe(404);
    expect((await call('GET', '/users/me/addresses', intruder.headers)).json()).toEqual([]);
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row).toMatchObject({ city: 'London', userId: owner.id });

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('DELETE', `/users/me/addresses/${unknown}`, owner.headers)).statusCode).toBe(404);
  });

  it('keeps one default under parallel "make default" requests', async () => {
    const u = await signedInUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await call('POST', '/users/me/addresses', u.headers, addressInput())).json().id);
    const answers = await Promise.all(
      ids.map((id) => call('PATCH', `/users/me/addresses/${id}`, u.headers, { is_default: true })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const rows = await t.db.select().from(addresses).where(eq(addresses.userId, u.id));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('refuses more than the limit of addresses with 422', async () => {
    const u = await signedInUser(t);
    await t.db.insert(addresses).values(
      Array.from({ length: 20 }, () => ({
        userId: u.id,
        name: 'N',
        line1: 'L',
        city: 'C',
        postalCode: 'P',
        country: 'GB',
      })),
    );
    const res = await call('POST', '/users/me/addresses', u.headers, addressInput());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ACCOUNT_MSG.tooManyAddresses);
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, u.id))).toHaveLength(20);
  });
});

describe('DELETE /api/users/me', () => {
  it('refuses a wrong password with 400 and keeps the account', async () => {
    const u = await signedInUser(t);
    const res = await call('DELETE', '/users/me', u.headers, { password: 'Not-the-passw0rd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MSG.passwordIncorrect);
    expect(await userRow(u.id)).toMatchObject({ email: u.email, disabled: false });
  });

  it('anonymises the account, removes personal data, keeps orders, and frees the e-mail', async () => {
    const u = await createUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const s = await login(t, u.email, u.password);
    const product = await createProduct(t, { available: 0 });
    await call('POST', '/users/me/addresses', s.headers, addressInput());
    await call('POST', '/products/add-to-cart', s.headers, { product_id: (await createProduct(t)).id });
    await t.db.insert(wishlistItems).values({ userId: u.id, productId: product.id });
    await call('POST', `/products/${product.id}/subscribe`, s.headers);
    await t.db.insert(newsletterSubscribers).values({ email: u.email.toUpperCase() });
    const order = await createOrder(t, u, product.id, 'delivered');

    const res = await call('DELETE', '/users/me', s.headers, { password: u.password });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const row = await userRow(u.id);
    expect(row).toMatchObject({
      email: `deleted-${u.id}@invalid.local`,
      username: `deleted-${u.id}`,
      firstName: 'Deleted',
      lastName: 'User',
      disabled: true,
    });
    expect(row?.passwordHash).not.toBe(u.passwordHash);
    for (const [table, column] of [
      [addresses, addresses.userId],
      [wishlistItems, wishlistItems.userId],
      [carts, carts.userId],
      [productSubscribers, productSubscribers.userId],
      [refreshFamilies, refreshFamilies.userId],
    ] as const) {
      expect(await t.db.select().from(table).where(eq(column, u.id))).toEqual([]);
    }
    expect(
      await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, u.email.toUpperCase())),
    ).toEqual([]);
    // Orders are the shop's records: kept, with the e-mail anonymised.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: u.id, email: `deleted-${u.id}@invalid.local`, status: 'delivered' });

    // No way back in: password login, the old refresh token, the still-unexpired access token.
    const again = await call('POST', '/auth/login', {}, { email: u.email, password: u.password });
    expect(again.statusCode).toBe(401);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await call('GET', '/users/me', s.headers)).statusCode).toBe(401);

    // The e-mail and username are free for a new sign-up.
    const signup = await call(
      'POST',
      '/auth/register',
      {},
      {
        first_name: 'Ada',
        last_name: 'Again',
        username: u.username,
        email: u.email,
        password: 'Fresh-Passw0rd',
      },
    );
    expect(signup.statusCode).toBe(201);
    const fresh = await login(t, u.email, 'Fresh-Passw0rd');
    expect((await call('GET', '/users/me', fresh.headers)).json().id).not.toBe(u.id);
  });

  it('does not delete staff accounts here', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const res = await call('DELETE', '/users/me', admin.headers, { password: admin.password });
    expect(res.statusCode).toBe(422);
    expect(await userRow(admin.id)).toMatchObject({ email: admin.email, disabled: false });
  });
});

describe('bad input on every account body → 4xx, nothing written (docs/architecture.md §9)', () => {
  const longName = 'x'.repeat(101);
  const cases: [string, 'POST' | 'PATCH' | 'DELETE', string, unknown, RegExp | string][] = [
    ['profile', 'PATCH', '/users/me', {}, 'Nothing to update'],
    ['profile', 'PATCH', '/users/me', { first_name: '   ' }, 'First name is required'],
    ['profile', 'PATCH', '/users/me', { last_name: longName }, 'Last name must be at most 100 characters'],
    ['profile', 'PATCH', '/users/me', { email: 'not an email' }, 'Email is invalid'],
    ['profile', 'PATCH', '/users/me', { username: 'a b<script>' }, /^Username may only contain/],
    ['profile', 'PATCH', '/users/me', { role: 'admin' }, /role/],
    ['profile', 'PATCH', '/users/me', { first_name: 42 }, 'First name is required'],
    // The sign-up name rule (docs/product.md §5): an edit cannot bring in markup that sign-up refuses.
    [
      'profile',
      'PATCH',
      '/users/me',
      { first_name: '<b>Ada</b>' },
      'First name may only contain letters, spaces, apostrophes, hyphens, periods and commas',
    ],
    ['profile', 'PATCH', '/users/me', { last_name: '---' }, 'Last name must contain a letter'],
    ['password', 'POST', '/users/me/password', { new_password: 'N3w-Password' }, 'Current password is required'],
    [
      'password',
      'POST',
      '/users/me/password',
      { current_password: 'x', new_password: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      'password',
      'POST',
      '/users/me/password',
      { current_password: 'x', new_password: 'alllowercase1' },
      'Password must contain uppercase, lowercase, and number',
    ],
    ['password', 'POST', '/users/me/password', undefined, 'The request body is required'],
    ['address', 'POST', '/users/me/addresses', addressInput({ name: '' }), 'Full name is required'],
    ['address', 'POST', '/users/me/addresses', addressInput({ country: 'GBR' }), 'Choose a country from the list'],
    [
      'address',
      'POST',
      '/users/me/addresses',
      addressInput({ phone: '<b>' }),
      'Phone may contain digits, spaces and + ( ) - only',
    ],
    ['address', 'POST', '/users/me/addresses', addressInput({ postal_code: undefined }), 'Postcode is required'],
    [
      'address',
      'POST',
      '/users/me/addresses',
      addressInput({ user_id: '00000000-0000-4000-8000-000000000000' }),
      /user_id/,
    ],
    ['address', 'POST', '/users/me/addresses', addressInput({ is_default: 'yes' }), /boolean/],
    [
      'address',
      'POST',
      '/users/me/addresses',
      addressInput({ country: 'US', postal_code: 'SW1Y 4JH', region: 'TX' }),
      'ZIP code is not valid for United States (for example 78701)',
    ],
    [
      'address',
      'POST',
      '/users/me/addresses',
      addressInput({ country: 'CA', postal_code: 'K1A 0B1' }),
      'Province is required',
    ],
    // The saved address is in London: a patch to the US alone leaves a British postcode and no state.
    [
      'address patch',
      'PATCH',
      '/users/me/addresses/ADDR',
      { country: 'US' },
      'ZIP code is not valid for United States (for example 78701)',
    ],
    ['address patch', 'PATCH', '/users/me/addresses/ADDR', { postal_code: '1234' }, 'Postcode is not valid'],
    ['address patch', 'PATCH', '/users/me/addresses/ADDR', { country: 'Germany' }, 'Choose a country from the list'],
    ['address patch', 'PATCH', '/users/me/addresses/ADDR', {}, 'Nothing to update'],
    ['address patch', 'PATCH', '/users/me/addresses/ADDR', { city: '  ' }, 'City is required'],
    ['address patch', 'PATCH', '/users/me/addresses/not-a-uuid', { city: 'Bath' }, 'id must be a UUID'],
    ['delete', 'DELETE', '/users/me', {}, 'Password is required'],
    ['delete', 'DELETE', '/users/me', { password: '' }, 'Password is required'],
    ['delete', 'DELETE', '/users/me', undefined, 'The request body is required'],
  ];

  it.each(cases)('%s %s %s %j', async (_what, method, url, payload, message) => {
    const u = await signedInUser(t);
    const s = await login(t, u.email, u.password);
    const addr = (await call('POST', '/users/me/addresses', s.headers, addressInput())).json();
    const snapshot = async () => ({
      user: await userRow(u.id),
      addresses: await t.db.select().from(addresses).where(eq(addresses.userId, u.id)),
      families: await t.db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, u.id)),
    });
    const before = await snapshot();
    const res = await call(method, url.replace('ADDR', addr.id), s.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const u = await signedInUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: '{"first_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});
