// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { type CheckoutValues, checkoutBody, defaultCheckoutValues } from '../checkout-form.ts';
import { VatNumberField } from './vat-number-field.tsx';

afterEach(cleanup);

const LABEL = 'VAT number (businesses)';
const HINT = 'For a business in another country: VAT is then reverse-charged where the law allows';
const guest = { guest: true, savedAddress: null, cardProvider: 'demo', payLater: false } as const;
const berlin = {
  name: 'Ada',
  line1: 'Invalidenstraße 1',
  line2: '',
  city: 'Berlin',
  region: '',
  postal_code: '10115',
  country: 'DE',
  phone: '',
};

/** The field inside the checkout's own form; `sent` shows the order body the form would send. */
function Harness({ error }: { error?: string }) {
  const form = useForm<CheckoutValues>({
    defaultValues: {
      ...defaultCheckoutValues(),
      email: 'ada@example.com',
      shipping: berlin,
      shipping_method: 'standard',
    },
  });
  const body = checkoutBody(form.watch(), guest, [], null);
  return (
    <>
      <VatNumberField idPrefix="c" field={form.register('vat_number')} error={error} />
      <output data-testid="sent">{body.vat_number ?? 'none'}</output>
    </>
  );
}

describe('VatNumberField', () => {
  it('is optional: nothing is sent until a number is typed, then the number', () => {
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: LABEL });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByTestId('sent').textContent).toBe('none');
    fireEvent.input(field, { target: { value: ' DE136695976 ' } });
    expect(screen.getByTestId('sent').textContent).toBe('DE136695976');
  });

  it('explains itself, and shows a refusal on the field', () => {
    const message = 'That is not a valid VAT number for Germany, where the order goes';
    render(<Harness error={message} />);
    const field = screen.getByRole('textbox', { name: LABEL });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([HINT, message]);
  });
});
