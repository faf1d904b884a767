import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for, across awaits (observability): the logger adds its id
 * to every line written while a request is handled, by its own logger or by a service's (mailer,
 * background work started by the request), without passing the request down.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request the caller runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `fn` (and everything it starts) as work for the request `requestId`. */
export function runForRequest<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}
