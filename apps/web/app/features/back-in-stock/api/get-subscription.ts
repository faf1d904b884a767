import { type SubscriptionStatus, subscriptionStatus } from '@shop/contracts/account';
import { contract } from '../../../lib/contract-check.ts';
import { client, productPath, variantQuery } from './client.ts';

/** GET products/:id/subscription: whether the signed-in user waits for the back-in-stock mail. */
export async function getSubscription(
  productId: string,
  signal?: AbortSignal,
  variantId?: string,
): Promise<SubscriptionStatus> {
  return (await client())
    .get(`${productPath(productId)}/subscription`, { signal, ...variantQuery(variantId) })
    .json()
    .then(contract(subscriptionStatus));
}
