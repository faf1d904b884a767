import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminSettings } from './admin-settings.ts';
import {
  bankDetailRows,
  hasValidIbanChecksum,
  isPlainLine,
  looksLikeBic,
  looksLikeIban,
  paymentReference,
  printableOnInvoice,
  toInvoiceText,
} from './invoices.ts';

/** Published example IBANs (ECB / national banks' specimens), spaced as printed and compact. */
const VALID_IBANS = [
  'DE89 3704 0044 0532 0130 00',
  'GB82 WEST 1234 5698 7654 32',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91ABNA0417164300',
  'CH93 0076 2011 6238 5295 7',
  'BE68 5390 0754 7034',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
];

describe('IBAN check digits (ISO 13616, mod 97)', () => {
  it('accepts real IBANs, spaced or compact, any case', () => {
    for (const iban of VALID_IBANS) {
      expect([iban, hasValidIbanChecksum(iban)]).toEqual([iban, true]);
      expect(hasValidIbanChecksum(iban.replaceAll(' ', '').toLowerCase())).toBe(true);
      expect(looksLikeIban(iban)).toBe(true);
    }
  });

  it('refuses a wrong check digit, a swapped pair, and the wrong lengths', () => {
    expect(hasValidIbanChecksum('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(hasValidIbanChecksum('DE89 3704 0044 0523 0130 00')).toBe(false);
    expect(hasValidIbanChecksum('DE89 3704')).toBe(false);
    expect(hasValidIbanChecksum(`DE89${'1'.repeat(31)}`)).toBe(false);
    expect(hasValidIbanChecksum('DE89 3704 0044 0532 0130 0!')).toBe(false);
  });

  it('catches every change of a single character (what mod 97 guarantees)', () => {
    const iban = 'DE89370400440532013000';
    fc.assert(
      fc.property(fc.integer({ min: 4, max: iban.length - 1 }), fc.constantFrom(...'0123456789'), (at, digit) => {
        fc.pre(iban[at] !== digit);
        expect(hasValidIbanChecksum(iban.slice(0, at) + digit + iban.slice(at + 1))).toBe(false);
      }),
    );
  });

  it('is an IBAN only when it starts with two letters and two digits', () => {
    expect(looksLikeIban('123456789')).toBe(false);
    expect(looksLikeIban('000123456789')).toBe(false);
    expect(looksLikeIban('AB12')).toBe(true);
  });
});

describe('payment reference', () => {
  it('puts the order number in every {number}', () => {
    expect(paymentReference('{number}', 'SO-100001')).toBe('SO-100001');
    expect(paymentReference('Order {number} / {number}', 'SO-7')).toBe('Order SO-7 / SO-7');
  });

  it('falls back to the number alone for a format without it (never stored: settings refuse it)', () => {
    expect(paymentReference('Order', 'SO-7')).toBe('SO-7');
  });
});

describe('bank detail rows', () => {
  it('labels an IBAN and a BIC as such, and an account and routing number as such; leaves out empty ones', () => {
    const details = {
      bank_account_holder: 'Harbour Goods Ltd',
      bank_account: 'GB82 WEST 1234 5698 7654 32',
      bank_code: 'NWBKGB2L',
      bank_name: '',
      payment_reference: '{number}',
    };
    expect(bankDetailRows(details)).toEqual([
      { label: 'Account holder', value: 'Harbour Goods Ltd' },
      { label: 'IBAN', value: 'GB82 WEST 1234 5698 7654 32' },
      { label: 'BIC / SWIFT', value: 'NWBKGB2L' },
    ]);
    const us = bankDetailRows({ ...details, bank_account: '000123456789', bank_code: '021000021', bank_name: 'Chase' });
    expect(us.map((r) => r.label)).toEqual(['Account holder', 'Account number', 'Bank code', 'Bank']);
    expect(looksLikeBic('DEUTDEFF500')).toBe(true);
    expect(looksLikeBic('021000021')).toBe(false);
  });
});

describe('text the invoice can print', () => {
  it('keeps what the standard fonts have, drops accents they lack, spells other letters in Latin', () => {
    expect(toInvoiceText('Zürich – 10 € “quoted”')).toEqual({ text: 'Zürich – 10 € “quoted”', lossless: true });
    expect(toInvoiceText('Łódź, Đakovo, Kraków')).toEqual({ text: 'Lódz, Dakovo, Kraków', lossless: true });
    expect(toInvoiceText('Ωmega 東京')).toEqual({ text: '?mega ??', lossless: false });
    expect(toInvoiceText('a\u0007b\u0085c')).toEqual({ text: 'abc', lossless: true });
    expect(printableOnInvoice('Crédit Agricole')).toBe(true);
    expect(printableOnInvoice('Банк')).toBe(false);
  });

  it('never yields a character the fonts lack', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
        for (const ch of toInvoiceText(value).text) expect(printableOnInvoice(ch)).toBe(true);
      }),
    );
  });

  it('a plain line has no control, format or separator characters', () => {
    expect(isPlainLine('Harbour Goods Ltd.')).toBe(true);
    for (const bad of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u202eb', 'a\u2028b', 'a\u200bb']) {
      expect([JSON.stringify(bad), isPlainLine(bad)]).toEqual([JSON.stringify(bad), false]);
    }
  });
});

describe('admin settings: bank details', () => {
  const base = adminSettings.parse({
    store_name: 'Shop',
    contact_email: '',
    contact_phone: '',
    address: '',
    opening_hours: '',
    payment_badges: null,
    brand_colors: { primary: '#0f172a', primary_text: '#ffffff', accent: '#b91c1c' },
    social_links: { facebook: '', twitter: '', instagram: '', youtube: '' },
    tax_rate_percent: 8,
    pay_later_days: 14,
    guest_hold_hours: 72,
    low_stock_threshold: 5,
    maintenance_mode: false,
    time_zone: 'UTC',
    bank_account_holder: '',
    bank_account: '',
    bank_code: '',
    bank_name: '',
    payment_reference: '{number}',
    tax_id: '',
  });
  const issues = (change: Record<string, unknown>) => {
    const result = adminSettings.safeParse({ ...base, ...change });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const account = { bank_account_holder: 'Harbour Goods Ltd', bank_account: 'DE89 3704 0044 0532 0130 00' };

  it('accepts none, or an account with its holder, bank code, bank, reference and tax id', () => {
    expect(issues({})).toEqual([]);
    expect(
      issues({
        ...account,
        bank_code: 'COBADEFFXXX',
        bank_name: 'Commerzbank',
        payment_reference: "Order {number} (thank you, it's paid)",
        tax_id: 'DE 123/456/789',
      }),
    ).toEqual([]);
    expect(issues({ bank_account_holder: 'Ada', bank_account: '000123456789', bank_code: '021000021' })).toEqual([]);
  });

  it('names the field and the rule for each mistake', () => {
    expect(issues({ ...account, bank_account: 'DE88 3704 0044 0532 0130 00' })).toEqual([
      'bank_account: This IBAN is not valid: its check digits do not match (look for a typing error)',
    ]);
    expect(issues({ payment_reference: 'Order' })).toEqual([
      'payment_reference: Payment reference must contain {number}',
    ]);
    expect(issues({ payment_reference: 'Order {number} {date}' })).toEqual([
      "payment_reference: Payment reference may only contain letters, digits, spaces, / - ? : ( ) . , ' + and {number}",
    ]);
    expect(issues({ ...account, bank_account_holder: 'Harbour\nGoods' })).toEqual([
      'bank_account_holder: Account holder must be one plain line (no line breaks or control characters)',
    ]);
    expect(issues({ ...account, bank_name: 'Bank\u0000' })).toEqual([
      'bank_name: Bank name must be one plain line (no line breaks or control characters)',
    ]);
    expect(issues({ ...account, bank_name: 'Сбербанк' })).toEqual([
      'bank_name: Bank name may only use characters the PDF invoice can print (Latin letters)',
    ]);
    expect(issues({ bank_account: 'DE89 3704 0044 0532 0130 00' })).toEqual([
      'bank_account_holder: Account holder is required with an account number',
    ]);
    expect(issues({ bank_name: 'Commerzbank' })).toEqual([
      'bank_account: Account number (IBAN) is required with the other bank details',
    ]);
    expect(issues({ ...account, bank_code: 'COBA.DEFF' })).toEqual([
      'bank_code: Bank code (BIC / routing number) may only contain letters, digits, spaces and -',
    ]);
    expect(issues({ tax_id: 'DE<123>' })).toEqual([
      'tax_id: Tax ID may only contain letters, digits, spaces and . / -',
    ]);
  });

  it('checks length first: an over-long value gets only the length message', () => {
    expect(issues({ ...account, bank_account: `DE89${'0'.repeat(5000)}` })).toEqual([
      'bank_account: Account number (IBAN) must be at most 42 characters',
    ]);
    expect(issues({ payment_reference: `{${'{'.repeat(10_000)}` })).toEqual([
      'payment_reference: Payment reference must be at most 60 characters',
    ]);
    expect(issues({ ...account, bank_account_holder: '\n'.repeat(500) + 'x'.repeat(200) })).toEqual([
      'bank_account_holder: Account holder must be at most 100 characters',
    ]);
  });
});
