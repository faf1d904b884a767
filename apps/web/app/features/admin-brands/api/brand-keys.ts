import { useQueryClient } from '@tanstack/react-query';

/** The brands list; the product form's choices (admin-catalog's `product-options`) name brands too. */
export const brandsRoot = ['admin', 'brands'] as const;
const productOptionsKey = ['admin', 'product-options'] as const;

/** After a brand changes: the list and the product form's brand choices are read again. */
export function useInvalidateBrands() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: brandsRoot }),
      client.invalidateQueries({ queryKey: productOptionsKey }),
    ]);
}
