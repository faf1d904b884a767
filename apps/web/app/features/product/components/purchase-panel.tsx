import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { toCents } from '@shop/contracts/money';
import { parseQuantity } from '@shop/contracts/quantity';
import { STANDARD_CLASS } from '@shop/contracts/tax';
import type { PublicVariant } from '@shop/contracts/variants';
import { Heart, Minus, Plus, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatShelf } from '../../../lib/presentment.ts';
import { baseOnly, type ShopperCurrency } from '../../../lib/shopper-currency.ts';
import type { VariantChoice } from '../use-variant-choice.ts';
import {
  type ChoiceState,
  choiceStates,
  firstUnchosen,
  optionLabel,
  pricesDiffer,
  specChoice,
  type VariantModel,
} from '../variant-choice.ts';

/** What the add-to-cart button buys: the chosen variant, with the documented colour and size of it. */
export interface PurchaseOptions {
  variant: PublicVariant;
  color?: string;
  size?: string;
}

export interface PurchasePanelProps {
  model: VariantModel;
  choice: VariantChoice;
  onAddToCart: (quantity: number, options: PurchaseOptions) => unknown;
  onAddToWishlist: () => unknown;
  /** The currency the choices' prices are shown in (the base when left out). */
  shopper?: ShopperCurrency;
  /** The product's tax class, which the choices' prices are taxed in (standard when left out). */
  taxClass?: string;
}

export const CHOOSE_SIZE_MESSAGE = 'Please choose a size';

/** The message for an option the shopper has not chosen yet (the size has its own text). */
export function chooseMessage(optionName: string): string {
  const label = optionLabel(optionName).toLowerCase();
  return label === 'size' ? CHOOSE_SIZE_MESSAGE : `Please choose a ${label}`;
}

const pill =
  'inline-flex min-w-11 cursor-pointer flex-col items-center justify-center rounded-md border px-3 py-2 text-sm has-[:checked]:border-slate-900 has-[:checked]:bg-slate-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900';

/**
 * What a choice says under its value: sold out or not made, and its price (in the shopper's currency)
 * where the choices' prices differ.
 */
export function choiceNote(state: ChoiceState, showPrice: boolean, taxClass: string, shopper: ShopperCurrency): string {
  const parts: string[] = [];
  if (!state.exists) parts.push('Unavailable');
  else if (!state.available) parts.push('Sold out');
  if (showPrice && state.minPrice !== undefined && state.maxPrice !== undefined) {
    const low = formatShelf(toCents(state.minPrice), taxClass, shopper);
    parts.push(state.minPrice === state.maxPrice ? low : `from ${low}`);
  }
  return parts.join(' · ');
}

/**
 * A choice among an option's values as native radio buttons (arrow keys, one tab stop, announced as a
 * group). A value that no in-stock variant has with the other choices stays listed and
 * choosable, struck through with its reason ('Sold out') as the radio's description; where the values
 * cost different amounts each shows its price.
 */
function Choices({
  legend,
  name,
  states,
  value,
  onChange,
  describedBy,
  invalid,
  shopper,
  taxClass,
}: {
  legend: string;
  name: string;
  states: ChoiceState[];
  value: string | undefined;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid?: boolean;
  shopper: ShopperCurrency;
  taxClass: string;
}) {
  const showPrices = pricesDiffer(states);
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-medium text-sm">
        {legend}
        {value ? <span className="font-normal text-slate-600">: {value}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {states.map((state, k) => {
          const note = choiceNote(state, showPrices, taxClass, shopper);
          const noteId = `${name}-note-${k}`;
          return (
            <label
              key={state.value}
              data-available={state.available}
              className={cn(
                pill,
                state.available ? 'border-solid' : 'border-dashed bg-slate-50 text-slate-700',
                invalid ? 'border-red-700' : 'border-slate-300 hover:bg-slate-100',
              )}
            >
              <input
                type="radio"
                name={name}
                value={state.value}
                checked={value === state.value}
                onChange={() => onChange(state.value)}
                // The name is the value alone; the note ('Sold out', a price) is its description.
                aria-label={state.value}
                aria-describedby={note ? noteId : undefined}
                aria-invalid={invalid || undefined}
                className="sr-only"
              />
              <span className={state.available ? undefined : 'line-through'}>{state.value}</span>
              {note ? (
                <span id={noteId} className="text-xs">
                  {note}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The options, quantity and the two buttons of a product page (one picker per option
 * in the product's order). The route holds the choice (price, stock and picture follow it); the cart and
 * wishlist themselves belong to their features, and the route passes what the buttons do.
 */
export function PurchasePanel({
  model,
  choice,
  onAddToCart,
  onAddToWishlist,
  shopper = baseOnly(),
  taxClass = STANDARD_CLASS,
}: PurchasePanelProps) {
  const id = useId();
  const { chosen, choose, summary } = choice;
  const [wanted, setQuantity] = useState(1);
  // Text that is not a whole number ('1e3', '1.5', '+3'): shown as typed, with why, and never added.
  const [badQuantity, setBadQuantity] = useState<{ text: string; message: string } | null>(null);
  // A typed quantity above the stock was lowered: said next to the field, not done silently.
  const [lowered, setLowered] = useState(false);
  const [missing, setMissing] = useState(-1);
  const max = Math.max(1, Math.min(summary.maxQuantity, MAX_LINE_QUANTITY));
  // Another choice may have less in stock than the quantity typed for the last one.
  const quantity = Math.min(wanted, max);
  const outOfStock = !summary.inStock;
  const clamp = (n: number) => Math.min(max, Math.max(1, n));
  const step = (n: number) => {
    setBadQuantity(null);
    setLowered(false);
    setQuantity(clamp(n));
  };

  function typed(input: HTMLInputElement) {
    // A number field reports text it cannot read as a number ('+3', ' 3') as '' with badInput; the
    // field keeps showing what was typed as long as its value stays ''.
    const text = input.value;
    // Zero is a whole number below the least that can be bought: the field goes to 1, as its − does.
    if (/^0+$/.test(text)) {
      step(1);
      return;
    }
    const parsed = input.validity.badInput ? parseQuantity('?') : parseQuantity(text);
    if (!parsed.ok) {
      setBadQuantity({ text, message: parsed.message });
      return;
    }
    setBadQuantity(null);
    setLowered(parsed.value > max);
    setQuantity(clamp(parsed.value));
  }

  function addToCart() {
    const unchosen = firstUnchosen(model, chosen);
    if (unchosen >= 0) {
      setMissing(unchosen);
      return;
    }
    const { variant } = summary;
    if (!variant?.in_stock || badQuantity) return;
    void onAddToCart(quantity, { variant, ...specChoice(model, variant) });
  }

  return (
    <div className="space-y-6">
      {model.options.map((option, index) => {
        const invalid = missing === index;
        const errorId = `${id}-option-${index}-error`;
        return (
          <div key={option.name}>
            <Choices
              shopper={shopper}
              taxClass={taxClass}
              legend={optionLabel(option.name)}
              name={`${id}-option-${index}`}
              states={choiceStates(model, chosen, index)}
              value={chosen[index]}
              onChange={(value) => {
                choose(index, value);
                if (invalid) setMissing(-1);
              }}
              invalid={invalid}
              describedBy={invalid ? errorId : undefined}
            />
            {invalid ? (
              <p id={errorId} role="alert" className="mt-2 text-red-700 text-sm">
                {chooseMessage(option.name)}
              </p>
            ) : null}
          </div>
        );
      })}
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
            onClick={() => step(quantity - 1)}
          >
            <Minus aria-hidden="true" className="size-4" />
          </Button>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={badQuantity ? badQuantity.text : quantity}
            disabled={outOfStock}
            aria-invalid={badQuantity ? true : undefined}
            aria-describedby={badQuantity || lowered ? `${id}-qty-note` : undefined}
            onChange={(e) => typed(e.currentTarget)}
            className="h-10 w-20 rounded-md border border-slate-300 text-center text-sm focus-visible:outline-2 focus-visible:outline-slate-900"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Increase quantity"
            disabled={outOfStock || quantity >= max}
            onClick={() => step(quantity + 1)}
          >
            <Plus aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {badQuantity ? (
          <p id={`${id}-qty-note`} role="alert" className="mt-2 text-red-700 text-sm">
            {badQuantity.message}
          </p>
        ) : lowered ? (
          <p id={`${id}-qty-note`} role="status" className="mt-2 text-amber-800 text-sm" data-testid="quantity-lowered">
            {max < MAX_LINE_QUANTITY ? `Only ${max} left` : `At most ${max} of one item`}
          </p>
        ) : null}
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
