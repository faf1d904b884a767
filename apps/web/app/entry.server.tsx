import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce.ts';

/** How long deferred data may stream before the router rejects what is still pending. */
export const streamTimeout = 5_000;

/**
 * React Router's errors (a loader or action that threw, a 405, a refused origin) go to the shop's log
 * through the load context: one structured line per cause, at a level for what happened — not the
 * router's default, a stack trace on the console for each.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const report = (context as Partial<AppLoadContext> | undefined)?.reportError;
  if (report) report(error, request);
  else console.error(error);
};

/**
 * Renders a document request. The nonce comes from the API adapter, which also sends the CSP that
 * names it; React's and the router's inline scripts both carry it. A page for the page cache gets one
 * too: it marks the scripts this render emits, whose hashes alone its policy lists (ADR 027).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // RFC 9110: a HEAD answer has the GET headers and no body; nothing to render.
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  const { nonce } = loadContext;
  // Crawlers and the page cache get the whole page in one piece; people get the shell as soon as it is ready.
  const userAgent = request.headers.get('user-agent');
  const waitForAll =
    loadContext.wholeDocument === true || (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellSent = false;
    let responseStatus = status;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const options: RenderToPipeableStreamOptions = {
      nonce,
      // React 19.2 moves finished Suspense boundaries of a large shell out of line and reveals them with
      // timers (up to 300 ms later, and never while a test's clock is stopped). Our boundaries are done
      // when the shell is: keep them in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError(error) {
        responseStatus = 500;
        // Errors before the shell reject and are logged by the router; later ones only show here.
        if (shellSent) loadContext.reportError?.(error, request);
      },
    };
    // React calls these asynchronously, after renderToPipeableStream has returned `stream`.
    const sendShell = () => {
      shellSent = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timer);
          callback();
        },
      });
      resolve(new Response(createReadableStreamFromReadable(body), { status: responseStatus, headers }));
      stream.pipe(body);
    };
    if (waitForAll) options.onAllReady = sendShell;
    else options.onShellReady = sendShell;

    const stream = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      options,
    );
    // Give streamed promises time to settle (or be rejected by the router) before cutting off.
    timer = setTimeout(stream.abort, streamTimeout + 1000);
    request.signal.addEventListener('abort', () => stream.abort(), { once: true });
  });
}
