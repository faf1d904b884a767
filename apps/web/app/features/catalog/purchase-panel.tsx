import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { Heart, Minus, Plus, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export interface PurchaseOptions {
  color?: string;
  size?: string;
}

export interface PurchasePanelProps {
  colors: string[];
  sizes: string[];
  available: number;
  onAddToCart: (quantity: number, options: PurchaseOptions) => unknown;
  onAddToWishlist: () => unknown;
}

export const CHOOSE_SIZE_MESSAGE = 'Please choose a size';

const pill =
  'inline-flex min-w-11 cursor-pointer items-center justify-center rounded-md border px-3 py-2 text-sm has-[:checked]:border-slate-900 has-[:checked]:bg-slate-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900';

/** A choice among values as native radio buttons (arrow keys, one tab stop, announced as a group). */
function Choices({
  legend,
  name,
  values,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  legend: string;
  name: string;
  values: string[];
  value: string | undefined;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-medium text-sm">
        {legend}
        {value ? <span className="font-normal text-slate-600">: {value}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {values.map((v) => (
          <label key={v} className={cn(pill, invalid ? 'border-red-700' : 'border-slate-300 hover:bg-slate-50')}>
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              aria-invalid={invalid || undefined}
              className="sr-only"
            />
            {v}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Colour, size, quantity and the two buttons of a product page (issue 3). The cart and wishlist
 * themselves belong to their features; the route passes what the buttons do.
 */
export function PurchasePanel({ colors, sizes, available, onAddToCart, onAddToWishlist }: PurchasePanelProps) {
  const id = useId();
  const [color, setColor] = useState<string | undefined>(colors[0]);
  // One size needs no choosing; several do (a wrong size is a return).
  const [size, setSize] = useState<string | undefined>(sizes.length === 1 ? sizes[0] : undefined);
  const [quantity, setQuantity] = useState(1);
  const [sizeMissing, setSizeMissing] = useState(false);
  const max = Math.max(1, Math.min(available, MAX_LINE_QUANTITY));
  const outOfStock = available <= 0;
  const clamp = (n: number) => Math.min(max, Math.max(1, Number.isFinite(n) ? Math.trunc(n) : 1));

  function addToCart() {
    if (sizes.length > 0 && !size) {
      setSizeMissing(true);
      return;
    }
    void onAddToCart(quantity, { ...(color ? { color } : {}), ...(size ? { size } : {}) });
  }

  return (
    <div className="space-y-6">
      {colors.length > 0 ? (
        <Choices legend="Colour" name={`${id}-color`} values={colors} value={color} onChange={setColor} />
      ) : null}
      {sizes.length > 0 ? (
        <div>
          <Choices
            legend="Size"
            name={`${id}-size`}
            values={sizes}
            value={size}
            onChange={(v) => {
              setSize(v);
              setSizeMissing(false);
            }}
            invalid={sizeMissing}
            describedBy={sizeMissing ? `${id}-size-error` : undefined}
          />
          {sizeMissing ? (
            <p id={`${id}-size-error`} role="alert" className="mt-2 text-red-700 text-sm">
              {CHOOSE_SIZE_MESSAGE}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-qty`} className="font-medium text-sm">
          Quantity
        </label>
        <div className="mt-2 flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Decrease quantity"
            disabled={outOfStock || quantity <= 1}
            onClick={() => setQuantity((q) => clamp(q - 1))}
          >
            <Minus aria-hidden="true" className="size-4" />
          </Button>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            disabled={outOfStock}
            onChange={(e) => setQuantity(clamp(e.currentTarget.valueAsNumber))}
            className="h-10 w-20 rounded-md border border-slate-300 text-center text-sm focus-visible:outline-2 focus-visible:outline-slate-900"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Increase quantity"
            disabled={outOfStock || quantity >= max}
            onClick={() => setQuantity((q) => clamp(q + 1))}
          >
            <Plus aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button size="lg" disabled={outOfStock} onClick={addToCart}>
          <ShoppingCart aria-hidden="true" className="size-5" />
          Add to cart
        </Button>
        <Button size="lg" variant="outline" onClick={() => void onAddToWishlist()}>
          <Heart aria-hidden="true" className="size-5" />
          Add to wishlist
        </Button>
      </div>
    </div>
  );
}
