import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The network for web unit tests, stubbed at the HTTP boundary with msw: the real API client
 * (lib/http.ts, ky, fetch) runs untouched and each test says what the API answers, in the API's
 * documented format (packages/contracts). Every call is recorded, so a test can check what the
 * browser sent. Unknown routes answer 404 like the API.
 */
export interface ApiCall {
  method: string;
  /** The path without /api/, e.g. 'products/add-to-cart'. */
  path: string;
  body: unknown;
  idempotencyKey: string | null;
  authorization: string | null;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Answer = Response | Promise<Response>;
type Route = (call: ApiCall, params: Record<string, string>) => Answer;

export const json = (status: number, body: JsonBodyType) => HttpResponse.json(body, { status });
/** The API's error body (`{ message, code, details?, reason?, …facts }`); `failure` is a use case's reason and facts. */
export const apiError = (
  status: number,
  message: string,
  code: string,
  details?: Record<string, unknown>,
  failure?: { reason: string } & Record<string, JsonBodyType>,
) => json(status, { message, code, ...(details ? { details } : {}), ...failure });

export function apiServer() {
  const calls: ApiCall[] = [];
  let gate: Promise<void> | null = null;
  const server = setupServer(
    http.all('*/api/*', async ({ request }) => {
      const call = await record(request);
      return apiError(404, `No route ${call.method} ${call.path}`, 'NOT_FOUND');
    }),
  );

  async function record(request: Request): Promise<ApiCall> {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const call: ApiCall = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api\//, ''),
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('idempotency-key'),
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    return call;
  }

  return {
    calls,
    listen: () => server.listen({ onUnhandledRequest: 'error' }),
    close: () => server.close(),
    /** Forgets the routes of the test and its recorded calls. */
    reset() {
      server.resetHandlers();
      calls.length = 0;
      gate = null;
    },
    /** Answers `METHOD path` (path without /api/, with :params) until reset; the newest route wins. */
    on(method: Method, path: string, route: Route) {
      server.use(
        http[method.toLowerCase() as Lowercase<Method>](`*/api/${path}`, async ({ request, params }) => {
          const call = await record(request);
          if (gate) await gate;
          return route(call, params as Record<string, string>);
        }),
      );
    },
    /** Holds every answer until the returned function is called (to look at the optimistic state). */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
  };
}
export type ApiServer = ReturnType<typeof apiServer>;
