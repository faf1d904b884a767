/** Discount codes: the public face of the module. The admin's code management is admin-store's. */
export type { DiscountCode } from './repository.ts';
export {
  checkDiscount,
  checkKnown,
  DISCOUNT_MSG,
  type DiscountFailure,
  type DiscountRule,
  type DiscountState,
} from './rules.ts';
export { createDiscountsService, type DiscountsService } from './service.ts';
