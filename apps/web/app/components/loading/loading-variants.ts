/** docs/product.md §2: the loading screen's variants. */
export const LOADING_VARIANTS = ['products', 'checkout', 'shipping', 'profile', 'general'] as const;
export type LoadingVariant = (typeof LOADING_VARIANTS)[number];

/**
 * The variant for a destination path: /products… → products, /checkout → checkout, /account → profile,
 * anything else general. (shipping has no route of its own; checkout steps may show it.)
 */
export function loadingVariantForPath(pathname: string): LoadingVariant {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'products') return 'products';
  if (first === 'checkout') return 'checkout';
  if (first === 'account') return 'profile';
  return 'general';
}
