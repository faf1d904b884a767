import type { TokenSet } from '@shop/contracts/auth';
import { HTTP } from '@shop/contracts/constants';
import { MSG } from '@shop/contracts/messages';
import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import { appNavigate } from './app-navigator.ts';
import { adminLoginHref, safeNextPath } from './safe-next.ts';
import { sessionTokens } from './session-tokens.ts';

type Fetch = (input: Request, init?: RequestInit) => Promise<Response>;

export interface ApiOptions {
  /** Where the API lives; '/api/' in the browser (docs/product.md §7: a base address ending in /api/). */
  prefixUrl?: string;
  /** The network; tests pass a fake. */
  fetch?: Fetch;
  /** Called once when a token refresh fails (docs/product.md §8). */
  onSessionExpired?: () => void;
}

/** Calls that must never carry a bearer token nor trigger a refresh: they start or renew a session. */
const PUBLIC_AUTH_PATHS = /\/auth\/(login|register|refresh-token|forgot-password|reset-password)$/;

function isSafeMethod(method: string) {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** crypto.randomUUID exists only in secure contexts; a plain-http shop still needs unique keys. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function bearerOf(request: Request): string | undefined {
  return request.headers.get('authorization')?.replace(/^Bearer /i, '') || undefined;
}

/**
 * The transport under ky (docs/product.md §9): every attempt has its own 20 s timeout; no answer (network
 * failure or timeout) and 5xx answers are retried 3 times, waiting 1 s, 2 s, 3 s; other answers are
 * final. Every method is retried: mutations carry an Idempotency-Key, the same on every attempt because
 * every attempt is a copy of one request. A 401/403 to a request that carried a bearer token is sent
 * once more after refreshing the token (docs/product.md §4), with one refresh shared by concurrent requests.
 */
function createTransport(baseFetch: Fetch, prefixUrl: string, onSessionExpired: () => void) {
  /** One attempt: a fresh copy of the request (its body read once, up front) with its own timeout. */
  async function attempt(original: Request, body: ArrayBuffer | null, headers: Headers): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), HTTP.timeoutMs);
    const signal = AbortSignal.any([original.signal, timeout.signal]);
    try {
      return await baseFetch(new Request(original, { body, headers, signal }));
    } catch (error) {
      if (original.signal.aborted) throw error;
      throw timeout.signal.aborted ? new TimeoutError(original) : error;
    } finally {
      clearTimeout(timer);
    }
  }

  async function withRetries(original: Request, body: ArrayBuffer | null, headers: Headers): Promise<Response> {
    for (let retry = 1; ; retry++) {
      let response: Response | undefined;
      try {
        response = await attempt(original, body, headers);
        if (response.status < 500) return response;
      } catch (error) {
        // The caller gave up: that is not "no response", so nothing is retried.
        if (original.signal.aborted || retry > HTTP.retries) throw error;
      }
      if (retry > HTTP.retries && response) return response;
      response?.body?.cancel().catch(() => undefined);
      await sleep(HTTP.retryDelayMs(retry), original.signal);
    }
  }

  let refreshing: Promise<string | null> | null = null;

  /** One refresh for everyone who needs it now; null when the session could not be renewed. */
  function refreshAccess(): Promise<string | null> {
    refreshing ??= (async () => {
      const refreshToken = sessionTokens().current()?.refresh;
      try {
        if (!refreshToken) throw new Error('no refresh token');
        const request = new Request(`${prefixUrl}auth/refresh-token`, { method: 'POST' });
        const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
        const body = new TextEncoder().encode(JSON.stringify({ refreshToken })).buffer as ArrayBuffer;
        const response = await withRetries(request, body, headers);
        if (!response.ok) throw new Error(`refresh answered ${response.status}`);
        const tokens = (await response.json()) as TokenSet;
        sessionTokens().renew(tokens);
        return tokens.access;
      } catch {
        onSessionExpired();
        return null;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return async function send(request: Request): Promise<Response> {
    // Read the body once: every attempt sends its own copy, and no stream is left half-read.
    const body = request.body ? await request.arrayBuffer() : null;
    const response = await withRetries(request, body, request.headers);
    const sent = bearerOf(request);
    if ((response.status !== 401 && response.status !== 403) || !sent) return response;
    // Someone else renewed the token while this request was out: use theirs instead of refreshing again.
    const current = sessionTokens().current()?.access;
    const access = current && current !== sent ? current : await refreshAccess();
    if (!access) return response;
    response.body?.cancel().catch(() => undefined);
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${access}`);
    return withRetries(request, body, headers);
  };
}

/**
 * docs/product.md §8: a failed refresh logs out, clears the stored session, goes to / and says so. In the admin
 * area staff go to the admin sign-in instead, which brings them back afterwards.
 */
function sessionExpired() {
  sessionTokens().end();
  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  appNavigate(safeNextPath(here, 'admin') ? adminLoginHref(here) : '/', {
    kind: 'error',
    message: MSG.sessionExpired,
    id: 'session-expired',
  });
}

/** Builds an API client; the app uses `api`, tests build their own over a fake network. */
export function createApi(options: ApiOptions = {}): KyInstance {
  const prefixUrl = options.prefixUrl ?? '/api/';
  const baseFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const send = createTransport(baseFetch, prefixUrl, options.onSessionExpired ?? sessionExpired);
  return ky.create({
    prefixUrl,
    // Timeouts and retries live in the transport: ky's own never retry a timeout nor a POST.
    timeout: false,
    retry: 0,
    // ky always hands over a Request here.
    fetch: (input, init) => send(input instanceof Request ? input : new Request(input, init)),
    hooks: {
      beforeRequest: [
        (request) => {
          const access = sessionTokens().current()?.access;
          if (access && !PUBLIC_AUTH_PATHS.test(new URL(request.url, 'http://x').pathname)) {
            request.headers.set('authorization', `Bearer ${access}`);
          }
          if (!isSafeMethod(request.method) && !request.headers.has('idempotency-key')) {
            request.headers.set('idempotency-key', newIdempotencyKey());
          }
        },
      ],
    },
  });
}

/**
 * The API client (docs/product.md §7, §9): JSON, base /api/, the bearer token when there is one, and an
 * Idempotency-Key on every mutating request so an automatic retry can never apply twice.
 * Import it lazily from event handlers and effects: it is not part of the initial page JS.
 */
export const api = createApi();

/**
 * What to tell the user about a failed call (docs/product.md §8): the server's message; else `fallback` when the
 * server answered without one; 'An unexpected error occurred' when nothing came back.
 */
export async function failureMessage(error: unknown, fallback: string): Promise<string> {
  return (await failureOf(error, fallback)).message;
}

/**
 * The message of `failureMessage`, and the body field a 400 is about (`details.issues[0].path`
 * 'body.password' → 'password'), so a form can show the server's verdict under that field.
 */
export async function failureOf(error: unknown, fallback: string): Promise<{ message: string; field?: string }> {
  if (!(error instanceof HTTPError)) return { message: MSG.unexpected };
  const text = await error.response.text().catch(() => '');
  if (!text) return { message: MSG.unexpected };
  try {
    const body = JSON.parse(text) as { message?: unknown; details?: { issues?: { path?: unknown }[] } };
    const message = typeof body.message === 'string' && body.message ? body.message : fallback;
    const path = body.details?.issues?.[0]?.path;
    return typeof path === 'string' && path.startsWith('body.') ? { message, field: path.slice(5) } : { message };
  } catch {
    return { message: fallback };
  }
}
