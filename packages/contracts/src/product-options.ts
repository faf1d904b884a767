/**
 * Colour and size of a cart or order line. A product that offers colours needs one
 * of them on every line, and so does one that offers sizes: a line without its choice cannot be
 * packed, invoiced or mailed honestly. One rule for every path that makes a line — add to cart (which
 * the wishlist and the sign-in merge use too), guest checkout and checkout from a stored cart.
 */
export type OptionKind = 'color' | 'size';

/** How each choice is named to the shopper (the product page says 'Colour' and 'Size'). */
export const OPTION_LABELS: Record<OptionKind, string> = { color: 'colour', size: 'size' };

export interface OfferedOptions {
  colors: readonly string[];
  sizes: readonly string[];
}

export type LineChoice =
  | { ok: true; color: string | null; size: string | null }
  | {
      ok: false;
      message: string;
      /** The field the message is about, and what the product offers, for a form to show. */
      details: { field: OptionKind; missing: OptionKind[]; colors: string[]; sizes: string[] };
    };

/** `given` as the product spells it (matched without regard to case); undefined when not offered. */
function match(given: string, offered: readonly string[]): string | undefined {
  const wanted = given.toLowerCase();
  return offered.find((o) => o.toLowerCase() === wanted);
}

/**
 * The colour and size a line stores: each as the product spells it, null where the product offers
 * none. Refused, in this order: a choice the product does not offer (or any choice where it offers
 * none), then a choice the product requires but the line lacks.
 */
export function chooseLineOptions(
  given: { color?: string | null; size?: string | null },
  product: OfferedOptions,
): LineChoice {
  const colors = [...product.colors];
  const sizes = [...product.sizes];
  const refuse = (field: OptionKind, message: string, missing: OptionKind[] = []): LineChoice => ({
    ok: false,
    message,
    details: { field, missing, colors, sizes },
  });
  const chosen: Record<OptionKind, string | null> = { color: null, size: null };
  for (const [kind, offered] of [
    ['color', colors],
    ['size', sizes],
  ] as const) {
    const value = given[kind];
    if (!value) continue;
    if (offered.length === 0) return refuse(kind, `This product has no ${kind} options`);
    const found = match(value, offered);
    if (!found) return refuse(kind, `${kind} must be one of: ${offered.join(', ')}`);
    chosen[kind] = found;
  }
  const missing = missingChoices(chosen, product);
  const [first] = missing;
  if (first) {
    const parts = missing.map((kind) => `a ${OPTION_LABELS[kind]} (${(kind === 'color' ? colors : sizes).join(', ')})`);
    return refuse(first, `Choose ${parts.join(' and ')} for this product`, missing);
  }
  return { ok: true, ...chosen };
}

/** The choices a line still lacks (for lines made before the rule, shown in the cart and refused at checkout). */
export function missingChoices(
  line: { color: string | null; size: string | null },
  product: OfferedOptions,
): OptionKind[] {
  const missing: OptionKind[] = [];
  if (product.colors.length > 0 && !line.color) missing.push('color');
  if (product.sizes.length > 0 && !line.size) missing.push('size');
  return missing;
}
