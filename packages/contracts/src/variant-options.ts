import type { ProductOption } from './variants.ts';

// The product page needs these on the client; kept apart from variants.ts, whose schemas
// would bring zod (about 24 kB gzip) into the page's initial JavaScript.

const COLOR_NAMES = new Set(['color', 'colour']);
const SIZE_NAMES = new Set(['size']);

/** Which option (0–2) is the documented colour, or size; -1 when the product has none. */
export function optionIndex(options: readonly ProductOption[], kind: 'color' | 'size'): number {
  const names = kind === 'color' ? COLOR_NAMES : SIZE_NAMES;
  return options.findIndex((o) => names.has(o.name.trim().toLowerCase()));
}
