import { type CurrencyUnit, formatAmountIn } from '@shop/contracts/currency';
import { describeOptions } from '@shop/contracts/line-options';
import type { Order } from '@shop/contracts/orders';

type Line = Order['lines'][number];

/** Lines are one per variant (the server merges identical ones); old lines without one, per option list. */
export const lineKey = (line: Line) => JSON.stringify([line.product_id, line.variant_id ?? line.options]);

/**
 * The lines of a quote or an order: name, chosen options, quantity × unit price and the line total, in
 * the currency the quote or order is priced in.
 */
export function OrderLines({ lines, currency }: { lines: readonly Line[]; currency: CurrencyUnit }) {
  return (
    <ul className="divide-y divide-slate-200">
      {lines.map((line) => {
        const options = describeOptions(line.options);
        return (
          <li
            key={lineKey(line)}
            className="flex gap-3 py-3"
            data-testid="order-line"
            data-product-id={line.product_id}
          >
            {line.image ? (
              <img
                src={line.image}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                decoding="async"
                className="h-14 w-14 shrink-0 rounded-md bg-slate-100 object-cover"
              />
            ) : (
              <div className="h-14 w-14 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900" data-testid="order-line-name">
                {line.name}
              </p>
              {options ? (
                <p className="text-slate-600" data-testid="order-line-options">
                  {options}
                </p>
              ) : null}
              {line.sku ? (
                <p className="text-slate-500 text-xs" data-testid="order-line-sku">
                  SKU {line.sku}
                </p>
              ) : null}
              <p className="text-slate-600">
                <span data-testid="order-line-quantity">{line.quantity}</span> ×{' '}
                {formatAmountIn(line.unit_price, currency)}
              </p>
            </div>
            <p className="font-medium text-sm" data-testid="order-line-total">
              <span className="sr-only">Line total: </span>
              {formatAmountIn(line.line_total, currency)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
