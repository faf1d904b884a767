/**
 * The CSV of product imports and exports (RFC 4180), read and written in one pass. Written files use
 * CRLF and quote only where needed; read files may use CRLF, LF or CR. Reading is linear whatever the
 * input: a cell or row past its cap is not kept (only reported), so a 10 MB cell costs one scan.
 *
 * Formula injection (OWASP "CSV injection"): a text cell a spreadsheet would run (=, +, -, @, tab, CR
 * first; plain numbers excepted) is written with a `'` in front, and any cell already starting with
 * quotes before such a character gets one more. Reading takes exactly one `'` off such a cell, so
 * `decodeCell(encodeCell(v)) === v` for every text, and a raw formula in an imported file is refused.
 */

/** A cell longer than this is refused (descriptions hold 5,000 characters; Shopify's bodies carry HTML). */
export const MAX_CELL_CHARS = 64 * 1024;
/** A row longer than this (all its cells) is refused. */
export const MAX_ROW_CHARS = 256 * 1024;
/** A row with more cells than this is refused. */
export const MAX_CELLS = 200;

export interface CsvRecord {
  /** The line the record starts on (1 = the file's first line). */
  line: number;
  cells: string[];
  /** Why the record could not be read whole; its cells are then not to be used. */
  problem?: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;
const NEEDS_ESCAPE = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Whether a raw cell is something a spreadsheet would evaluate (and so refused on import). */
export function isFormula(raw: string): boolean {
  return FORMULA_START.test(raw) && !(raw.length <= 40 && PLAIN_NUMBER.test(raw));
}

/** A text as written to a cell: one `'` in front of what would read as a formula (see above). */
export function escapeFormula(value: string): string {
  return NEEDS_ESCAPE.test(value) && !(value.length <= 40 && PLAIN_NUMBER.test(value)) ? `'${value}` : value;
}

/** A raw cell as the text it stands for: one `'` less in front of an escaped formula. */
export function decodeCell(raw: string): string {
  return ESCAPED_FORMULA.test(raw) ? raw.slice(1) : raw;
}

/** One cell of a written file: escaped, then quoted when it holds a comma, quote or line break. */
export function encodeCell(value: string): string {
  const text = escapeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then each row; CRLF after every line. */
export function writeCsv(header: readonly string[], rows: Iterable<readonly string[]>): string {
  const lines = [header.map(encodeCell).join(',')];
  for (const row of rows) lines.push(row.map(encodeCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The records of a CSV text, in order, each with the line it starts on. Blank lines are skipped. A
 * quote that is never closed makes one last record with a `problem`; so do oversized cells and rows.
 */
export function* readCsv(text: string): Generator<CsvRecord> {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let rowChars = 0;
    let problem: string | undefined;
    let ended = false;
    while (!ended) {
      let value = '';
      let cellChars = 0;
      const keep = (piece: string) => {
        cellChars += piece.length;
        rowChars += piece.length;
        if (problem) return;
        if (cellChars > MAX_CELL_CHARS) {
          problem = `column ${cells.length + 1} holds more than ${MAX_CELL_CHARS} characters`;
        } else if (rowChars > MAX_ROW_CHARS) {
          problem = `the row holds more than ${MAX_ROW_CHARS} characters`;
        } else value += piece;
      };
      if (text.charCodeAt(i) === QUOTE) {
        // A quoted cell: up to the next lone quote; doubled quotes are one quote; line breaks are kept.
        i++;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close < 0) {
            line += countLineBreaks(text, i, n);
            i = n;
            problem ??= 'a quoted cell is never closed';
            break;
          }
          line += countLineBreaks(text, i, close);
          keep(text.slice(i, close));
          if (text.charCodeAt(close + 1) === QUOTE) {
            keep('"');
            i = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
      }
      // Unquoted text (or what follows a closing quote, kept as it is): up to a comma or line break.
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === COMMA || c === LF || c === CR) break;
        j++;
      }
      if (j > i) keep(text.slice(i, j));
      i = j;
      if (cells.length < MAX_CELLS) cells.push(problem ? '' : value);
      else problem ??= `the row has more than ${MAX_CELLS} cells`;
      const c = text.charCodeAt(i);
      if (c === COMMA) i++;
      else {
        if (c === CR) i += text.charCodeAt(i + 1) === LF ? 2 : 1;
        else if (c === LF) i++;
        if (i <= n) line++;
        ended = true;
      }
    }
    if (problem) yield { line: start, cells, problem };
    else if (!(cells.length === 1 && cells[0] === '')) yield { line: start, cells };
  }
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) count++;
    else if (c === CR && text.charCodeAt(k + 1) !== LF) count++;
  }
  return count;
}
