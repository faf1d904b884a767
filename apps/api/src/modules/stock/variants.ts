import type { LineOption } from '@shop/contracts/line-options';
import { chooseLineOptions, type OptionKind } from '@shop/contracts/product-options';
import { type OptionValues, optionIndex, type ProductOption, sameValue, specLists } from '@shop/contracts/variants';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';

/**
 * Which variant a line buys (ADR 023): one rule for add-to-cart (which the wishlist and the
 * sign-in merge use too) and for guest checkout lines, so a choice means the same on every path.
 */

/** A variant as it is sold: its own price, stock and picture, or the product's (repository `readSellable`). */
export interface SellableVariant {
  id: string;
  productId: string;
  sku: string;
  /** Its values of the product's options, in order (null past their count). */
  values: OptionValues;
  /** `coalesce(variant.price_cents, product.sale_price_cents)`. */
  priceCents: number;
  /** `coalesce(variant.compare_at_cents, product.regular_price_cents)`. */
  compareAtCents: number;
  available: number;
  /** `variant.image ?? product.images[0]`. */
  image: string | null;
  /** What one weighs, for rates by weight; 0 when the variant has no weight. */
  weightGrams: number;
  /** `coalesce(variant.tax_class, product.tax_class)`. */
  taxClass: string;
}

/** A product with its variants, in their order. */
export interface SellableProduct {
  id: string;
  name: string;
  published: boolean;
  options: ProductOption[];
  variants: SellableVariant[];
}

/** What the shopper sent to name the variant: its id, or the documented colour and size. */
export interface VariantWish {
  variant_id?: string | null;
  color?: string | null;
  size?: string | null;
}

/** The variant chosen, with its Color and Size values as the product spells them (null where it has none). */
export interface ChosenVariant {
  variant: SellableVariant;
  color: string | null;
  size: string | null;
}

/**
 * Why no variant could be chosen: `variant_not_found` (a variant_id that is not this product's, 404),
 * `invalid_choice` (a colour or size wrong, missing or not sold together, or another option left to
 * choose; 400 with the contract's texts and details), `no_variants` (nothing to sell).
 */
export type ChoiceFailure =
  | Failure<'variant_not_found'>
  | Failure<'invalid_choice', { message: string; details: Record<string, unknown> }>
  | Failure<'no_variants'>;

export const VARIANT_MSG = {
  notFound: 'Variant not found for this product',
} as const;

const KINDS: readonly OptionKind[] = ['color', 'size'];

/** The variant's value of the option that is the documented colour (or size); null when the product has none. */
/** The variant's values under the product's option names, in order: what an order line freezes. */
export function optionsOf(product: Pick<SellableProduct, 'options'>, values: OptionValues): LineOption[] {
  return product.options.flatMap((option, i) => {
    const value = values[i];
    return value == null ? [] : [{ name: option.name, value }];
  });
}

export function specValue(product: Pick<SellableProduct, 'options'>, values: OptionValues, kind: OptionKind) {
  const i = optionIndex(product.options, kind);
  return i < 0 ? null : (values[i] ?? null);
}

const invalid = (message: string, details: Record<string, unknown>): ChoiceFailure =>
  fail('invalid_choice', { message, details });

const chosen = (product: SellableProduct, variant: SellableVariant): ChosenVariant => ({
  variant,
  color: specValue(product, variant.values, 'color'),
  size: specValue(product, variant.values, 'size'),
});

/**
 * The variant a line buys. `variant_id` given: it must be one of the product's, and a colour or size
 * sent with it must be its own. Otherwise colour and size pick it, with the required-choice rule and
 * texts of contracts/product-options (ADR 014) — except that a product with one variant needs no
 * choice (docs/product.md §7: `add-to-cart {product_id}`). When colour and size leave several variants (an
 * option such as Storage), the shopper is asked for that option by name.
 */
export function chooseVariant(wish: VariantWish, product: SellableProduct): Result<ChosenVariant, ChoiceFailure> {
  if (wish.variant_id) return byId(wish, product);
  const [only, ...others] = product.variants;
  if (!only) return fail('no_variants');
  // One variant: the choice is made; a colour or size sent anyway must still be its own.
  const given =
    others.length === 0
      ? {
          color: wish.color || specValue(product, only.values, 'color'),
          size: wish.size || specValue(product, only.values, 'size'),
        }
      : wish;
  const offered = specLists(product.options);
  const choice = chooseLineOptions(given, { colors: offered.colors, sizes: offered.sizes });
  if (!choice.ok) return invalid(choice.message, choice.details);

  const matches = product.variants.filter((v) =>
    KINDS.every((kind) => {
      const want = choice[kind];
      return want === null || sameValue(specValue(product, v.values, kind), want);
    }),
  );
  const [match, ...more] = matches;
  if (!match) {
    const named = [choice.color, choice.size].filter((v) => v !== null).join(' / ');
    return invalid(`This product is not sold as ${named}`, {
      field: 'variant_id',
      color: choice.color,
      size: choice.size,
    });
  }
  if (more.length === 0) return ok(chosen(product, match));
  return invalid(...otherOptionToChoose(product, matches));
}

/** The refusal for several variants left: the first option that still tells them apart, with its values. */
function otherOptionToChoose(product: SellableProduct, left: SellableVariant[]): [string, Record<string, unknown>] {
  const index = product.options.findIndex((_, i) => new Set(left.map((v) => v.values[i])).size > 1);
  const option = product.options[index] ?? { name: 'option', values: [] };
  const values = option.values.filter((value) => left.some((v) => v.values[index] === value));
  return [
    `Choose a ${option.name.toLowerCase()} (${values.join(', ')}) for this product`,
    { field: 'variant_id', option: option.name, values },
  ];
}

function byId(wish: VariantWish, product: SellableProduct): Result<ChosenVariant, ChoiceFailure> {
  const variant = product.variants.find((v) => v.id === wish.variant_id);
  if (!variant) return fail('variant_not_found');
  const result = chosen(product, variant);
  for (const kind of KINDS) {
    const given = wish[kind];
    if (!given) continue;
    const own = result[kind];
    if (own === null) return invalid(`This product has no ${kind} options`, { field: kind });
    if (!sameValue(given, own)) {
      return invalid(`${kind} must be ${own} for the chosen variant`, { field: kind, expected: own });
    }
  }
  return ok(result);
}
