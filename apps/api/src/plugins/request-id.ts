import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runForRequest } from '../lib/request-context.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What an id from a proxy may look like: nginx's `$request_id` (32 hex), a UUID, a trace id. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's `genReqId` (observability). Every request gets an id; an `X-Request-Id` is taken
 * over only from a proxy TRUST_PROXY names and only when well formed, so a log can follow one request
 * from the proxy through the shop. From anyone else it is ignored (OWASP ASVS 5.0 V16.2: log entries
 * hold what the shop established, not what a client claims, and nothing a client sends can forge or
 * break a log line) and a random UUID is used.
 */
export function requestIdGenerator(trustProxy: false | string[]) {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : undefined;
  return (raw: IncomingMessage): string => {
    const sent = raw.headers[REQUEST_ID_HEADER];
    const from = raw.socket?.remoteAddress;
    if (trusted && from && trusted(from, 0) && typeof sent === 'string' && WELL_FORMED.test(sent)) return sent;
    return randomUUID();
  };
}

const scope = Symbol('request scope');
type Scoped = FastifyRequest & { [scope]?: AsyncResource };

/**
 * Every answer says its request's id (`X-Request-Id`), and everything that runs for the request —
 * hooks, handler, services, work it starts — logs with it (lib/request-context.ts). Body parsing runs
 * in the socket's async context, so the request's scope is entered again before validation.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request: Scoped, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runForRequest(request.id, () => {
      request[scope] = new AsyncResource('shop-request');
      done();
    });
  });
  app.addHook('preValidation', (request: Scoped, _reply, done) => {
    const resource = request[scope];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
