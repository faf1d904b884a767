import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartItems, carts, idempotencyKeys } from '../src/db/schema.ts';
import { createProduct, rowCount, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** docs/architecture.md §9: bad input anywhere gets a 4xx JSON with a clear message, and nothing is half-written. */
let t: TestApp;
let headers: Record<string, string>;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await signedInUser(t)).headers;
  productId = (await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] })).id;
});
afterAll(() => t.close());

async function snapshot() {
  return {
    lines: await rowCount(t, cartItems),
    carts: await rowCount(t, carts),
    keys: await rowCount(t, idempotencyKeys),
  };
}
let before: Awaited<ReturnType<typeof snapshot>>;
beforeEach(async () => {
  before = await snapshot();
});

function add(payload: string | object, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers: { 'content-type': 'application/json', ...headers, ...extra },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function expectRefused(res: Awaited<ReturnType<typeof add>>, status: number, message: string | RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.message).toMatch(message);
  expect(typeof body.code).toBe('string');
  expect(await snapshot()).toEqual(before);
}

describe('add-to-cart quantity', () => {
  const cases: [unknown, string][] = [
    [-1, 'quantity must be at least 1'],
    [0, 'quantity must be at least 1'],
    [0.5, 'quantity must be at least 1'],
    [1.5, 'quantity must be a whole number'],
    ['1x', 'quantity must be a number'],
    ['1', 'quantity must be a number'],
    [1e308, `quantity must be at most ${MAX_LINE_QUANTITY}`],
    [MAX_LINE_QUANTITY + 1, `quantity must be at most ${MAX_LINE_QUANTITY}`],
    [null, 'quantity must be a number'],
    [true, 'quantity must be a number'],
    [[1], 'quantity must be a number'],
    [{ n: 1 }, 'quantity must be a number'],
  ];
  for (const [quantity, message] of cases) {
    it(`refuses quantity ${JSON.stringify(quantity)} with 400 '${message}'`, async () => {
      await expectRefused(await add({ product_id: productId, quantity }), 400, message);
    });
  }

  it('refuses a body carrying a __proto__ key before any rule reads it (prototype poisoning)', async () => {
    const poisoned = `{"product_id":"${productId}","quantity":{"__proto__":0}}`;
    await expectRefused(await add(poisoned), 400, 'The request body is not valid JSON');
  });

  it('refuses every non-integer or out-of-range quantity and writes nothing (property)', async () => {
    const badQuantity = fc.oneof(
      fc.integer({ max: 0 }),
      fc.integer({ min: MAX_LINE_QUANTITY + 1 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
      fc.double({ min: MAX_LINE_QUANTITY + 1, noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer({ min: 1, max: 5 })),
      // A `__proto__` key is refused earlier, by the JSON parser (the case below), not by the quantity rule.
      fc.dictionary(
        fc.string().filter((key) => key !== '__proto__'),
        fc.integer(),
      ),
    );
    await fc.assert(
      fc.asyncProperty(badQuantity, async (quantity) => {
        const res = await add({ product_id: productId, quantity });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^quantity must be/);
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('accepts every whole quantity in range (property, the other side of the rule)', async () => {
    const p = await createProduct(t, { available: 100_000 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), async (quantity) => {
        await t.app.inject({ method: 'DELETE', url: '/api/products/clear-cart', headers });
        const res = await add({ product_id: p.id, quantity });
        expect(res.statusCode).toBe(200);
        expect(res.json().total_items).toBe(quantity);
      }),
      { numRuns: 25 },
    );
    await t.app.inject({ method: 'DELETE', url: '/api/products/clear-cart', headers });
  });
});

describe('add-to-cart product_id', () => {
  for (const id of [
    '6f1c2b7e-3d4a-4b8c-9e0f-1a2b3c4d5e6f',
    'random-string',
    "' or 1=1 --",
    '<script>alert(1)</script>',
  ]) {
    it(`answers 404 'Product not found' for ${JSON.stringify(id)}`, async () => {
      await expectRefused(await add({ product_id: id }), 404, 'Product not found');
    });
  }

  it('refuses a missing, empty, non-string or overlong product_id with 400', async () => {
    await expectRefused(await add({}), 400, 'product_id is required');
    await expectRefused(await add({ product_id: '' }), 400, 'product_id is required');
    await expectRefused(await add({ product_id: 42 }), 400, 'product_id must be a string');
    await expectRefused(await add({ product_id: null }), 400, 'product_id must be a string');
    await expectRefused(await add({ product_id: 'x'.repeat(201) }), 400, 'product_id must be at most 200 characters');
  });
});

describe('add-to-cart colour and size', () => {
  const hostile = ['<script>alert(1)</script>', "Red' or '1'='1", 'Red; drop table cart_items; --', '"><img src=x>'];
  for (const text of hostile) {
    it(`refuses ${JSON.stringify(text)} as colour and as size`, async () => {
      await expectRefused(await add({ product_id: productId, color: text }), 400, 'color must be one of: Red, Blue');
      await expectRefused(await add({ product_id: productId, size: text }), 400, 'size must be one of: S, M');
    });
  }

  it('refuses non-string and overlong options', async () => {
    await expectRefused(await add({ product_id: productId, color: 5 }), 400, 'color must be a string');
    await expectRefused(
      await add({ product_id: productId, size: 'S'.repeat(51) }),
      400,
      'size must be at most 50 characters',
    );
  });
});

describe('add-to-cart body', () => {
  it('refuses unknown fields, naming them', async () => {
    await expectRefused(
      await add({ product_id: productId, user_id: 'someone-else' }),
      400,
      'Unrecognized key: "user_id"',
    );
    await expectRefused(await add({ product_id: productId, cart_id: productId }), 400, /cart_id/);
  });

  it('refuses malformed JSON, a non-object body, an empty body and another content type', async () => {
    await expectRefused(await add('{"product_id": '), 400, 'The request body is not valid JSON');
    await expectRefused(await add('[1,2]'), 400, /expected object/i);
    await expectRefused(await add('"text"'), 400, /expected object/i);
    await expectRefused(await add(''), 400, 'The request body is required');
    await expectRefused(
      await add('product_id=1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'Send the request body as application/json',
    );
  });

  it('refuses a 2 MB body with 413', async () => {
    await expectRefused(await add({ product_id: productId, color: 'R'.repeat(2 * 1024 * 1024) }), 413, /too large/);
  });

  it('refuses a malformed Idempotency-Key with 400 and runs nothing', async () => {
    for (const key of ['', 'has space', 'k'.repeat(201), 'tab\there']) {
      await expectRefused(
        await add({ product_id: productId }, { 'idempotency-key': key }),
        400,
        'Idempotency-Key must be 1 to 200 visible characters (no spaces)',
      );
    }
  });
});
