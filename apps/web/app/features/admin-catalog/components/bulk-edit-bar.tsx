import { type BulkEditInput, bulkEditBody, type ProductFormOptions } from '@shop/contracts/admin-catalog';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { plural } from '../../../lib/plural.ts';
import { currencySymbol, decimalsMessage, fitsBase, moneyInput, useBaseCurrency } from '../../admin/index.ts';
import { useBulkEdit } from '../api/bulk-edit.ts';

const KEEP = 'keep';
type PriceMode = typeof KEEP | 'set' | 'percent';

/**
 * The products list's bulk-edit bar: over the selected rows, a new price (an amount, or ± a
 * percentage of each one's), a stock for every variant, a category, and publish / unpublish — checked
 * with the API's own schema, sent as one change.
 */
export function BulkEditBar({
  selected,
  options,
  onDone,
}: {
  selected: string[];
  options: ProductFormOptions | undefined;
  onDone: () => void;
}) {
  const bulk = useBulkEdit();
  const base = useBaseCurrency();
  const symbol = currencySymbol(base);
  const [priceMode, setPriceMode] = useState<PriceMode>(KEEP);
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [category, setCategory] = useState(KEEP);
  const [error, setError] = useState<string>();
  const none = selected.length === 0;

  async function send(body: BulkEditInput, done: string) {
    const parsed = bulkEditBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (body.price?.mode === 'set' && !fitsBase(body.price.value, base)) {
      setError(decimalsMessage('Price', base));
      return;
    }
    setError(undefined);
    try {
      const { updated } = await bulk.mutateAsync(body);
      toast.success(`${plural(updated, 'product', 'products')} ${done}`);
      setPriceMode(KEEP);
      setPrice('');
      setStock('');
      setCategory(KEEP);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not change the products');
    }
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const body: BulkEditInput = { ids: selected };
    if (priceMode !== KEEP) body.price = { mode: priceMode, value: price.trim() === '' ? Number.NaN : Number(price) };
    if (stock.trim() !== '') body.stock = Number(stock);
    if (category !== KEEP) body.category = category;
    send(body, 'changed');
  }

  return (
    <form
      onSubmit={apply}
      aria-label="Bulk edit"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      noValidate
    >
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <span className="font-medium text-slate-800 text-sm">{selected.length} selected</span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={none || bulk.isPending}
          onClick={() => send({ ids: selected, published: true }, 'published')}
        >
          Publish
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={none || bulk.isPending}
          onClick={() => send({ ids: selected, published: false }, 'unpublished')}
        >
          Unpublish
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-1.5">
          <Label htmlFor="bulk-price-mode">Price</Label>
          <Select
            id="bulk-price-mode"
            value={priceMode}
            onValueChange={(v) => setPriceMode(v as PriceMode)}
            options={[
              { value: KEEP, label: 'Keep prices' },
              { value: 'set', label: `Set the price to (${symbol})` },
              { value: 'percent', label: 'Change by ± %' },
            ]}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="bulk-price">{priceMode === 'percent' ? 'Change (%)' : `New price (${symbol})`}</Label>
          <Input
            id="bulk-price"
            type="number"
            {...(priceMode === 'percent' ? { inputMode: 'decimal' as const, step: '0.01' } : moneyInput(base))}
            disabled={priceMode === KEEP}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="bulk-stock">Stock of every variant</Label>
          <Input
            id="bulk-stock"
            type="number"
            inputMode="numeric"
            min={0}
            step="1"
            placeholder="Keep"
            value={stock}
            onChange={(e) => setStock(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="bulk-category">Category</Label>
          <Select
            id="bulk-category"
            value={category}
            onValueChange={setCategory}
            options={[
              { value: KEEP, label: 'Keep categories' },
              ...(options?.categories.map((c) => ({ value: c.id, label: c.name })) ?? []),
            ]}
          />
        </div>
        <div className="flex items-end">
          <Button type="submit" disabled={none || bulk.isPending}>
            {bulk.isPending ? 'Applying…' : 'Apply to selected'}
          </Button>
        </div>
      </div>
      <FieldError id="bulk-edit-error" message={error} />
    </form>
  );
}
