import { useQueryClient } from '@tanstack/react-query';

/** The root of every product query: lists, details, movements, sales. */
export const productsRoot = ['admin', 'products'] as const;

/** Every product query is stale after a change: lists, details, movements. */
export function useInvalidateProducts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productsRoot });
}
