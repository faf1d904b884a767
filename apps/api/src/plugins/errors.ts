import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES } from '@shop/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
  oncePerEpisode,
  STORAGE_FULL_MESSAGE,
  storageFull,
} from '../db/errors.ts';
import { AppError } from '../errors.ts';
import type { PageErrorRenderer } from '../web/plugin.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Without a refusal for this long, the next one starts a new "disk full" episode (and log line). */
const STORAGE_EPISODE_QUIET_MS = 60_000;
/** Seconds a client is asked to wait while the disk is full: freeing space takes a person. */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** Fastify's own client-error codes and the answer we give for each (docs/architecture.md §5). */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ERROR_CODES.badRequest, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ERROR_CODES.badRequest, 'The request body is empty but JSON was declared'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ERROR_CODES.payloadTooLarge, 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ERROR_CODES.badRequest, 'Send the request body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    ERROR_CODES.badRequest,
    'The Content-Length header does not match the body',
  ],
};

/** One error shape `{message, code, details?}` for every failure; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance, opts: { onDatabaseUnavailable?: () => void } = {}) {
  // A full disk refuses every write until space is back: one log line for the episode, not one per request.
  let lastStorageError = '';
  const logDiskFull = oncePerEpisode((suppressed) => {
    app.log.error(
      { err: lastStorageError, ...(suppressed > 0 ? { refusedInLastEpisode: suppressed + 1 } : {}) },
      'disk full: writes are refused with 503 STORAGE_FULL until space is freed',
    );
  }, STORAGE_EPISODE_QUIET_MS);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'body' && request.body == null) {
      return reply.status(400).send({ message: 'The request body is required', code: ERROR_CODES.validation });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({
        message: issues[0]?.message ?? 'The request is invalid',
        code: ERROR_CODES.validation,
        details: { issues },
      });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code, message] = known;
      return reply.status(status).send({ message, code });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: error.message, code: ERROR_CODES.rateLimited });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: ERROR_CODES.badRequest });
    }
    if (storageFull(error)) {
      // Nothing was written (the statement or the file write failed as a whole): a retry once space is
      // back succeeds. The database itself still answers, so the gate stays open for reads.
      lastStorageError = error.message;
      logDiskFull();
      return reply
        .status(503)
        .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
        .send({ message: STORAGE_FULL_MESSAGE, code: ERROR_CODES.storageFull });
    }
    if (databaseUnavailable(error)) {
      // The database is down, stalled or full: a retry shortly may succeed.
      request.log.warn({ err: error.message }, 'database unavailable');
      opts.onDatabaseUnavailable?.();
      return answerDatabaseUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side', code: ERROR_CODES.internal });
  });
}

/** The methods the shop answers; anything else (TRACE, OPTIONS, PROPFIND, …) never reaches a route. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A method no route takes used to fall through to the pages, whose router throws on
 * it (a 500). Refuse it first, for every path, with 405 and the methods that do exist.
 */
export function registerMethodGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (ALLOWED_METHODS.includes(request.method)) return done();
    reply.header('allow', ALLOWED_METHODS.join(', '));
    done(
      new AppError(
        405,
        ERROR_CODES.methodNotAllowed,
        `${request.method} is not allowed: use ${ALLOWED_METHODS.join(', ')}`,
      ),
    );
  });
}

/** Errors the router raises before any route runs, and our answer to each. */
const FRAMEWORK_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, ERROR_CODES.badRequest, 'The address is not valid: it holds a broken %-escape'],
  FST_ERR_MAX_PARAM_LENGTH: [414, ERROR_CODES.badRequest, 'The address is too long'],
};

/**
 * Fastify's `frameworkErrors`: a URL whose percent-escapes do not decode, or a path parameter over the
 * router's length limit, is refused before any route or hook runs — by default in Fastify's own shape,
 * without our headers. Answer it like every other error, written as Fastify's own
 * answer is, straight to the response.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: { raw: IncomingMessage },
  reply: { raw: ServerResponse },
  renderPage?: PageErrorRenderer,
) {
  const [status, code, message] = FRAMEWORK_ERRORS[error.code] ?? [
    500,
    ERROR_CODES.internal,
    'Something went wrong on our side',
  ];
  // A page address (not /api, not a file under /media or /assets) gets the shop's
  // HTML error page with the same status; JSON stays the answer of the API and of file paths.
  if (renderPage && isPagePath(request.raw.url ?? '/')) {
    renderPage(request.raw, reply.raw, { status, code, message }).catch(() => {
      if (!reply.raw.headersSent) writeJsonError(reply.raw, status, code, message);
      else reply.raw.destroy();
    });
    return;
  }
  writeJsonError(reply.raw, status, code, message);
}

/** Paths that answer with files or JSON rather than pages. */
const NON_PAGE_PREFIXES = ['/api/', '/media/', '/assets/'];

function isPagePath(url: string): boolean {
  return url !== '/api' && !NON_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function writeJsonError(res: ServerResponse, status: number, code: string, message: string) {
  const body = JSON.stringify({ message, code });
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Requests Node cannot parse at all, and our answer to each; anything else is a 400. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (a broken request line, headers over the
 * limit, a timeout) never becomes a request, and Fastify writes its own answer to the socket. Write ours,
 * with the security headers, and close the connection as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read'];
  const body = JSON.stringify({ message, code: ERROR_CODES.badRequest });
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  socket.destroy(error);
}

/** The API's answer while the database is unreachable: 503, Retry-After, the shop's error body. */
export function answerDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: ERROR_CODES.unavailable });
}

/** What answers without the database while it is unreachable: health and readiness probe it; the docs need none. */
const OPEN_WHILE_UNREACHABLE = ['/api/health', '/api/ready', '/api/docs'];

/**
 * While the database is known to be unreachable (`Database.unreachable`), API calls
 * answer 503 at once instead of each waiting out its connection or statement timeout.
 */
export function databaseGate(unreachable: () => boolean) {
  return async (request: { url: string }, reply: FastifyReply) => {
    if (!unreachable() || OPEN_WHILE_UNREACHABLE.some((prefix) => request.url.startsWith(prefix))) return;
    return answerDatabaseUnavailable(reply);
  };
}
