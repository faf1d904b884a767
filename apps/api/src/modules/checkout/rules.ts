import type { CheckoutBase } from '@shop/contracts/orders';
import { missingChoices, OPTION_LABELS, type OptionKind } from '@shop/contracts/product-options';
import { specLists } from '@shop/contracts/variants';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { type ChoiceFailure, chooseVariant, specValue, VARIANT_MSG } from '../stock/index.ts';
import type { Actor, ProductInfo, RequestedLine } from './types.ts';

export const CHECKOUT_MSG = {
  signedInItems: 'Signed-in orders buy your cart: do not send items',
  signedInEmail: 'Signed-in orders use your account e-mail: do not send email',
  emailRequired: 'Email is required',
  itemsRequired: 'Add at least one item',
  emptyCart: 'Your cart is empty',
  pricesChanged: 'Prices changed since you added these items. Please review your cart.',
  stockChanged: 'Some items are no longer available in the quantity you asked for.',
  changed: 'Some items in your cart changed. Please review them.',
} as const;

/** A body that does not fit the caller (400 on `field`): signed-in buys the cart, guests name items and e-mail. */
export type BodyMismatch = Failure<'body_mismatch', { message: string; field: 'items' | 'email' }>;

/** A guest line whose variant is not the product's, or whose options it does not offer or lack one it requires (400). */
export type OptionsInvalid = Failure<'options_invalid', { message: string; details: Record<string, unknown> }>;

/** A stored cart line lacks a choice its product requires (422). */
export interface LackingChoice {
  item_id: string | null;
  product_id: string;
  name: string;
  missing: OptionKind[];
}
export type ChoicesMissing = Failure<'choices_missing', { lacking: LackingChoice[] }>;

/** The body against the caller, before anything is read. */
export function checkActorBody(actor: Actor, body: Pick<CheckoutBase, 'items' | 'email'>): BodyMismatch | undefined {
  if (actor.userId) {
    if (body.items !== undefined) return fail('body_mismatch', { message: CHECKOUT_MSG.signedInItems, field: 'items' });
    if (body.email !== undefined) return fail('body_mismatch', { message: CHECKOUT_MSG.signedInEmail, field: 'email' });
    return undefined;
  }
  if (!body.email) return fail('body_mismatch', { message: CHECKOUT_MSG.emailRequired, field: 'email' });
  if (!body.items || body.items.length === 0) {
    return fail('body_mismatch', { message: CHECKOUT_MSG.itemsRequired, field: 'items' });
  }
  return undefined;
}

/**
 * Guest lines: each names its variant as add-to-cart does (`variant_id`, or colour and size,
 * or nothing for a product with one variant), and a line that does not is refused like add-to-cart
 * refuses it. Lines of the same variant are merged. Unknown and unpublished products pass
 * through without a variant: the availability check answers for them.
 */
export function guestLines(
  items: NonNullable<CheckoutBase['items']>,
  info: Map<string, ProductInfo>,
): Result<RequestedLine[], OptionsInvalid> {
  const merged = new Map<string, RequestedLine>();
  for (const item of items) {
    const product = info.get(item.product_id);
    let line: RequestedLine = {
      productId: item.product_id,
      variantId: null,
      quantity: item.quantity,
      color: item.color ?? null,
      size: item.size ?? null,
      expectedPriceCents: null,
      cartItemId: null,
    };
    if (product?.published) {
      const chosen = chooseVariant(item, product);
      if (!chosen.ok && chosen.reason !== 'no_variants') return refusal(product, chosen);
      if (chosen.ok) {
        const { variant, color, size } = chosen.value;
        line = { ...line, variantId: variant.id, color, size };
      }
    }
    const key = JSON.stringify([line.productId, line.variantId ?? [line.color, line.size]]);
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, line);
  }
  return ok([...merged.values()]);
}

/** A guest line's refused choice, named by its product, with the field under `items`. */
function refusal(product: ProductInfo, failure: Exclude<ChoiceFailure, { reason: 'no_variants' }>): OptionsInvalid {
  if (failure.reason === 'variant_not_found') {
    return fail('options_invalid', {
      message: `${product.name}: ${VARIANT_MSG.notFound}`,
      details: { field: 'items.variant_id', product_id: product.id },
    });
  }
  const { field, ...rest } = failure.details;
  return fail('options_invalid', {
    message: `${product.name}: ${failure.message}`,
    details: { ...rest, field: `items.${String(field)}`, product_id: product.id },
  });
}

/**
 * A stored cart line whose variant lacks a choice its product requires (the product
 * gained a colour or size since) is not bought as it is. The shopper chooses on the product page; the
 * line stays in the cart meanwhile, so nothing they picked is silently dropped. 422 names the products
 * (`choicesMessage`); details list the lines and what each lacks.
 */
export function checkChoicesMade(lines: RequestedLine[], info: Map<string, ProductInfo>): ChoicesMissing | undefined {
  const lacking = lines.flatMap((l) => {
    const p = info.get(l.productId);
    const v = p?.variants.find((x) => x.id === l.variantId);
    if (!p?.published || !v) return [];
    const own = { color: specValue(p, v.values, 'color'), size: specValue(p, v.values, 'size') };
    const missing = missingChoices(own, specLists(p.options));
    return missing.length > 0 ? [{ item_id: l.cartItemId, product_id: p.id, name: p.name, missing }] : [];
  });
  return lacking.length === 0 ? undefined : fail('choices_missing', { lacking });
}

/** "Please choose a colour for Tee; a size for Cap in your cart before checking out." */
export function choicesMessage(lacking: LackingChoice[]): string {
  const named = lacking.map((l) => `${l.missing.map((m) => `a ${OPTION_LABELS[m]}`).join(' and ')} for ${l.name}`);
  return `Please choose ${named.join('; ')} in your cart before checking out.`;
}
