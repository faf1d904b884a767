import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs.ts';

describe('paragraphs', () => {
  it('splits on blank lines and drops empty ones', () => {
    expect(paragraphs('One\nstill one\n\nTwo\r\n  \r\nThree\n\n\n')).toEqual(['One\nstill one', 'Two', 'Three']);
  });

  it('a text without a blank line is one paragraph', () => {
    expect(paragraphs('  Just one line  ')).toEqual(['Just one line']);
  });
});
