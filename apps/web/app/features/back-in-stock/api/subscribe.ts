import { type SubscriptionStatus, subscriptionStatus } from '@shop/contracts/account';
import { contract } from '../../../lib/contract-check.ts';
import { client, productPath } from './client.ts';

/**
 * POST products/:id/subscribe: one mail when the product — the variant, when given — is restocked
 * (422 while it is in stock).
 */
export async function subscribe(productId: string, variantId?: string): Promise<SubscriptionStatus> {
  const body = variantId ? { json: { variant_id: variantId } } : {};
  return (await client())
    .post(`${productPath(productId)}/subscribe`, body)
    .json()
    .then(contract(subscriptionStatus));
}
