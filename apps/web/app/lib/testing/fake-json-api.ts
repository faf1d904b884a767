/**
 * A stand-in for the network under the real API client (lib/http.ts), for unit tests only: each
 * `METHOD path` (path without /api/) answers what its handler returns, every call is recorded, and
 * unknown routes answer 404 like the API. Tests stub `fetch` with it and mock nothing else.
 */
export interface JsonCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type JsonHandler = (call: JsonCall) => Response | Promise<Response>;

export const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

export function fakeJsonApi(handlers: Record<string, JsonHandler>) {
  const calls: JsonCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const call: JsonCall = {
      method: request.method,
      path,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${path}`];
    return handler
      ? handler(call)
      : jsonResponse(404, { message: `No route ${call.method} ${path}`, code: 'NOT_FOUND' });
  };
  return { fetch, calls, handlers };
}
