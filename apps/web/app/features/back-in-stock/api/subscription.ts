import type { SubscriptionStatus } from '@shop/contracts/account';
import { subscriptionStatus } from '@shop/contracts/account';
import { contract } from '../../../lib/contract-check.ts';

/** The API client loads on first use: it is not part of the product page's JavaScript. */
async function client() {
  return (await import('../../../lib/http.ts')).api;
}

const path = (productId: string) => `products/${encodeURIComponent(productId)}`;
/** The sold-out variant the shopper waits for, when one is chosen (none: any variant). */
const variantQuery = (variantId?: string) => (variantId ? { searchParams: { variant_id: variantId } } : {});

/** GET products/:id/subscription: whether the signed-in user waits for the back-in-stock mail. */
export async function getSubscription(
  productId: string,
  signal?: AbortSignal,
  variantId?: string,
): Promise<SubscriptionStatus> {
  return (await client())
    .get(`${path(productId)}/subscription`, { signal, ...variantQuery(variantId) })
    .json()
    .then(contract(subscriptionStatus));
}

/**
 * POST products/:id/subscribe: one mail when the product — the variant, when given — is restocked
 * (422 while it is in stock).
 */
export async function subscribe(productId: string, variantId?: string): Promise<SubscriptionStatus> {
  const body = variantId ? { json: { variant_id: variantId } } : {};
  return (await client())
    .post(`${path(productId)}/subscribe`, body)
    .json()
    .then(contract(subscriptionStatus));
}

/** DELETE products/:id/subscribe: no mail after all. */
export async function unsubscribe(productId: string, variantId?: string): Promise<SubscriptionStatus> {
  return (await client())
    .delete(`${path(productId)}/subscribe`, variantQuery(variantId))
    .json()
    .then(contract(subscriptionStatus));
}

/** What to say about a failed call: the API's message, else `fallback` (docs/product.md §8). */
export async function failureText(error: unknown, fallback: string): Promise<string> {
  return (await import('../../../lib/http.ts')).failureMessage(error, fallback);
}
