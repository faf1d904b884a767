import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, FormAlert } from '../../../components/ui/form-message.tsx';
import { type ShippingChoice, shippingPriceLabel } from '../shipping.ts';

/**
 * The "Shipping method" group's content: the methods the quote offers the shopper's address, each with
 * its delivery estimate and its price for this order (docs/adr/048-shipping-zones.md), or why there are
 * none to choose yet.
 */
export function ShippingMethods({
  idPrefix,
  choice,
  pending,
  field,
  error,
}: {
  idPrefix: string;
  choice: ShippingChoice;
  /** A new quote is on its way: the prices shown may change. */
  pending: boolean;
  field: UseFormRegisterReturn<'shipping_method'>;
  error?: string;
}) {
  const errorId = `${idPrefix}-ship-error`;
  switch (choice.kind) {
    case 'address_needed':
      return <p className="text-slate-700 text-sm">Enter your shipping address to see delivery options and prices.</p>;
    case 'not_shippable':
      return <FormAlert tone="error">{choice.message}</FormAlert>;
    case 'finding':
      return (
        <p role="status" className="text-slate-700 text-sm">
          Finding delivery options for your address…
        </p>
      );
    case 'options':
      return (
        <div aria-busy={pending} aria-describedby={error ? errorId : undefined} className="space-y-2">
          {choice.options.map((option) => (
            <label
              key={option.code}
              htmlFor={`${idPrefix}-ship-${option.code}`}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50"
            >
              <input
                id={`${idPrefix}-ship-${option.code}`}
                type="radio"
                value={option.code}
                className="mt-1 accent-slate-900"
                {...field}
              />
              <span className="flex-1 text-sm">
                <span className="block font-medium text-slate-900">{option.name}</span>
                {option.estimate ? <span className="block text-slate-700">{option.estimate}</span> : null}
              </span>
              <span className="font-medium text-sm" data-testid={`shipping-price-${option.code}`}>
                {shippingPriceLabel(option, choice.currency)}
              </span>
            </label>
          ))}
          <FieldError id={errorId} message={error} />
        </div>
      );
  }
}
