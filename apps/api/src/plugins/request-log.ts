import type { FastifyInstance } from 'fastify';
import { hideUrlTokens } from '../lib/logger.ts';

/**
 * One compact line per request, when it is answered: method, URL (tokens hidden), status and duration —
 * on a terminal a single line (lib/logger.ts), so a page view does not scroll the start summary away.
 * Fastify's own two lines per request are turned off (`disableRequestLogging`); the request's arrival is
 * logged at `debug` only, for following a request that never ends.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const url = hideUrlTokens(request.url);
    request.log.info(
      { method: request.method, url, status: reply.statusCode, ms },
      `${request.method} ${url} ${reply.statusCode} ${ms} ms`,
    );
    done();
  });
}
