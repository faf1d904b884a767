import { TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type ChangedLine, clearChangedLines, explainChange, readChangedLines } from '../changed-lines.ts';

/**
 * On the cart page after checkout was refused with 409: what changed since the lines went
 * into the cart — a new price, fewer left in stock, or no longer sold. Shown until dismissed or the
 * next checkout.
 */
export function CartChangesNotice() {
  const [lines, setLines] = useState<ChangedLine[]>([]);
  useEffect(() => {
    setLines(readChangedLines());
  }, []);
  if (lines.length === 0) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="cart-changes"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <div className="flex-1">
        <p className="font-semibold">Some items in your cart changed. Please review them before you check out.</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {lines.map((line) => (
            <li key={`${line.product_id}-${line.reason}`}>{explainChange(line)}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={() => {
          clearChangedLines();
          setLines([]);
        }}
        aria-label="Dismiss the changes notice"
        className="rounded-md p-1 text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
