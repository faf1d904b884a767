import { type SubscriptionStatus, subscriptionStatus } from '@shop/contracts/account';
import { contract } from '../../../lib/contract-check.ts';
import { client, productPath, variantQuery } from './client.ts';

/** DELETE products/:id/subscribe: no mail after all. */
export async function unsubscribe(productId: string, variantId?: string): Promise<SubscriptionStatus> {
  return (await client())
    .delete(`${productPath(productId)}/subscribe`, variantQuery(variantId))
    .json()
    .then(contract(subscriptionStatus));
}
