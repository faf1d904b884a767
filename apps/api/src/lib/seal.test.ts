import { describe, expect, it } from 'vitest';
import { seal, sealingKey, unseal } from './seal.ts';

describe('seal', () => {
  const key = sealingKey('a'.repeat(32), 'mail');

  it('opens what it sealed, and the sealed form does not show the text', () => {
    const sealed = seal(key, 'https://shop.test/reset-password/secret-token');
    expect(sealed).not.toContain('secret-token');
    expect(unseal(key, sealed)).toBe('https://shop.test/reset-password/secret-token');
  });

  it('refuses another key and an altered value', () => {
    const sealed = seal(key, 'text');
    expect(() => unseal(sealingKey('b'.repeat(32), 'mail'), sealed)).toThrow();
    expect(() => unseal(sealingKey('a'.repeat(32), 'other purpose'), sealed)).toThrow();
    const [iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => unseal(key, [iv, tag, flipped].join('.'))).toThrow();
  });
});
