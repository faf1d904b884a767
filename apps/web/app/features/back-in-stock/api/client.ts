/** The API client loads on first use: it is not part of the product page's JavaScript. */
export async function client() {
  return (await import('../../../lib/http.ts')).api;
}

export const productPath = (productId: string) => `products/${encodeURIComponent(productId)}`;

/** The sold-out variant the shopper waits for, when one is chosen (none: any variant). */
export const variantQuery = (variantId?: string) => (variantId ? { searchParams: { variant_id: variantId } } : {});

/** What to say about a failed call: the API's message, else `fallback` (docs/product.md §8). */
export async function failureText(error: unknown, fallback: string): Promise<string> {
  return (await import('../../../lib/http.ts')).failureMessage(error, fallback);
}
