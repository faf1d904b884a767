// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper.tsx';

afterEach(cleanup);

describe('QuantityStepper', () => {
  it('takes only whole numbers as typed; refuses the rest with a reason and keeps the quantity', () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={2} onChange={onChange} label="Phone" max={142} stock={142} />);
    const field = screen.getByLabelText('Quantity of Phone');
    for (const text of ['1e3', '1.5', '+3', ' 3']) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.keyDown(field, { key: 'Enter' });
      expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of items, like 2');
      expect(field).toHaveProperty('value', '2');
    }
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(5);
  });

  it('lowers a quantity above the stock to it, saying so', () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={2} onChange={onChange} label="Phone" max={142} stock={142} />);
    const field = screen.getByLabelText('Quantity of Phone');
    fireEvent.change(field, { target: { value: '999999' } });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith(142);
    expect(screen.getByRole('status').textContent).toBe('Only 142 left');
  });
});
