import type { CheckoutFailure, PlaceOrderFailure } from '@shop/contracts/failures';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../lib/api-error.ts';
import type { ChangedLine } from './changed-lines.ts';
import { explainFailure, explainQuoteFailure, NOT_SHIPPABLE, VAT_INVALID } from './explain-failure.ts';

const line: ChangedLine = {
  product_id: '00000000-0000-4000-8000-000000000001',
  variant_id: null,
  name: 'Trail Shoe',
  reason: 'price_changed',
  expected_price: 50,
  current_price: 55,
  requested: 1,
  available: 3,
};

const refused = <F extends { reason: string }>(failure: F | null, message?: string): ApiFailure<F> => ({
  failure,
  message,
  fault: false,
});

describe('explainFailure', () => {
  it('keeps the cart when the card is declined, with the server’s sentence if any', () => {
    expect(explainFailure(refused({ reason: 'card_declined' }, 'Insufficient funds.'))).toEqual({
      kind: 'declined',
      message: 'Insufficient funds.',
    });
    expect(explainFailure(refused<PlaceOrderFailure>({ reason: 'card_declined' }))).toEqual({
      kind: 'declined',
      message: undefined,
    });
  });

  it('sends changed lines to the cart, and a change without lines is an ordinary refusal', () => {
    expect(explainFailure(refused({ reason: 'lines_changed', lines: [line] }, 'Prices changed'))).toEqual({
      kind: 'lines_changed',
      lines: [line],
    });
    expect(explainFailure(refused({ reason: 'lines_changed', lines: [] }, 'Prices changed'))).toEqual({
      kind: 'refused',
      message: 'Prices changed',
      field: null,
      dropCode: false,
    });
  });

  it('names the field a refusal is about and drops a refused code', () => {
    for (const reason of ['card_expired', 'card_missing', 'card_not_sent'] as const) {
      expect(explainFailure(refused({ reason }, 'Card'))).toMatchObject({ kind: 'refused', field: 'card.expiry' });
    }
    expect(explainFailure(refused({ reason: 'body_mismatch', field: 'email' }, 'E-mail'))).toMatchObject({
      field: 'email',
    });
    expect(explainFailure(refused({ reason: 'body_mismatch', field: 'items' }, 'Items'))).toMatchObject({
      field: null,
    });
    expect(explainFailure(refused({ reason: 'not_shippable', country: 'NO' }, 'We do not ship to Norway.'))).toEqual({
      kind: 'refused',
      message: 'We do not ship to Norway.',
      field: 'shipping.country',
      dropCode: false,
    });
    expect(
      explainFailure(refused({ reason: 'unknown_shipping_method', options: ['standard'] }, 'Not offered')),
    ).toMatchObject({
      field: 'shipping_method',
    });
    const vat = 'That is not a valid VAT number for Germany, where the order goes';
    expect(explainFailure(refused({ reason: 'vat_number_invalid' }, vat))).toEqual({
      kind: 'refused',
      message: vat,
      field: 'vat_number',
      dropCode: false,
    });
    expect(explainFailure(refused({ reason: 'discount_unusable' }, 'Expired code'))).toEqual({
      kind: 'refused',
      message: 'Expired code',
      field: null,
      dropCode: true,
    });
  });

  it('shows the sentence of a refusal that names no reason (validation, a limit)', () => {
    expect(explainFailure(refused<PlaceOrderFailure>(null, 'Too many attempts.'))).toEqual({
      kind: 'refused',
      message: 'Too many attempts.',
      field: null,
      dropCode: false,
    });
  });

  it('falls back to the generic message without an answer, on a server fault or without a sentence', () => {
    expect(explainFailure({ failure: null, fault: true })).toEqual({ kind: 'failed' });
    expect(explainFailure({ failure: { reason: 'provider_unavailable' }, message: 'Later', fault: true })).toEqual({
      kind: 'failed',
    });
    expect(explainFailure(refused<PlaceOrderFailure>({ reason: 'empty_cart' }))).toEqual({ kind: 'failed' });
  });
});

describe('explainQuoteFailure', () => {
  it('passes changed lines on with the sentence', () => {
    expect(explainQuoteFailure(refused({ reason: 'lines_changed', lines: [line] }, 'Moved'))).toEqual({
      kind: 'lines_changed',
      lines: [line],
      message: 'Moved',
    });
    expect(explainQuoteFailure(refused<CheckoutFailure>({ reason: 'lines_changed', lines: [] }))).toEqual({
      kind: 'lines_changed',
      lines: [],
      message: '',
    });
  });

  it('refuses the code with its sentence', () => {
    expect(explainQuoteFailure(refused({ reason: 'discount_unusable' }, 'Expired'))).toEqual({
      kind: 'code_refused',
      message: 'Expired',
    });
  });

  it('keeps a country the shop does not ship to apart, with its sentence or ours', () => {
    expect(
      explainQuoteFailure(refused({ reason: 'not_shippable', country: 'NO' }, 'We do not ship to Norway.')),
    ).toEqual({
      kind: 'not_shippable',
      message: 'We do not ship to Norway.',
    });
    expect(explainQuoteFailure(refused<CheckoutFailure>({ reason: 'not_shippable', country: 'NO' }))).toEqual({
      kind: 'not_shippable',
      message: NOT_SHIPPABLE,
    });
  });

  it('keeps a VAT number not valid for the destination apart, for its field', () => {
    const vat = 'That is not a valid VAT number for Germany, where the order goes';
    expect(explainQuoteFailure(refused({ reason: 'vat_number_invalid' }, vat))).toEqual({
      kind: 'vat_number_invalid',
      message: vat,
    });
    expect(explainQuoteFailure(refused<CheckoutFailure>({ reason: 'vat_number_invalid' }))).toEqual({
      kind: 'vat_number_invalid',
      message: VAT_INVALID,
    });
  });

  it('shows a refusal’s sentence, and nothing of its own for a server fault', () => {
    expect(explainQuoteFailure(refused({ reason: 'empty_cart' }, 'Your cart is empty'))).toEqual({
      kind: 'error',
      message: 'Your cart is empty',
    });
    expect(explainQuoteFailure({ failure: null, message: 'Something went wrong', fault: true })).toEqual({
      kind: 'error',
      message: null,
    });
  });
});
