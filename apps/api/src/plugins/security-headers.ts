import type { FastifyInstance, FastifyReply } from 'fastify';

/** The policy of every answer that is not a page: nothing in JSON, a file or an error may run or be framed. */
export const NOTHING_RUNS_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of every answer: API, pages, static files, media, errors and
 * redirects carry the same set. Answers that need another content security policy replace only that
 * one header: pages their nonce policy, the drawn product pictures their SVG styles.
 */
export const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  'content-security-policy': NOTHING_RUNS_CSP,
} as const;

export function setSecurityHeaders(reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS);
}

/**
 * Sets the headers as each request arrives, once at the root, before any other hook: whatever answers
 * it afterwards — a route, a plugin's own 404, the error handler, a rate limit — keeps them.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply);
    done();
  });
}
