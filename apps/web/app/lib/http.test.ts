import type { TokenSet } from '@shop/contracts/auth';
import { HTTPError, TimeoutError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, failureMessage, failureOf, newIdempotencyKey } from './http.ts';
import { provideSessionTokens } from './session-tokens.ts';

const USER = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer' as const,
  name: 'Ada Lovelace',
};

/**
 * The session the client works with: features/auth provides the real one (its store); here a plain
 * variable stands in for it, so this file tests the client alone.
 */
const session: { user: typeof USER | null; tokens: TokenSet | null } = { user: null, tokens: null };
function login(user: typeof USER, tokens: TokenSet) {
  Object.assign(session, { user, tokens });
}
function logout() {
  Object.assign(session, { user: null, tokens: null });
}
provideSessionTokens({
  current: () => session.tokens,
  // Like the store: renewed tokens are kept for a signed-in user only.
  renew: (tokens) => {
    if (session.user) session.tokens = tokens;
  },
  end: logout,
});

type Answer = ((request: Request) => Response) | Error | 'hang';

/**
 * A scripted network: answers in order (the last one again and again), records every request it saw.
 * Like a real one, it honours the request's abort signal.
 */
function fakeNetwork(...answers: Answer[]) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    seen.push(request);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    if (next instanceof Error) throw next;
    return next ? next(request) : new Response(null, { status: 500 });
  });
  return { fetch, seen };
}

const response = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** An answer: a fresh JSON response each time it is given. */
const json =
  (body: unknown, status = 200) =>
  () =>
    response(body, status);
/** Lets every pending promise chain run (setImmediate is not faked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function client(fetch: (r: Request, i?: RequestInit) => Promise<Response>, onSessionExpired = vi.fn()) {
  return { api: createApi({ prefixUrl: 'http://shop.test/api/', fetch, onSessionExpired }), onSessionExpired };
}

beforeEach(() => {
  // Only the clock the client schedules with: Node's streams (Response bodies) need their setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  logout();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('requests (docs/product.md §7, §9)', () => {
  it('prefixes /api/, sends the bearer token, JSON bodies and an Idempotency-Key on mutations only', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork(json({ ok: true }));
    const { api } = client(net.fetch);

    await api.get('products').json();
    await api.post('products/add-to-cart', { json: { product_id: 'p1' } }).json();
    await api.delete('products/clear-cart');

    const [get, post, del] = net.seen;
    expect(get?.url).toBe('http://shop.test/api/products');
    expect(get?.headers.get('authorization')).toBe('Bearer A1');
    expect(get?.headers.get('idempotency-key')).toBeNull();
    expect(get?.headers.get('content-type')).toBeNull();

    expect(post?.method).toBe('POST');
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(await post?.text()).toBe('{"product_id":"p1"}');
    expect(post?.headers.get('idempotency-key')).toMatch(/^[\w-]{16,}$/);

    // A bodiless DELETE says nothing about a content type.
    expect(del?.headers.get('content-type')).toBeNull();
    expect(del?.headers.get('idempotency-key')).toBeTruthy();
    expect(del?.headers.get('idempotency-key')).not.toBe(post?.headers.get('idempotency-key'));
  });

  it('never sends the bearer token to the calls that start a session', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork(json({ message: 'ok' }));
    const { api } = client(net.fetch);
    await api.post('auth/login', { json: { email: 'a@b.co', password: 'x' } }).json();
    await api.post('auth/register', { json: {} }).json();
    expect(net.seen.map((r) => r.headers.get('authorization'))).toEqual([null, null]);
  });
});

describe('automatic retries (docs/product.md §9: 3, after 1 s, 2 s, 3 s, only without an answer or on 5xx)', () => {
  it('retries a request that got no answer after 1, 2 and 3 seconds, with the same Idempotency-Key', async () => {
    const net = fakeNetwork(
      new TypeError('network down'),
      new TypeError('network down'),
      new TypeError('network down'),
      json({ ok: true }),
    );
    const { api } = client(net.fetch);
    const result = api.post('products/add-to-cart', { json: { product_id: 'p1' } }).json();

    await vi.advanceTimersByTimeAsync(0);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(net.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2999);
    expect(net.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetch).toHaveBeenCalledTimes(4);

    await expect(result).resolves.toEqual({ ok: true });
    const keys = new Set(net.seen.map((r) => r.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBeTruthy();
    // Every attempt carries the whole body.
    for (const r of net.seen) expect(await r.text()).toBe('{"product_id":"p1"}');
  });

  it('retries 5xx answers 3 times, then gives up with the last answer', async () => {
    const net = fakeNetwork(json({ message: 'down' }, 503));
    const { api } = client(net.fetch);
    const result = api.get('products').json();
    const outcome = result.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(6000);
    const error = await outcome;
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(503);
    expect(net.fetch).toHaveBeenCalledTimes(4);
  });

  it('does not retry 4xx answers', async () => {
    for (const status of [400, 404, 409, 422, 429]) {
      const net = fakeNetwork(json({ message: 'no' }, status));
      const { api } = client(net.fetch);
      const error = await api
        .post('contact', { json: {} })
        .json()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HTTPError);
      expect(net.fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('gives every attempt 20 s, retries a timeout like a missing answer, and ends with a TimeoutError', async () => {
    const net = fakeNetwork('hang');
    const { api } = client(net.fetch);
    const outcome = api
      .get('products')
      .json()
      .catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(19_999);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    // Aborted at 20 s, retried 1 s later.
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetch).toHaveBeenCalledTimes(2);
    for (const ms of [20_000, 2000, 20_000, 3000, 20_000]) {
      await vi.advanceTimersByTimeAsync(ms);
      await settle();
    }
    expect(net.fetch).toHaveBeenCalledTimes(4);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('stops at once when the caller aborts', async () => {
    const net = fakeNetwork('hang');
    const { api } = client(net.fetch);
    const controller = new AbortController();
    const outcome = api
      .get('products', { signal: controller.signal })
      .json()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).not.toBeInstanceOf(TimeoutError);
    expect(net.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('token refresh (docs/product.md §4, §8)', () => {
  const refreshAnswer = (request: Request) =>
    request.url.endsWith('/auth/refresh-token')
      ? response({ access: 'A2', refresh: 'R2' })
      : request.headers.get('authorization') === 'Bearer A2'
        ? response({ ok: true })
        : response({ message: 'expired' }, 401);

  it('refreshes once on 401 and sends the request again with the new token, same Idempotency-Key', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork(refreshAnswer);
    const { api, onSessionExpired } = client(net.fetch);

    await expect(api.post('contact', { json: { a: 1 } }).json()).resolves.toEqual({ ok: true });

    const [first, refresh, again] = net.seen;
    expect(first?.headers.get('authorization')).toBe('Bearer A1');
    expect(refresh?.url).toBe('http://shop.test/api/auth/refresh-token');
    expect(await refresh?.json()).toEqual({ refreshToken: 'R1' });
    expect(again?.headers.get('authorization')).toBe('Bearer A2');
    expect(again?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    expect(await again?.text()).toBe('{"a":1}');
    expect(session.tokens).toEqual({ access: 'A2', refresh: 'R2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('treats 403 like 401', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork((r) =>
      r.url.endsWith('/auth/refresh-token')
        ? response({ access: 'A2', refresh: 'R2' })
        : r.headers.get('authorization') === 'Bearer A2'
          ? response({ ok: true })
          : response({ message: 'no' }, 403),
    );
    const { api } = client(net.fetch);
    await expect(api.get('users/me').json()).resolves.toEqual({ ok: true });
    expect(net.fetch).toHaveBeenCalledTimes(3);
  });

  it('refreshes only once per request: a second 401 is the answer', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork((r) =>
      r.url.endsWith('/auth/refresh-token')
        ? response({ access: 'A2', refresh: 'R2' })
        : response({ message: 'no' }, 401),
    );
    const { api, onSessionExpired } = client(net.fetch);
    const error = await api
      .get('users/me')
      .json()
      .catch((e: unknown) => e);
    expect((error as HTTPError).response.status).toBe(401);
    expect(net.seen.filter((r) => r.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
    expect(net.fetch).toHaveBeenCalledTimes(3);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail at the same time', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork(refreshAnswer);
    const { api } = client(net.fetch);
    const answers = await Promise.all([api.get('users/me').json(), api.get('wishlist').json(), api.get('a').json()]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(net.seen.filter((r) => r.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
  });

  it('reports an expired session once when the refresh fails, and answers with the 401', async () => {
    login(USER, { access: 'A1', refresh: 'R1' });
    const net = fakeNetwork((r) =>
      r.url.endsWith('/auth/refresh-token')
        ? response({ message: 'gone' }, 401)
        : response({ message: 'expired' }, 401),
    );
    const { api, onSessionExpired } = client(net.fetch);
    const errors = await Promise.all([
      api
        .get('users/me')
        .json()
        .catch((e: unknown) => e),
      api
        .get('wishlist')
        .json()
        .catch((e: unknown) => e),
    ]);
    for (const error of errors) expect((error as HTTPError).response.status).toBe(401);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh without a session', async () => {
    const net = fakeNetwork(json({ message: 'Authentication required' }, 401));
    const { api, onSessionExpired } = client(net.fetch);
    const error = await api
      .get('users/me')
      .json()
      .catch((e: unknown) => e);
    expect((error as HTTPError).response.status).toBe(401);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('failureMessage (docs/product.md §8)', () => {
  async function errorFor(answer: Answer): Promise<unknown> {
    const { api } = client(fakeNetwork(answer).fetch);
    return api
      .post('auth/login', { json: {} })
      .json()
      .catch((e: unknown) => e);
  }

  it("shows the server's message, else the fallback, else 'An unexpected error occurred'", async () => {
    expect(await failureMessage(await errorFor(json({ message: 'Invalid email or password' }, 401)), 'F')).toBe(
      'Invalid email or password',
    );
    expect(await failureMessage(await errorFor(json({ code: 'X' }, 400)), 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
    expect(await failureMessage(await errorFor(() => new Response('', { status: 400 })), 'F')).toBe(
      'An unexpected error occurred',
    );
    expect(await failureMessage(new TypeError('Failed to fetch'), 'F')).toBe('An unexpected error occurred');
  });

  it('names the body field a validation answer is about, so a form can show it there', async () => {
    const issue = { path: 'body.password', message: 'This password is too common.' };
    const answer = json({ message: issue.message, code: 'VALIDATION_ERROR', details: { issues: [issue] } }, 400);
    expect(await failureOf(await errorFor(answer), 'F')).toEqual({ message: issue.message, field: 'password' });
    expect(await failureOf(await errorFor(json({ message: 'No' }, 401)), 'F')).toEqual({ message: 'No' });
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh random key each time, also where crypto.randomUUID is missing (a plain-http shop)', () => {
    expect(newIdempotencyKey()).toMatch(/^[\w-]{16,}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
