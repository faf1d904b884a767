import { describe, expect, it } from 'vitest';
import { describeError, errorVariantForStatus } from './error-variants.ts';

/** What React Router hands a boundary for a thrown Response or `data(…, { status })`. */
const routeError = (status: number, data: unknown = '', statusText = '') => ({
  status,
  statusText,
  internal: false,
  data,
});

describe('errorVariantForStatus (docs/product.md §10)', () => {
  it.each([
    [500, 'server'],
    [403, 'forbidden'],
    [408, 'timeout'],
    [504, 'timeout'],
    [402, 'payment'],
    [503, 'maintenance'],
    [undefined, 'network'],
    [0, 'network'],
    [400, 'general'],
    [401, 'general'],
    [409, 'general'],
    [502, 'general'],
  ] as const)('status %s → %s', (status, variant) => {
    expect(errorVariantForStatus(status)).toBe(variant);
  });
});

describe('describeError', () => {
  it('reads a thrown Response: status, statusText as the message, an HTTP code', () => {
    expect(describeError(routeError(503, 'Back soon', 'Service Unavailable'))).toEqual({
      variant: 'maintenance',
      status: 503,
      code: 'HTTP_503',
      message: 'Back soon',
      http: true,
    });
    expect(describeError(routeError(504, '', 'Gateway Timeout'))).toMatchObject({
      variant: 'timeout',
      message: 'Gateway Timeout',
    });
  });

  it("shows the status's reason, never the router's own text naming a route, for the router's answers", () => {
    // What React Router hands the boundary after a form post to a page without an action.
    const routerAnswer = {
      ...routeError(
        405,
        'Error: You made a POST request to "/contact" but did not provide an `action` for route "routes/shop/contact", so there is no way to handle the request.',
        'Method Not Allowed',
      ),
      internal: true,
    };
    const facts = describeError(routerAnswer);
    expect(facts).toMatchObject({ variant: 'general', status: 405, message: 'Method Not Allowed', http: true });
    expect(JSON.stringify(facts)).not.toContain('routes/');
  });

  it('takes message and code from an API error body {message, code} (docs/architecture.md §5)', () => {
    expect(describeError(routeError(403, { message: 'You do not have access', code: 'FORBIDDEN' }))).toEqual({
      variant: 'forbidden',
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have access',
      http: true,
    });
  });

  it('calls a fetch that got no answer a network failure, and so is everything while offline', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toMatchObject({ variant: 'network', code: 'ERR_NETWORK' });
    expect(describeError(new TypeError('NetworkError when attempting to fetch resource.'))).toMatchObject({
      variant: 'network',
    });
    expect(describeError(new Error('boom'), false)).toMatchObject({ variant: 'network' });
  });

  it("reads ky's errors: HTTPError by its status, TimeoutError as a timeout", () => {
    const httpError = Object.assign(new Error('Request failed with status code 402'), {
      name: 'HTTPError',
      response: new Response(null, { status: 402 }),
    });
    expect(describeError(httpError)).toMatchObject({ variant: 'payment', status: 402, http: true });
    const timeout = Object.assign(new Error('Request timed out: GET /api/products'), { name: 'TimeoutError' });
    expect(describeError(timeout)).toMatchObject({ variant: 'timeout', code: 'ERR_TIMEOUT', http: false });
  });

  it('gives any other thrown error the general variant with the documented defaults (§8)', () => {
    const error = new Error('Cannot read properties of undefined');
    expect(describeError(error)).toMatchObject({
      variant: 'general',
      status: 500,
      code: 'ERR_UNKNOWN',
      message: 'Cannot read properties of undefined',
      stack: error.stack,
      http: false,
    });
    expect(describeError('a string')).toEqual({
      variant: 'general',
      status: 500,
      code: 'ERR_UNKNOWN',
      message: 'Something went wrong',
      http: false,
    });
  });
});
