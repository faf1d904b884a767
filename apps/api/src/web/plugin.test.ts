import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './plugin.ts';

describe('contentSecurityPolicy', () => {
  it('allows scripts only from self and the given nonce', () => {
    const csp = contentSecurityPolicy('abc123==');
    const directives = Object.fromEntries(
      csp.split('; ').map((d) => {
        const [name, ...values] = d.split(' ');
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });
});
