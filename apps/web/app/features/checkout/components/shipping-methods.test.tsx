// @vitest-environment happy-dom
import type { ShippingOption } from '@shop/contracts/orders';
import { cleanup, render, screen } from '@testing-library/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { ShippingMethods } from './shipping-methods.tsx';

const field: UseFormRegisterReturn<'shipping_method'> = {
  name: 'shipping_method',
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
};
const options: ShippingOption[] = [
  { code: 'standard', name: 'Standard shipping', estimate: '3–5 business days', price: 9.9 },
  { code: 'pick-up', name: 'Pick-up in store', estimate: '', price: 0 },
];

afterEach(cleanup);

describe('ShippingMethods', () => {
  it('offers a radio per method with its estimate and its price for this order', () => {
    render(
      <ShippingMethods
        idPrefix="c"
        choice={{ kind: 'options', options, currency: { code: 'USD', digits: 2 } }}
        pending={false}
        field={field}
      />,
    );
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['standard', 'pick-up']);
    expect(screen.getByRole('radio', { name: /Standard shipping 3–5 business days/ })).toBeTruthy();
    expect(screen.getByTestId('shipping-price-standard').textContent).toBe('$9.90');
    expect(screen.getByTestId('shipping-price-pick-up').textContent).toBe('Free');
  });

  it('asks for the address before any method is shown', () => {
    render(<ShippingMethods idPrefix="c" choice={{ kind: 'address_needed' }} pending={false} field={field} />);
    expect(screen.getByText('Enter your shipping address to see delivery options and prices.')).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('says as an alert that the shop does not ship to the country', () => {
    render(
      <ShippingMethods
        idPrefix="c"
        choice={{ kind: 'not_shippable', message: 'We do not ship to Norway.' }}
        pending={false}
        field={field}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('We do not ship to Norway.');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });
});
