/**
 * The options of a variant as sold (`[{ name: 'Color', value: 'Silver' }, { name: 'Storage', value: '128GB' }]`),
 * frozen on the order line: every view of an order — its page, mails, the admin, the invoice, reports —
 * spells them with `describeOptions`, so staff ship the variant the shopper chose.
 */
export interface LineOption {
  name: string;
  value: string;
}

/** The colour option is "Colour" to shoppers, as on the product page and in the cart. */
const shownName = (name: string) => (/^colou?r$/i.test(name.trim()) ? 'Colour' : name.trim());

/** "Colour: Silver · Storage: 128GB" (`separator` between options); '' for a product without options. */
export function describeOptions(options: readonly LineOption[], separator = ' · '): string {
  return options.map((o) => `${shownName(o.name)}: ${o.value}`).join(separator);
}

/**
 * A line sold before options were frozen carries only its colour and size: the same list from those,
 * so old orders read like new ones.
 */
export function optionsFromSpec(color: string | null, size: string | null): LineOption[] {
  return [...(color ? [{ name: 'Color', value: color }] : []), ...(size ? [{ name: 'Size', value: size }] : [])];
}

/** A stored line's options: its frozen list, or for a line stored without one, its colour and size. */
export function soldOptions(line: { options: readonly LineOption[]; color: string | null; size: string | null }) {
  return line.options.length > 0 ? [...line.options] : optionsFromSpec(line.color, line.size);
}
