// @vitest-environment happy-dom
import type { PublicVariant } from '@shop/contracts/variants';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useVariantChoice } from '../use-variant-choice.ts';
import type { VariantModel } from '../variant-choice.ts';
import { CHOOSE_SIZE_MESSAGE, type PurchaseOptions, PurchasePanel } from './purchase-panel.tsx';

const v = (options: string[], available: number, price = 20): PublicVariant => ({
  id: `v-${options.join('-')}`,
  sku: `tee-${options.join('-').toLowerCase()}`,
  options,
  tax_class: 'standard',
  price,
  compare_at_price: 25,
  available,
  in_stock: available > 0,
  image: null,
});

/** Red/Blue × S/M/L: Red M sold out, Blue S not made, Blue L dearer. */
const tee: VariantModel = {
  options: [
    { name: 'Color', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'M', 'L'] },
  ],
  variants: [v(['Red', 'S'], 4), v(['Red', 'M'], 0), v(['Red', 'L'], 9), v(['Blue', 'M'], 2), v(['Blue', 'L'], 30, 24)],
};

function Harness({ model, onAdd }: { model: VariantModel; onAdd: (q: number, o: PurchaseOptions) => void }) {
  const choice = useVariantChoice(model);
  return (
    <>
      <p data-testid="stock">{choice.summary.stock ?? '-'}</p>
      <PurchasePanel model={model} choice={choice} onAddToCart={onAdd} onAddToWishlist={() => undefined} />
    </>
  );
}

afterEach(cleanup);

const group = (name: RegExp) => screen.getByRole('group', { name });
const radio = (g: HTMLElement, name: string) => within(g).getByRole('radio', { name });

describe('PurchasePanel with variants', () => {
  it('marks the sold-out and missing sizes of the chosen colour before they are picked, still choosable', () => {
    render(<Harness model={tee} onAdd={() => undefined} />);
    const sizes = group(/^Size/);
    expect(radio(group(/^Colour/), 'Red')).toHaveProperty('checked', true);
    const m = radio(sizes, 'M');
    expect(m.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(m.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Sold out');
    expect(radio(sizes, 'S').getAttribute('aria-describedby')).toBeNull();
    expect(m.closest('label')?.getAttribute('data-available')).toBe('false');
    // Still a radio that can be chosen: a sold-out variant can be waited for.
    fireEvent.click(m);
    expect(m).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);

    // Blue: S was never made, L costs more — every size shows its price.
    fireEvent.click(radio(group(/^Colour/), 'Blue'));
    const s = radio(sizes, 'S');
    expect(document.getElementById(s.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Unavailable');
    expect(within(sizes).getByText('$24.00')).toBeTruthy();
    expect(within(sizes).getAllByText('$20.00')).toHaveLength(1);
  });

  it('asks for a size first, then adds the chosen variant with its colour and size', () => {
    const onAdd = vi.fn();
    render(<Harness model={tee} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert').textContent).toBe(CHOOSE_SIZE_MESSAGE);
    expect(onAdd).not.toHaveBeenCalled();

    fireEvent.click(radio(group(/^Size/), 'L'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('stock').textContent).toBe('9');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '50' } });
    // At most what the chosen variant has.
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '9');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAdd).toHaveBeenCalledWith(9, { variant: tee.variants[2], color: 'Red', size: 'L' });
  });

  it('refuses a quantity that is not a whole number with a reason, and adds nothing until it is one', () => {
    const onAdd = vi.fn();
    render(<Harness model={{ options: [], variants: [v([], 142)] }} onAdd={onAdd} />);
    const field = screen.getByLabelText('Quantity');
    for (const text of ['1e3', '1.5']) {
      fireEvent.change(field, { target: { value: text } });
      expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of items, like 2');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(onAdd).not.toHaveBeenCalled();
    }
    fireEvent.change(field, { target: { value: '999999' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveProperty('value', '142');
    expect(screen.getByTestId('quantity-lowered').textContent).toBe('Only 142 left');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAdd).toHaveBeenCalledWith(142, expect.anything());
  });

  it('shows a product with one variant and no options as before: no pickers, straight to the cart', () => {
    const onAdd = vi.fn();
    render(<Harness model={{ options: [], variants: [v([], 3)] }} onAdd={onAdd} />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAdd).toHaveBeenCalledWith(1, { variant: expect.objectContaining({ id: 'v-' }) });
  });
});
