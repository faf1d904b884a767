import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCell, encodeCell, isFormula, MAX_CELL_CHARS, readCsv, writeCsv } from './csv.ts';

const read = (text: string) => [...readCsv(text)];

describe('CSV of product imports (RFC 4180)', () => {
  it('reads what it writes, any text in any cell (fast-check)', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.constantFrom('', '"', ',', '\r\n', '\n', '\r', "'", "'=1", '=SUM(A1)', '-5', '+1', '@x', '\tx', "''@"),
      fc.string({ unit: fc.constantFrom('a', '"', ',', '\r', '\n', "'", '=', '-', ' '), maxLength: 12 }),
    );
    const rows = fc.array(fc.array(cell, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(rows, (table) => {
        const [header, ...body] = table;
        const records = read(writeCsv(header!, body));
        expect(records.map((r) => r.problem)).toEqual(table.map(() => undefined));
        expect(records.map((r) => r.cells.map(decodeCell))).toEqual(table);
      }),
    );
  });

  it('escapes every formula it writes, so a spreadsheet never runs one, and leaves plain numbers', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const [record] = read(`${encodeCell(value)},x\r\n`);
        expect(isFormula(record!.cells[0]!)).toBe(false);
      }),
    );
    expect(encodeCell('-12.5')).toBe('-12.5');
    expect(encodeCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(encodeCell("'=1")).toBe("''=1");
    expect(decodeCell("''=1")).toBe("'=1");
  });

  it('knows a raw formula from a number', () => {
    for (const raw of ['=1+1', '+A1', '-cmd', '@SUM(1)', '\t=1', '\rx']) expect(isFormula(raw)).toBe(true);
    for (const raw of ['-5', '+3.25', '12', 'a=b', "'=1", '', '1e5', '-0.5']) expect(isFormula(raw)).toBe(false);
  });

  it('gives each record the line it starts on, across quoted line breaks, CRLF, LF and CR', () => {
    const text = 'a,b\r\n"x\ny",1\n\nc,"2\r\n3"\rd,e';
    expect(read(text).map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['x\ny', '1']],
      [5, ['c', '2\r\n3']],
      [7, ['d', 'e']],
    ]);
  });

  it('skips a byte-order mark and blank lines, keeps empty cells and a final one without a line break', () => {
    expect(read('\ufeffh,i\n\n,\nlast,').map((r) => r.cells)).toEqual([
      ['h', 'i'],
      ['', ''],
      ['last', ''],
    ]);
  });

  it('reports an oversized cell with its line without keeping it, and reads on', () => {
    const big = 'x'.repeat(MAX_CELL_CHARS + 1);
    const records = read(`h,i\n"${big}",1\nok,2\n`);
    expect(records[1]).toMatchObject({ line: 2, problem: expect.stringContaining('column 1 holds more than') });
    expect(records[1]!.cells.join('')).toBe('');
    expect(records[2]).toEqual({ line: 3, cells: ['ok', '2'] });
  });

  it('reports a quote that is never closed', () => {
    const records = read('h\n"open,1\n2\n');
    expect(records[1]).toMatchObject({ line: 2, problem: 'a quoted cell is never closed' });
  });

  it('reads a 10 MB cell in one pass (linear: no quadratic rescans)', () => {
    const big = `h\n"${'a,"" '.repeat(2_500_000)}"\n`;
    const records = read(big);
    expect(records).toHaveLength(2);
    expect(records[1]!.problem).toBeDefined();
  });
});
