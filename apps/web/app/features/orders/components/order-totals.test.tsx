// @vitest-environment happy-dom
import { REVERSE_CHARGE_NOTE } from '@shop/contracts/tax';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderTotals, type PricedTotals } from './order-totals.tsx';

afterEach(cleanup);

/** The rows as the shopper reads them, top to bottom: label and figure. */
const rows = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

// A Texan order: 6.25 % added on top of the goods and the shipping.
const added: PricedTotals = {
  currency: { code: 'USD', digits: 2 },
  totals: { subtotal: 49.99, discount: 0, shipping: 9.9, tax: 3.74, total: 63.63 },
  discount_code: null,
  tax_included: false,
  tax_lines: [{ name: 'Tax', rate: 6.25, taxable: 59.89, amount: 3.74 }],
  reverse_charge: false,
};

// A German order with prices holding their VAT: 19 % and 7 % (a book), the total not adding them again.
const held: PricedTotals = {
  currency: { code: 'EUR', digits: 2 },
  totals: { subtotal: 160, discount: 10, shipping: 0, tax: 25.78, total: 150 },
  discount_code: 'SAVE10',
  tax_included: true,
  tax_lines: [
    { name: 'VAT', rate: 19, taxable: 120.92, amount: 22.98 },
    { name: 'VAT', rate: 7, taxable: 40, amount: 2.8 },
  ],
  reverse_charge: false,
};

describe('OrderTotals', () => {
  it('adds the tax before the total, one row per rate, and the rows add up to the total', () => {
    render(<OrderTotals priced={added} />);
    expect(rows()).toEqual([
      ['Subtotal', '$49.99'],
      ['Shipping', '$9.90'],
      ['Tax (6.25%)', '$3.74'],
      ['Total', '$63.63'],
    ]);
    expect(screen.queryByTestId('reverse-charge')).toBeNull();
  });

  it('lists tax held in the prices after the total, as "incl.", not added again', () => {
    render(<OrderTotals priced={held} />);
    expect(rows()).toEqual([
      ['Subtotal', '€160.00'],
      ['Discount (SAVE10)', '−€10.00'],
      ['Shipping', 'Free'],
      ['Total', '€150.00'],
      ['incl. VAT 19%', '€22.98'],
      ['incl. VAT 7%', '€2.80'],
    ]);
    expect(screen.getAllByTestId('total-tax').map((dd) => dd.textContent)).toEqual(['€22.98', '€2.80']);
  });

  it('says why a business buyer paid no VAT, with their number when the order has it', () => {
    const reverse: PricedTotals = {
      ...added,
      totals: { subtotal: 124.9, discount: 0, shipping: 0, tax: 0, total: 124.9 },
      tax_lines: [{ name: 'VAT', rate: 0, taxable: 124.9, amount: 0 }],
      reverse_charge: true,
    };
    const { rerender } = render(<OrderTotals priced={reverse} />);
    expect(screen.getByText('VAT (0%)')).toBeTruthy();
    expect(screen.getByTestId('reverse-charge').textContent).toBe(REVERSE_CHARGE_NOTE);

    rerender(<OrderTotals priced={{ ...reverse, vat_number: 'DE136695976' }} />);
    expect(screen.getByTestId('reverse-charge').textContent).toContain(REVERSE_CHARGE_NOTE);
    expect(screen.getByTestId('vat-number').textContent).toBe('DE136695976');
  });

  it('shows one "Tax" row of the whole tax when no rate was kept', () => {
    render(<OrderTotals priced={{ ...added, tax_lines: [] }} />);
    expect(screen.getByText('Tax').nextElementSibling?.textContent).toBe('$3.74');
  });

  it('writes an order in yen in whole yen', () => {
    const yen: PricedTotals = {
      currency: { code: 'JPY', digits: 0 },
      totals: { subtotal: 7568, discount: 0, shipping: 3026, tax: 848, total: 11442 },
      discount_code: null,
      tax_included: false,
      tax_lines: [{ name: 'Tax', rate: 8, taxable: 10594, amount: 848 }],
      reverse_charge: false,
    };
    render(<OrderTotals priced={yen} />);
    expect(rows()).toEqual([
      ['Subtotal', '¥7,568'],
      ['Shipping', '¥3,026'],
      ['Tax (8%)', '¥848'],
      ['Total', '¥11,442'],
    ]);
  });
});
