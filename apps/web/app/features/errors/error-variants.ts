import { isRouteErrorResponse } from 'react-router';

/**
 * Which error page a failure gets, and the facts it shows. Kept apart from the page's texts so the
 * error boundary every route exports stays tiny (the page itself loads lazily).
 */
export const ERROR_VARIANTS = [
  'server',
  'network',
  'timeout',
  'forbidden',
  'payment',
  'maintenance',
  'general',
] as const;
export type ErrorVariant = (typeof ERROR_VARIANTS)[number];

/** docs/product.md §8: the general page's defaults. */
export const ERROR_DEFAULTS = { code: 'ERR_UNKNOWN', message: 'Something went wrong', status: 500 } as const;

/** docs/product.md §2: the router's own text for errors that are not HTTP answers. */
export const UNEXPECTED_APPLICATION_ERROR = 'Unexpected Application Error!';

/**
 * docs/product.md §10: the variant follows the status — 500 server, 403 forbidden, 408/504 timeout, 402 payment,
 * 503 maintenance; no status at all (no response) is a network failure; anything else is general.
 */
export function errorVariantForStatus(status: number | undefined): ErrorVariant {
  if (status === undefined || status === 0) return 'network';
  switch (status) {
    case 500:
      return 'server';
    case 403:
      return 'forbidden';
    case 408:
    case 504:
      return 'timeout';
    case 402:
      return 'payment';
    case 503:
      return 'maintenance';
    default:
      return 'general';
  }
}

/** What the error page needs to know about a failure. */
export interface ErrorFacts {
  variant: ErrorVariant;
  /** The HTTP status, when there was an answer. */
  status?: number;
  code: string;
  message: string;
  /** Only errors thrown in the app (not HTTP answers) carry one; shown in development only. */
  stack?: string;
  /** True for an HTTP answer (a Response thrown by a loader, an API error), false for a thrown error. */
  http: boolean;
}

/** Messages browsers give a fetch or a module import that got no answer at all. */
const NO_RESPONSE = /failed to fetch|networkerror|load failed|network request failed|importing a module script failed/i;

/** The facts of anything a route can throw: Responses, API answers, network failures, plain errors. */
export function describeError(error: unknown, online = true): ErrorFacts {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const body = typeof data === 'object' && data !== null ? (data as { message?: unknown; code?: unknown }) : {};
    // The router's own answers (a 405 to a page without an action, a 404 of an unknown route) carry a
    // developer's text naming internal route ids: visitors get the status's reason instead.
    const internal = (error as { internal?: unknown }).internal === true;
    const message =
      (!internal && typeof body.message === 'string' && body.message) ||
      (!internal && typeof data === 'string' && data) ||
      error.statusText ||
      ERROR_DEFAULTS.message;
    const code = typeof body.code === 'string' && body.code ? body.code : `HTTP_${error.status}`;
    return { variant: errorVariantForStatus(error.status), status: error.status, code, message, http: true };
  }
  if (error instanceof Error) {
    // ky's HTTPError: the API answered with an error status.
    const response = (error as Error & { response?: unknown }).response;
    if (error.name === 'HTTPError' && response instanceof Response) {
      return {
        variant: errorVariantForStatus(response.status),
        status: response.status,
        code: `HTTP_${response.status}`,
        message: error.message || ERROR_DEFAULTS.message,
        http: true,
      };
    }
    if (error.name === 'TimeoutError') {
      return { variant: 'timeout', code: 'ERR_TIMEOUT', message: error.message || 'Request timed out', http: false };
    }
    if (!online || (error.name === 'TypeError' && NO_RESPONSE.test(error.message))) {
      return { variant: 'network', code: 'ERR_NETWORK', message: error.message || 'No response', http: false };
    }
    return {
      variant: 'general',
      status: ERROR_DEFAULTS.status,
      code: ERROR_DEFAULTS.code,
      message: error.message || ERROR_DEFAULTS.message,
      stack: error.stack,
      http: false,
    };
  }
  return {
    variant: 'general',
    status: ERROR_DEFAULTS.status,
    code: ERROR_DEFAULTS.code,
    message: ERROR_DEFAULTS.message,
    http: false,
  };
}
