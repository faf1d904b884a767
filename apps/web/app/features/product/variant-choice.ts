import { optionIndex } from '@shop/contracts/variant-options';
import type { ProductVariantsAnswer, PublicVariant } from '@shop/contracts/variants';
import { type StockTone, stockState } from './stock.ts';

/**
 * The product page's choice of a variant, without React: which variants the chosen values
 * leave, which variant they name, and for every value of an option whether choosing it would leave an
 * in-stock variant and what it would cost — so the page can say so before the shopper picks it.
 */
export type VariantModel = ProductVariantsAnswer;

/** The chosen value of each option, in the product's option order; undefined where none is chosen yet. */
export type Chosen = readonly (string | undefined)[];

/** Whether `variant` has every chosen value (an option without a choice takes any). */
export function fits(variant: PublicVariant, chosen: Chosen): boolean {
  return chosen.every((value, i) => value === undefined || variant.options[i] === value);
}

/** The variants that have every chosen value. */
export function matchingVariants(model: VariantModel, chosen: Chosen): PublicVariant[] {
  return model.variants.filter((v) => fits(v, chosen));
}

/** The variant the choice names: every option chosen and that combination exists; else undefined. */
export function chosenVariant(model: VariantModel, chosen: Chosen): PublicVariant | undefined {
  if (model.options.some((_, i) => chosen[i] === undefined)) return undefined;
  return model.variants.find((v) => fits(v, chosen));
}

/** What choosing one value of an option would give, the other chosen values staying. */
export interface ChoiceState {
  value: string;
  /** Some variant has this value with the other chosen values. */
  exists: boolean;
  /** Some in-stock variant has it with them: when false the choice is marked unavailable. */
  available: boolean;
  /** The lowest and highest price among those variants; undefined when there are none. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

/** `chosen` with `value` for option `index` (and exactly one entry per option). */
export function withValue(model: VariantModel, chosen: Chosen, index: number, value: string): (string | undefined)[] {
  return model.options.map((_, i) => (i === index ? value : chosen[i]));
}

/** The state of every value of option `index`, given the values chosen for the other options. */
export function choiceStates(model: VariantModel, chosen: Chosen, index: number): ChoiceState[] {
  const option = model.options[index];
  if (!option) return [];
  return option.values.map((value) => {
    const left = matchingVariants(model, withValue(model, chosen, index, value));
    const prices = left.map((v) => v.price);
    return {
      value,
      exists: left.length > 0,
      available: left.some((v) => v.in_stock),
      minPrice: prices.length > 0 ? Math.min(...prices) : undefined,
      maxPrice: prices.length > 0 ? Math.max(...prices) : undefined,
    };
  });
}

/** Whether an option's values cost different amounts (then each choice shows its price). */
export function pricesDiffer(states: readonly ChoiceState[]): boolean {
  const prices = states.flatMap((s) => (s.minPrice === undefined ? [] : [s.minPrice, s.maxPrice]));
  return new Set(prices).size > 1;
}

/**
 * The choice a page opens with: an option with one value has it chosen; a size is left to the shopper
 * when there are several (a wrong size is a return); any other option takes its first value
 * that leaves an in-stock variant (else its first that exists, else its first).
 */
export function initialChoice(model: VariantModel): (string | undefined)[] {
  const sizeAt = optionIndex(model.options, 'size');
  const chosen: (string | undefined)[] = model.options.map(() => undefined);
  model.options.forEach((option, i) => {
    if (option.values.length === 1) chosen[i] = option.values[0];
    else if (i !== sizeAt) {
      const states = choiceStates(model, chosen, i);
      chosen[i] = (states.find((s) => s.available) ?? states.find((s) => s.exists) ?? states[0])?.value;
    }
  });
  return chosen;
}

/** The first option still without a choice, or -1. */
export function firstUnchosen(model: VariantModel, chosen: Chosen): number {
  return model.options.findIndex((_, i) => chosen[i] === undefined);
}

/**
 * What the page shows for the current choice: the chosen variant's price, stock and picture; before every
 * option is chosen, the lowest price among the variants left (`from` when they differ), "in stock" when
 * any of them is, and how many can be bought at most of one of them.
 */
export interface ChoiceSummary {
  variant: PublicVariant | undefined;
  /** Every option chosen, but no variant has those values. */
  missingCombination: boolean;
  price: number | undefined;
  compareAtPrice: number | undefined;
  /** The price is the lowest of several. */
  from: boolean;
  inStock: boolean;
  /** The chosen variant's stock; undefined before it is chosen. */
  stock: number | undefined;
  /** The most one line can take now (at least 1, so the quantity field stays usable). */
  maxQuantity: number;
  image: string | null;
}

export function summarize(model: VariantModel, chosen: Chosen): ChoiceSummary {
  const variant = chosenVariant(model, chosen);
  const left = variant ? [variant] : matchingVariants(model, chosen);
  const cheapest = left.reduce<PublicVariant | undefined>(
    (low, v) => (low && low.price <= v.price ? low : v),
    undefined,
  );
  return {
    variant,
    missingCombination: !variant && firstUnchosen(model, chosen) < 0,
    price: cheapest?.price,
    compareAtPrice: cheapest?.compare_at_price,
    from: new Set(left.map((v) => v.price)).size > 1,
    inStock: left.some((v) => v.in_stock),
    stock: variant?.available,
    maxQuantity: Math.max(1, ...left.map((v) => v.available)),
    image: variant?.image ?? null,
  };
}

/** The values chosen for the documented colour and size (add-to-cart still sends them). */
export function specChoice(model: VariantModel, variant: PublicVariant): { color?: string; size?: string } {
  const color = variant.options[optionIndex(model.options, 'color')];
  const size = variant.options[optionIndex(model.options, 'size')];
  return { ...(color ? { color } : {}), ...(size ? { size } : {}) };
}

/** How an option is named on the page: the documented product page says 'Colour' (docs/product.md §3). */
export function optionLabel(name: string): string {
  return /^colou?r$/i.test(name.trim()) ? 'Colour' : name;
}

/** The percentage off a variant's compare-at price, whole, as the product shows its own. */
export function discountPercent(price: number, compareAt: number): number {
  return compareAt > price && compareAt > 0 ? Math.round((1 - price / compareAt) * 100) : 0;
}

/**
 * The stock line of the current choice: the chosen variant's ('Only 3 left'); before every option is
 * chosen only whether any variant left is in stock (a count over sizes not chosen would mislead).
 */
export function choiceStock(summary: ChoiceSummary): { label: string; tone: StockTone } {
  if (summary.missingCombination) return { label: NOT_OFFERED, tone: 'out' };
  if (summary.stock !== undefined) return stockState(summary.stock);
  return summary.inStock ? { label: 'In stock', tone: 'in' } : stockState(0);
}

/** A combination of values that no variant has. */
export const NOT_OFFERED = 'Not available in this combination';
