import ky from 'ky';
import { sessionStore } from '../features/auth/session-store.ts';

/**
 * The API client (spec §7, §9): JSON, base /api/, the bearer token when there is one, and an
 * Idempotency-Key on every mutating request so an automatic retry can never apply twice.
 * Import it lazily from event handlers and effects: it is not part of the initial page JS.
 */
export const api = ky.create({
  prefixUrl: '/api/',
  hooks: {
    beforeRequest: [
      (request) => {
        const access = sessionStore.getState().tokens?.access;
        if (access) request.headers.set('authorization', `Bearer ${access}`);
        if (request.method !== 'GET' && request.method !== 'HEAD' && !request.headers.has('idempotency-key')) {
          request.headers.set('idempotency-key', crypto.randomUUID());
        }
      },
    ],
  },
});
