import type { SubscriptionStatus } from '@shop/contracts/account';

/** The API client loads on first use: it is not part of the product page's JavaScript. */
async function client() {
  return (await import('../../lib/http.ts')).api;
}

const path = (productId: string) => `products/${encodeURIComponent(productId)}`;

/** GET products/:id/subscription: whether the signed-in user waits for the back-in-stock mail. */
export async function getSubscription(productId: string, signal?: AbortSignal): Promise<SubscriptionStatus> {
  return (await client()).get(`${path(productId)}/subscription`, { signal }).json<SubscriptionStatus>();
}

/** POST products/:id/subscribe: one mail when the product is restocked (422 while it is in stock). */
export async function subscribe(productId: string): Promise<SubscriptionStatus> {
  return (await client()).post(`${path(productId)}/subscribe`).json<SubscriptionStatus>();
}

/** DELETE products/:id/subscribe: no mail after all. */
export async function unsubscribe(productId: string): Promise<SubscriptionStatus> {
  return (await client()).delete(`${path(productId)}/subscribe`).json<SubscriptionStatus>();
}

/** What to say about a failed call: the API's message, else `fallback` (spec §8). */
export async function failureText(error: unknown, fallback: string): Promise<string> {
  return (await import('../../lib/http.ts')).failureMessage(error, fallback);
}
