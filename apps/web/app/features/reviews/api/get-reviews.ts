import type { ReviewList } from '@shop/contracts/account';
import { reviewList } from '@shop/contracts/account';
import { contract } from '../../../lib/contract-check.ts';

/**
 * GET products/:id/reviews, with the bearer token when signed in (then `can_review` and `reviewed`
 * speak of this user). The API client loads on first use: it is not part of the product page's JS.
 */
export async function getReviews(productId: string, signal?: AbortSignal): Promise<ReviewList> {
  const { api } = await import('../../../lib/http.ts');
  return api
    .get(`products/${encodeURIComponent(productId)}/reviews`, { signal })
    .json()
    .then(contract(reviewList));
}
