import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv-reader.ts';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header and rows with CRLF, quoting commas, quotes and line breaks', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps numbers', () => {
    expect(toCsv(['v'], [['=1+1'], ['@SUM(A1)'], ['-2'], [-2]])).toBe("v\r\n'=1+1\r\n'@SUM(A1)\r\n'-2\r\n-2\r\n");
  });

  it('reads back exactly what any text was (formula starts aside)', () => {
    const safeText = fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.array(safeText, { minLength: 2, maxLength: 2 }), { maxLength: 10 }), (rows) => {
        const parsed = parseCsv(toCsv(['h1', 'h2'], rows));
        expect(parsed).toEqual([['h1', 'h2'], ...rows]);
      }),
    );
  });
});
