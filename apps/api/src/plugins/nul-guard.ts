import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

const MESSAGE = 'Text must not contain NUL characters';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in a path, query or JSON body would reach the
 * database as an encoding error (a 500). Refuse it up front, for every API and media route, with a clear 400.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Pages read their own queries and drop what they cannot use; the JSON API and media refuse it.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) return;
    if (/%00/i.test(request.url) || request.url.includes('\u0000') || containsNul(request.body)) {
      throw badRequest(MESSAGE);
    }
  });
}
