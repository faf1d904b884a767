import { z } from 'zod';
import { errorBodyOf, statusOf } from '../../../lib/api-error.ts';
import { contract } from '../../../lib/contract-check.ts';
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

/** The answer of a call that answers 204 No Content. */
export const noContent = z.undefined();

/**
 * The admin area's calls to /api/admin/…: each names the contract its answer follows (checked in
 * development and tests, docs/architecture.md §5), and errors come back with the API's message, ready to show.
 */
export const adminApi = {
  get<S extends z.ZodType>(answer: S, path: string, params?: Params, signal?: AbortSignal): Promise<z.output<S>> {
    return readable(() =>
      api
        .get(`admin/${path}`, { searchParams: clean(params), signal })
        .json()
        .then(contract(answer)),
    );
  },
  post<S extends z.ZodType>(answer: S, path: string, json?: unknown): Promise<z.output<S>> {
    return readable(() =>
      api
        .post(`admin/${path}`, json === undefined ? {} : { json })
        .json()
        .then(contract(answer)),
    );
  },
  patch<S extends z.ZodType>(answer: S, path: string, json: unknown): Promise<z.output<S>> {
    return readable(() => api.patch(`admin/${path}`, { json }).json().then(contract(answer)));
  },
  put<S extends z.ZodType>(answer: S, path: string, json: unknown): Promise<z.output<S>> {
    return readable(() => api.put(`admin/${path}`, { json }).json().then(contract(answer)));
  },
  delete<S extends z.ZodType>(answer: S, path: string): Promise<z.output<S>> {
    return readable(async () => {
      const res = await api.delete(`admin/${path}`);
      return contract(answer)(res.status === 204 ? undefined : await res.json());
    });
  },
  /** multipart/form-data (image uploads); the browser sets the boundary. PUT where the upload replaces one. */
  upload<S extends z.ZodType>(
    answer: S,
    path: string,
    form: FormData,
    method: 'post' | 'put' = 'post',
  ): Promise<z.output<S>> {
    return readable(() => api[method](`admin/${path}`, { body: form }).json().then(contract(answer)));
  },
};
