import { errorBodyOf, statusOf } from '../../../lib/api-error.ts';
import { api } from '../../../lib/http.ts';

/**
 * A failed admin call with the API's own message (docs/architecture.md §5: `{message, code, details?}`), and
 * the use case's `reason` when it named one (`@shop/contracts/admin-failures`): callers switch on that.
 */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly details?: Record<string, unknown>,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

async function readable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    const status = statusOf(error);
    const body = await errorBodyOf(error);
    const message =
      body.message ??
      (status === undefined ? 'The server did not answer. Check your connection.' : `Request failed (${status})`);
    const reason =
      typeof (body as { reason?: unknown }).reason === 'string' ? (body as { reason: string }).reason : undefined;
    throw new AdminApiError(message, status, body.details, reason);
  }
}

type Params = Record<string, string | number | boolean | undefined>;

function clean(params: Params | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/** The admin area's calls to /api/admin/…: errors come back with the API's message, ready to show. */
export const adminApi = {
  get<T>(path: string, params?: Params, signal?: AbortSignal): Promise<T> {
    return readable(() => api.get(`admin/${path}`, { searchParams: clean(params), signal }).json<T>());
  },
  post<T>(path: string, json?: unknown): Promise<T> {
    return readable(() => api.post(`admin/${path}`, json === undefined ? {} : { json }).json<T>());
  },
  patch<T>(path: string, json: unknown): Promise<T> {
    return readable(() => api.patch(`admin/${path}`, { json }).json<T>());
  },
  put<T>(path: string, json: unknown): Promise<T> {
    return readable(() => api.put(`admin/${path}`, { json }).json<T>());
  },
  delete<T = void>(path: string): Promise<T> {
    return readable(async () => {
      const res = await api.delete(`admin/${path}`);
      return (res.status === 204 ? undefined : await res.json()) as T;
    });
  },
  /** multipart/form-data (image uploads); the browser sets the boundary. PUT where the upload replaces one. */
  upload<T>(path: string, form: FormData, method: 'post' | 'put' = 'post'): Promise<T> {
    return readable(() => api[method](`admin/${path}`, { body: form }).json<T>());
  },
};
