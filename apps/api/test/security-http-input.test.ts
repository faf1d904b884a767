import net from 'node:net';
import { ERROR_REPORT_LIMITS } from '@shop/contracts/error-reports';
import fc from 'fast-check';
import type { InjectOptions, Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports } from '../src/db/schema.ts';
import { freshIp, rowCount } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Odd input answered 500, or in the framework's own shape without our headers.
 * Every class below must get a 4xx in the shop's error format `{message, code}`, with the security
 * headers, and change nothing.
 */
let t: TestApp;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
}, 300_000);
afterAll(() => t?.close());

function expectShopError(res: Response, status: number, message?: RegExp) {
  expect([res.statusCode, res.body]).toEqual([status, res.body]);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).filter((k) => k !== 'details')).toEqual(['message', 'code']);
  if (message) expect(body.message).toMatch(message);
  expect(res.headers['strict-transport-security']).toBeDefined();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
}

const inject = (opts: InjectOptions) => t.app.inject(opts);
const search = (q: string) => inject({ url: `/api/products?q=${encodeURIComponent(q)}` });

describe('search text is never query syntax', () => {
  it('answers 120 dashes with an empty page, in the API and on the products page', async () => {
    const dashes = '-'.repeat(120);
    const res = await search(dashes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: 0 });
    const page = await inject({ url: `/products?q=${dashes}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('All products');
  });

  it('answers 200 or a clean 400 to any text made of the parsers’ special characters (property)', async () => {
    const special = fc.constantFrom(
      ...'-|&!():*\'"\\<>~^@{}[],.;?/+=%#$ \t\n'.split(''),
      '- ',
      ' or ',
      ' OR ',
      ' and ',
      ' not ',
      '<->',
      '<2>',
      ':*',
      'é',
      'ß',
      '\u0301',
      '日本',
      '🙂',
      '\u200b',
      'lamp',
      'a',
    );
    // Runs of one token: the parser failed on a long run of one operator, which single picks rarely make.
    const run = fc.tuple(special, fc.integer({ min: 1, max: 60 })).map(([token, n]) => token.repeat(n));
    await fc.assert(
      fc.asyncProperty(fc.array(run, { maxLength: 6 }), async (parts) => {
        const q = parts.join('');
        const res = await search(q);
        if (res.statusCode === 400) expectShopError(res, 400, /^q must be at most 200 characters$/);
        else expect([q, res.statusCode]).toEqual([q, 200]);
      }),
      { numRuns: 300 },
    );
  });

  it('still finds products by their words, punctuation or not', async () => {
    const [product] = (await inject({ url: '/api/products?limit=1&sort=newest' })).json().items;
    const res = await search(`-- "${product.name}" ||`);
    expect(res.json().items.map((p: { id: string }) => p.id)).toContain(product.id);
  });
});

describe('no JSON body is walked deeper than the shop allows', () => {
  const report = (details: string) =>
    inject({
      method: 'POST',
      url: '/api/error-reports',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: `{"error_id":"ERR-ABCD12-EFGH34","message":"Boom","path":"/","details":${details}}`,
    });
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('refuses an error report nested ~7,000 levels deep with 400 and stores nothing', async () => {
    const before = await rowCount(t, errorReports);
    const deep = `{"a":${'['.repeat(7000)}${']'.repeat(7000)}}`;
    expectShopError(await report(deep), 400, /nested deeper than 32 levels/);
    expect(await rowCount(t, errorReports)).toBe(before);
  });

  it(`takes details up to ${ERROR_REPORT_LIMITS.detailsDepth} levels and refuses one more, by the contract`, async () => {
    expect((await report(nested(ERROR_REPORT_LIMITS.detailsDepth))).statusCode).toBe(201);
    expectShopError(
      await report(nested(ERROR_REPORT_LIMITS.detailsDepth + 1)),
      400,
      /^details must be nested at most 10 levels deep$/,
    );
  });

  it('refuses a too-deep body on every JSON route before its schema sees it', async () => {
    const deep = `{"x":${'['.repeat(40)}${']'.repeat(40)}}`;
    for (const url of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/newsletter',
      '/api/contact',
      '/api/checkout/quote',
    ]) {
      const res = await inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep });
      expectShopError(res, 400, /nested deeper than 32 levels/);
    }
  });
});

describe('methods no route takes', () => {
  for (const [method, url] of [
    ['TRACE', '/'],
    ['TRACE', '/products'],
    ['PROPFIND', '/api/products'],
    ['OPTIONS', '/'],
    ['OPTIONS', '/api/products'],
    ['MKCOL', '/media/products/x/1.svg'],
  ] as const) {
    it(`answers ${method} ${url} with 405 and the methods there are`, async () => {
      const res = await inject({ method: method as InjectOptions['method'], url });
      expectShopError(res, 405, new RegExp(`^${method} is not allowed`));
      expect(res.json().code).toBe('METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    });
  }
});

describe('addresses that do not decode', () => {
  // Page addresses get the HTML error page instead (admin-store-web.test.ts).
  for (const url of ['/api/products/%', '/api/products/%zz/reviews', '/media/products/%/1.svg']) {
    it(`answers ${url} with 400 in the shop's format`, async () => {
      expectShopError(await inject({ url }), 400, /broken %-escape/);
    });
  }

  it('reads a broken escape in a query as text: the search finds nothing, the page renders', async () => {
    expect((await inject({ url: '/api/products?q=%' })).statusCode).toBe(200);
    expect((await inject({ url: '/api/products?q=%E0%A4%A' })).statusCode).toBe(200);
    expect((await inject({ url: '/products?q=%' })).statusCode).toBe(200);
  });

  it('answers a path parameter over the router’s limit with 414 in the shop’s format', async () => {
    expectShopError(await inject({ url: `/api/products/${'a'.repeat(150)}` }), 414, /too long/);
  });
});

describe('every other framework-made answer is in the shop’s format', () => {
  const cases: [string, InjectOptions, number][] = [
    ['unknown /media path', { url: '/media/no/such/thing' }, 404],
    ['unknown /assets file', { url: '/assets/no-such-file.js' }, 404],
    [
      'page body over the limit',
      { method: 'POST', url: '/contact', headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(2 << 20) },
      413,
    ],
    [
      'API body of another type',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      415,
    ],
    [
      'API body that is not JSON',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
      400,
    ],
    ['API query that does not coerce', { url: '/api/products?limit=abc&page=x' }, 400],
  ];
  for (const [name, request, status] of cases) {
    it(`${name}: ${status}`, async () => {
      expectShopError(await inject(request), status);
    });
  }
});

describe('requests Node cannot parse', () => {
  /** Sends raw bytes to the listening app and answers everything it writes back until it closes. */
  async function raw(request: string): Promise<string> {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const socket = net.connect(address.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.write(request);
    await new Promise((resolve) => socket.on('close', resolve));
    return Buffer.concat(chunks).toString();
  }

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    ['a broken header line', 'GET / HTTP/1.1\r\nHost: shop\r\nBroken header\r\n\r\n', 400],
    ['headers over the limit', `GET / HTTP/1.1\r\nHost: shop\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answers %s in the shop’s format with the security headers', async (_name, request, status) => {
    const answer = await raw(request);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toContain('strict-transport-security: max-age=31536000; includeSubDomains');
    expect(head).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body)).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
  });
});
