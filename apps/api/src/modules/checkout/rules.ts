import type { CheckoutBase } from '@shop/contracts/orders';
import { chooseLineOptions, missingChoices, OPTION_LABELS, type OptionKind } from '@shop/contracts/product-options';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Actor, ProductInfo, RequestedLine } from './types.ts';

export const CHECKOUT_MSG = {
  signedInItems: 'Signed-in orders buy your cart: do not send items',
  signedInEmail: 'Signed-in orders use your account e-mail: do not send email',
  emailRequired: 'Email is required',
  itemsRequired: 'Add at least one item',
  emptyCart: 'Your cart is empty',
  shippingMethod: 'Choose a shipping method',
  pricesChanged: 'Prices changed since you added these items. Please review your cart.',
  stockChanged: 'Some items are no longer available in the quantity you asked for.',
  changed: 'Some items in your cart changed. Please review them.',
} as const;

/** A body that does not fit the caller (400 on `field`): signed-in buys the cart, guests name items and e-mail. */
export type BodyMismatch = Failure<'body_mismatch', { message: string; field: 'items' | 'email' }>;

/** A guest line whose options the product does not offer, or lacking one it requires (400, issue 11). */
export type OptionsInvalid = Failure<'options_invalid', { message: string; details: Record<string, unknown> }>;

/** A stored cart line lacks a choice its product requires (422, issue 11 point 6). */
export interface LackingChoice {
  item_id: string | null;
  product_id: string;
  name: string;
  missing: OptionKind[];
}
export type ChoicesMissing = Failure<'choices_missing', { lacking: LackingChoice[] }>;

/** The body against the caller, before anything is read. */
export function checkActorBody(actor: Actor, body: CheckoutBase): BodyMismatch | undefined {
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
 * Guest lines: identical lines (product, colour, size) merged, options spelled as the product does;
 * a line without a choice its product requires is refused like add-to-cart refuses it (issue 11).
 * Unknown products pass through as they are: the availability check answers for them.
 */
export function guestLines(
  items: NonNullable<CheckoutBase['items']>,
  info: Map<string, ProductInfo>,
): Result<RequestedLine[], OptionsInvalid> {
  const merged = new Map<string, RequestedLine>();
  for (const item of items) {
    const product = info.get(item.product_id);
    let color = item.color ?? null;
    let size = item.size ?? null;
    if (product?.published) {
      const choice = chooseLineOptions(item, product);
      if (!choice.ok) {
        const { field, ...rest } = choice.details;
        return fail('options_invalid', {
          message: `${product.name}: ${choice.message}`,
          details: { ...rest, field: `items.${field}`, product_id: product.id },
        });
      }
      ({ color, size } = choice);
    }
    const key = JSON.stringify([item.product_id, color, size]);
    const line = merged.get(key);
    if (line) line.quantity += item.quantity;
    else
      merged.set(key, {
        productId: item.product_id,
        quantity: item.quantity,
        color,
        size,
        expectedPriceCents: null,
        cartItemId: null,
      });
  }
  return ok([...merged.values()]);
}

/**
 * Issue 11 point 6: a stored cart line that lacks a choice its product requires (made before the rule,
 * or before the product gained options) is not bought as it is. The shopper chooses on the product
 * page; the line stays in the cart meanwhile, so nothing they picked is silently dropped. 422 names
 * the products (`choicesMessage`); details list the lines and what each lacks.
 */
export function checkChoicesMade(lines: RequestedLine[], info: Map<string, ProductInfo>): ChoicesMissing | undefined {
  const lacking = lines.flatMap((l) => {
    const p = info.get(l.productId);
    const missing = p?.published ? missingChoices(l, p) : [];
    return p && missing.length > 0 ? [{ item_id: l.cartItemId, product_id: p.id, name: p.name, missing }] : [];
  });
  return lacking.length === 0 ? undefined : fail('choices_missing', { lacking });
}

/** "Please choose a colour for Tee; a size for Cap in your cart before checking out." */
export function choicesMessage(lacking: LackingChoice[]): string {
  const named = lacking.map((l) => `${l.missing.map((m) => `a ${OPTION_LABELS[m]}`).join(' and ')} for ${l.name}`);
  return `Please choose ${named.join('; ')} in your cart before checking out.`;
}
