import type { Review, ReviewBody } from '@shop/contracts/account';
import { review } from '@shop/contracts/account';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST products/:id/reviews: a buyer's one review of the product (403 for others, 409 the second time). */
export function postReview(productId: string, body: ReviewBody): Promise<Review> {
  return api
    .post(`products/${encodeURIComponent(productId)}/reviews`, { json: body })
    .json()
    .then(contract(review));
}
