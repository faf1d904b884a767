import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeOptions, optionsFromSpec, soldOptions } from './line-options.ts';

describe('describeOptions', () => {
  it('names every option, the colour as shoppers read it', () => {
    expect(
      describeOptions([
        { name: 'Color', value: 'Silver' },
        { name: 'Storage', value: '128GB' },
      ]),
    ).toBe('Colour: Silver · Storage: 128GB');
    expect(describeOptions([{ name: 'Fabric', value: 'Linen' }], ', ')).toBe('Fabric: Linen');
    expect(describeOptions([])).toBe('');
  });

  it('shows each value once, in order', () => {
    const text = fc.string().filter((s) => !s.includes('\u0000'));
    const option = fc.record({ name: text.filter((s) => s.length > 0), value: text });
    fc.assert(
      fc.property(fc.array(option, { maxLength: 3 }), (options) => {
        const described = describeOptions(options, '\u0000');
        const parts = options.length === 0 ? [] : described.split('\u0000');
        expect(parts).toHaveLength(options.length);
        for (const [i, part] of parts.entries()) expect(part.endsWith(`: ${options[i]?.value}`)).toBe(true);
      }),
    );
  });
});

describe('soldOptions', () => {
  it('keeps a frozen list, and reads an old line from its colour and size', () => {
    const frozen = [{ name: 'Storage', value: '256GB' }];
    expect(soldOptions({ options: frozen, color: 'Red', size: null })).toEqual(frozen);
    expect(soldOptions({ options: [], color: 'Red', size: 'M' })).toEqual(optionsFromSpec('Red', 'M'));
    expect(soldOptions({ options: [], color: null, size: null })).toEqual([]);
  });
});
