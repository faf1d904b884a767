import { z } from 'zod';

/**
 * What an invoice prints for the bank transfer, shared by the admin Settings
 * checks, the PDF, the confirmation mail and the confirmation page. Every check here is one pass over
 * its text (ADR 011) and runs only after the field's length limit.
 */

/** The bank details and the seller's tax id, as the store's settings hold them (empty = not set). */
export interface BankDetails {
  bank_account_holder: string;
  bank_account: string;
  bank_code: string;
  bank_name: string;
  /** A format whose every `{number}` is the order number, e.g. `Order {number}`. */
  payment_reference: string;
}

/** The placeholder a payment reference format must contain. */
export const REFERENCE_PLACEHOLDER = '{number}';
export const DEFAULT_PAYMENT_REFERENCE = REFERENCE_PLACEHOLDER;

/** The reference the shopper quotes on the transfer: the format with the order number put in. */
export function paymentReference(format: string, orderNumber: string): string {
  return (format.includes(REFERENCE_PLACEHOLDER) ? format : DEFAULT_PAYMENT_REFERENCE).replaceAll(
    REFERENCE_PLACEHOLDER,
    orderNumber,
  );
}

/** An account number without the spaces and dashes people group it with, upper-case. */
function compact(value: string): string {
  let out = '';
  for (const ch of value) if (ch !== ' ' && ch !== '-') out += ch.toUpperCase();
  return out;
}

/** Two letters and two digits first: an IBAN (country and check digits), which must then pass mod 97. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}/.test(compact(value));
}

/**
 * ISO 13616: the country and check digits moved to the end, letters as 10–35, the number mod 97 is 1.
 * Computed digit by digit, so any length is one pass without big numbers. 15 to 34 characters.
 */
export function hasValidIbanChecksum(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z\d]{11,30}$/.test(iban)) return false;
  let remainder = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const code = ch.charCodeAt(0);
    remainder = code >= 65 ? (remainder * 100 + (code - 55)) % 97 : (remainder * 10 + (code - 48)) % 97;
  }
  return remainder === 1;
}

/** A BIC (SWIFT code): bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function looksLikeBic(value: string): boolean {
  return /^[A-Z]{6}[A-Z\d]{2}(?:[A-Z\d]{3})?$/.test(compact(value));
}

/** The rows an invoice prints for the transfer, labelled as the details look (IBAN/BIC or account/bank code). */
export function bankDetailRows(details: BankDetails): { label: string; value: string }[] {
  const rows = [
    { label: 'Account holder', value: details.bank_account_holder },
    { label: looksLikeIban(details.bank_account) ? 'IBAN' : 'Account number', value: details.bank_account },
    { label: looksLikeBic(details.bank_code) ? 'BIC / SWIFT' : 'Bank code', value: details.bank_code },
    { label: 'Bank', value: details.bank_name },
  ];
  return rows.filter((r) => r.value !== '');
}

/** Whether the store has given an account to pay into (the holder comes with it: admin Settings). */
export const hasBankAccount = (details: BankDetails) => details.bank_account !== '';

/**
 * What the confirmation page shows a pay-later shopper (read in-process by its loader): the account to
 * pay into and the reference format. Not secret: every invoice prints them.
 */
export const paymentInstructions = z.object({
  bank_account_holder: z.string(),
  bank_account: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  payment_reference: z.string(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructions>;

// --- Text the PDF's standard fonts can print ---------------------------------------------------

/**
 * Unicode characters of Windows-1252 (the standard PDF fonts' WinAnsiEncoding) outside Latin-1, with
 * their byte. With 0x20–0x7E and 0xA0–0xFF they are everything Helvetica can print without a font file.
 */
export const WIN_ANSI_EXTRA: Readonly<Record<number, number>> = {
  8364: 0x80, // €
  8218: 0x82, // ‚
  402: 0x83, // ƒ
  8222: 0x84, // „
  8230: 0x85, // …
  8224: 0x86, // †
  8225: 0x87, // ‡
  710: 0x88, // ˆ
  8240: 0x89, // ‰
  352: 0x8a, // Š
  8249: 0x8b, // ‹
  338: 0x8c, // Œ
  381: 0x8e, // Ž
  8216: 0x91, // ‘
  8217: 0x92, // ’
  8220: 0x93, // “
  8221: 0x94, // ”
  8226: 0x95, // •
  8211: 0x96, // –
  8212: 0x97, // —
  732: 0x98, // ˜
  8482: 0x99, // ™
  353: 0x9a, // š
  8250: 0x9b, // ›
  339: 0x9c, // œ
  382: 0x9e, // ž
  376: 0x9f, // Ÿ
};

/** Letters that do not decompose into a Latin letter and a mark, written as people write them without it. */
const LATIN_FALLBACK: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  '−': '-',
  '\u00a0': ' ',
};

const printable = (code: number) =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA[code] !== undefined;

/**
 * `value` as the invoice's standard fonts can print it: each character kept when the font has it,
 * else its letter without accent (ő → o), else a common Latin spelling (ł → l), else `?`; control
 * characters are dropped. `lossless` says no `?` was needed. One pass.
 */
export function toInvoiceText(value: string): { text: string; lossless: boolean } {
  let text = '';
  let lossless = true;
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (printable(code)) {
      text += ch;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== '' && [...base].every((c) => printable(c.codePointAt(0) ?? 0))) {
      text += base;
      continue;
    }
    const fallback = LATIN_FALLBACK[ch];
    if (fallback !== undefined) {
      text += fallback;
      continue;
    }
    text += '?';
    lossless = false;
  }
  return { text, lossless };
}

/** Whether the invoice can print `value` without a `?` in place of a character. */
export const printableOnInvoice = (value: string) => toInvoiceText(value).lossless;

/** One plain line: no control or format characters (line breaks, tabs, direction overrides). */
export const isPlainLine = (value: string) => /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u.test(value);

/** GET /api/orders/:id/invoice.pdf: `token` is the signed link's (`invoice.pdf_url`); without it, sign in. */
export const invoicePdfQuery = z.object({
  token: z.string({ error: 'token must be text' }).max(200, 'token must be at most 200 characters').optional(),
});
