import { inflateSync } from 'node:zlib';
import { WIN_ANSI_EXTRA } from '@shop/contracts/invoices';

/**
 * The text of a PDF written by pdfkit with its standard fonts, one line per text object (`BT … ET`),
 * for tests that check what an invoice says (a paragraph pdfkit wrapped is several lines). It reads what pdfkit writes and nothing more general: each
 * content stream (inflated when `/FlateDecode`), and in it the hex strings of the `TJ` arrays, in
 * WinAnsiEncoding; the kerning numbers between them are not spaces (pdfkit writes spaces as characters).
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const block of content.split(/\bBT\b/).slice(1)) {
      const body = block.split(/\bET\b/)[0] ?? '';
      let line = '';
      for (const array of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
        for (const hex of (array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) line += winAnsi(hex[1] ?? '');
      }
      // A wrapped line keeps the space it was broken at; without it, lines join back with one space.
      if (line.trim() !== '') lines.push(line.trimEnd());
    }
  }
  return lines.join('\n');
}

/** The PDF's streams that hold page content (pdfkit compresses them unless told not to). */
function contentStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const streamWord = /stream\r?\n/g;
  for (let match = streamWord.exec(raw); match; match = streamWord.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    const dictionary = raw.slice(raw.lastIndexOf('<<', match.index), match.index);
    const bytes = pdf.subarray(start, end);
    let text: string;
    try {
      text = (dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    } catch {
      continue; // not a stream of ours to read (e.g. trailing bytes the inflater refuses)
    }
    if (text.includes('BT')) out.push(text);
    streamWord.lastIndex = end;
  }
  return out;
}

const FROM_WIN_ANSI = new Map(Object.entries(WIN_ANSI_EXTRA).map(([unicode, byte]) => [byte, Number(unicode)]));

/** Hex digits of WinAnsi bytes → text. */
function winAnsi(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    text += String.fromCodePoint(FROM_WIN_ANSI.get(byte) ?? byte);
  }
  return text;
}
