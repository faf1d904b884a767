import type { ProductVariantsAnswer } from '@shop/contracts/variants';
import { productVariantsAnswer } from '@shop/contracts/variants';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** GET products/:id/variants: a product's variants with their stock. */
export function getProductVariants(productId: string): Promise<ProductVariantsAnswer> {
  return api
    .get(`products/${encodeURIComponent(productId)}/variants`)
    .json()
    .then(contract(productVariantsAnswer));
}
