// @vitest-environment happy-dom
import type { ImportReport } from '@shop/contracts/admin-catalog-io';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportChoices, type ImportChoicesValue } from './import-choices.tsx';

afterEach(cleanup);

const report: ImportReport = {
  format: 'shopify',
  rows: 6,
  products: { create: 3, update: 0, unchanged: 0 },
  variants: { create: 6, update: 0, unchanged: 0 },
  brands: { create: 1 },
  images: { fetch: 3, stored: 0 },
  refusals: [],
  refusals_total: 4,
  failed_images: [
    { line: 2, url: 'https://cdn.example/a.png', reason: 'the server answered 404' },
    { line: 5, url: 'https://cdn.example/b.png', reason: 'the server answered 404' },
  ],
  duplicate_skus: [{ line: 4, sku: 'PIN-SMA', first_line: 2, resolved_as: 'PIN-SMA-2' }],
  uncategorized: 1,
};
const none: ImportChoicesValue = { skipFailedImages: false, acceptDuplicateSkus: false, defaultCategory: '' };

describe('the dry run offers what makes a real export importable', () => {
  it('offers to import without the pictures that failed, to accept the SKU suffixes and a default category', () => {
    const onChange = vi.fn();
    render(
      <ImportChoices
        report={report}
        value={none}
        onChange={onChange}
        categories={[{ id: 'jardin', name: 'Jardin' }]}
      />,
    );
    expect(screen.getByText('https://cdn.example/a.png — the server answered 404')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import without the 2 pictures that failed' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...none, skipFailedImages: true });

    expect(screen.getByText('PIN-SMA-2')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Give the later rows these SKUs' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...none, acceptDuplicateSkus: true });

    fireEvent.change(screen.getByLabelText('1 product matches no category: put them in'), {
      target: { value: 'jardin' },
    });
    expect(onChange).toHaveBeenLastCalledWith({ ...none, defaultCategory: 'jardin' });
  });

  it('offers nothing when the file has none of these problems', () => {
    const clean = { ...report, failed_images: [], duplicate_skus: [], uncategorized: 0, refusals_total: 0 };
    const { container } = render(<ImportChoices report={clean} value={none} onChange={() => {}} categories={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
