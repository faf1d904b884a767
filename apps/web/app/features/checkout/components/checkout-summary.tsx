import type { Quote } from '@shop/contracts/orders';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { OrderLines, OrderTotals } from '../../orders/index.ts';

export interface DiscountControls {
  input: string;
  onInput: (value: string) => void;
  /** The code the current quote applies (the server's spelling), if any. */
  applied: string | null;
  error: string | null;
  busy: boolean;
  onApply: () => void;
  onRemove: () => void;
}

/**
 * The order summary beside the checkout form: lines and totals exactly as POST /api/checkout/quote
 * priced them, and the discount code field that re-quotes.
 */
export function CheckoutSummary({
  idPrefix,
  quote,
  pending,
  error,
  unpriced = null,
  onRetry,
  discount,
}: {
  idPrefix: string;
  quote: Quote | null;
  pending: boolean;
  error: string | null;
  /** Why the lines have no totals (the shop does not ship to the address), or null. */
  unpriced?: string | null;
  onRetry: () => void;
  discount: DiscountControls;
}) {
  const codeId = `${idPrefix}-discount`;
  const codeErrorId = `${codeId}-error`;
  return (
    <aside
      aria-labelledby={`${idPrefix}-summary-heading`}
      className="h-fit rounded-lg border border-slate-200 p-5 lg:sticky lg:top-4"
    >
      <h2 id={`${idPrefix}-summary-heading`} className="font-semibold text-lg">
        Order summary
      </h2>
      {quote ? (
        <OrderLines lines={quote.lines} currency={quote.currency} />
      ) : error ? null : (
        <p role="status" className="py-6 text-slate-700 text-sm">
          Pricing your order…
        </p>
      )}

      <div className="mt-4 border-slate-200 border-t pt-4">
        {discount.applied ? (
          <>
            <p className="font-medium text-slate-800 text-sm">Discount code</p>
            <div className="mt-1.5 flex items-center justify-between gap-3 rounded-md bg-green-50 px-3 py-2 text-green-900 text-sm">
              <span data-testid="applied-discount">
                Code <strong>{discount.applied}</strong> applied
              </span>
              <Button variant="ghost" size="sm" onClick={discount.onRemove} disabled={discount.busy}>
                Remove
              </Button>
            </div>
          </>
        ) : (
          <>
            <Label htmlFor={codeId}>Discount code</Label>
            <div className="mt-1.5 flex gap-2">
              <Input
                id={codeId}
                value={discount.input}
                onChange={(event) => discount.onInput(event.target.value)}
                onKeyDown={(event) => {
                  // Enter applies the code, as in any one-field form.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    discount.onApply();
                  }
                }}
                autoComplete="off"
                aria-invalid={Boolean(discount.error)}
                aria-describedby={discount.error ? codeErrorId : undefined}
              />
              <Button variant="outline" onClick={discount.onApply} disabled={discount.busy}>
                Apply
              </Button>
            </div>
          </>
        )}
        <FieldError id={codeErrorId} message={discount.error ?? undefined} />
      </div>

      {error ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800 text-sm">
          <p>{error}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}

      {unpriced ? (
        <p className="mt-4 border-slate-200 border-t pt-4 text-slate-700 text-sm">{unpriced}</p>
      ) : quote ? (
        // Read out when the totals change, so a screen reader hears the new figures.
        <div className="mt-4 border-slate-200 border-t pt-4" aria-live="polite" aria-busy={pending}>
          <OrderTotals priced={quote} />
        </div>
      ) : null}
    </aside>
  );
}
