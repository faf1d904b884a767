import { z } from 'zod';
import { changedLine } from './orders.ts';

/**
 * The expected failures each module's routes answer, as they reach the wire: the error body
 * (`errors.ts`) plus `reason` and that reason's facts. One union per module, discriminated on `reason`;
 * parse an error body with it (zod drops `message`, `code` and `details`, which every failure has).
 * A reason whose sentence is the whole story carries no facts: show the body's `message`. The admin
 * area's unions are in `admin-failures.ts`.
 */
export const failure = <R extends string, S extends z.ZodRawShape = Record<never, never>>(reason: R, facts?: S) =>
  z.object({ reason: z.literal(reason), ...(facts ?? ({} as S)) });

const orderStatus = z.string();

// Storefront

/** Why a cart or a quote cannot be priced (POST /checkout/quote; placing an order answers them too). */
export const checkoutFailure = z.discriminatedUnion('reason', [
  failure('body_mismatch', { field: z.enum(['items', 'email']) }),
  failure('not_shippable', { country: z.string() }),
  failure('vat_number_invalid'),
  failure('currency_not_offered', { offered: z.array(z.string()) }),
  failure('unknown_shipping_method', { options: z.array(z.string()) }),
  failure('options_invalid'),
  failure('session_invalid'),
  failure('empty_cart'),
  failure('choices_missing', {
    lacking: z.array(
      z.object({
        item_id: z.string().nullable(),
        product_id: z.string(),
        name: z.string(),
        missing: z.array(z.string()),
      }),
    ),
  }),
  failure('lines_changed', { lines: z.array(changedLine) }),
  failure('discount_unusable'),
]);
export type CheckoutFailure = z.infer<typeof checkoutFailure>;

/** Why placing, paying for or cancelling an order did not happen (POST /orders and its sub-resources). */
export const placeOrderFailure = z.discriminatedUnion('reason', [
  ...checkoutFailure.options,
  failure('card_expired'),
  failure('card_declined'),
  failure('card_payments_unavailable'),
  failure('pay_later_unavailable', { cards: z.boolean() }),
  failure('card_missing'),
  failure('card_not_sent'),
  failure('provider_unavailable'),
  failure('refund_failed'),
  failure('not_found'),
  failure('in_flight'),
  failure('rate_limited', { retry_after_seconds: z.number() }),
  failure('not_awaiting_confirmation'),
  failure('already_cancelled'),
  failure('not_cancellable', { status: orderStatus.nullable() }),
]);
export type PlaceOrderFailure = z.infer<typeof placeOrderFailure>;

export const cartFailure = z.discriminatedUnion('reason', [
  failure('product_not_found'),
  failure('variant_not_found'),
  failure('invalid_choice'),
  failure('out_of_stock'),
  failure('line_maximum', { max: z.number().int() }),
  failure('not_enough_stock', { available: z.number().int(), in_cart: z.number().int() }),
  failure('item_not_found'),
  failure('not_in_cart'),
  failure('session_ended'),
]);
export type CartFailure = z.infer<typeof cartFailure>;

export const wishlistFailure = z.discriminatedUnion('reason', [failure('product_not_found'), failure('not_saved')]);
export type WishlistFailure = z.infer<typeof wishlistFailure>;

export const catalogFailure = z.discriminatedUnion('reason', [
  failure('product_not_found'),
  failure('brand_not_found'),
]);
export type CatalogFailure = z.infer<typeof catalogFailure>;

export const backInStockFailure = z.discriminatedUnion('reason', [
  failure('product_not_found'),
  failure('variant_not_found'),
  failure('in_stock'),
]);
export type BackInStockFailure = z.infer<typeof backInStockFailure>;

export const reviewFailure = z.discriminatedUnion('reason', [
  failure('product_not_found'),
  failure('not_paid_yet'),
  failure('not_a_buyer'),
  failure('already_reviewed'),
]);
export type ReviewFailure = z.infer<typeof reviewFailure>;

export const invoiceFailure = z.discriminatedUnion('reason', [
  failure('not_found'),
  failure('no_invoice', { number: z.string() }),
  failure('link_invalid'),
  failure('link_expired'),
]);
export type InvoiceFailure = z.infer<typeof invoiceFailure>;

export const contentFailure = z.discriminatedUnion('reason', [failure('not_found')]);
export type ContentFailure = z.infer<typeof contentFailure>;

export const mediaFailure = z.discriminatedUnion('reason', [failure('image_not_found')]);
export type MediaFailure = z.infer<typeof mediaFailure>;

export const newsletterFailure = z.discriminatedUnion('reason', [failure('confirm_invalid')]);
export type NewsletterFailure = z.infer<typeof newsletterFailure>;

// Accounts

export const authFailure = z.discriminatedUnion('reason', [
  failure('session_invalid'),
  failure('invalid_credentials'),
  failure('account_disabled'),
  failure('session_expired'),
  failure('username_taken'),
  failure('reset_link_unknown'),
  failure('reset_link_used'),
  failure('reset_link_expired'),
]);
export type AuthFailure = z.infer<typeof authFailure>;

export const usersFailure = z.discriminatedUnion('reason', [failure('session_invalid')]);
export type UsersFailure = z.infer<typeof usersFailure>;

export const accountFailure = z.discriminatedUnion('reason', [
  failure('session_invalid'),
  failure('username_taken'),
  failure('email_needs_confirmation'),
  failure('current_password_incorrect'),
  failure('password_incorrect'),
  failure('email_unchanged'),
  failure('email_link_invalid'),
  failure('email_link_used'),
  failure('email_link_expired'),
  failure('email_taken'),
  failure('too_many_addresses'),
  failure('address_not_found'),
  failure('admin_cannot_delete'),
]);
export type AccountFailure = z.infer<typeof accountFailure>;

/** Every reason the storefront's modules answer with, by module. */
export const FAILURES = {
  checkout: checkoutFailure,
  orders: placeOrderFailure,
  cart: cartFailure,
  wishlist: wishlistFailure,
  catalog: catalogFailure,
  backInStock: backInStockFailure,
  reviews: reviewFailure,
  invoices: invoiceFailure,
  content: contentFailure,
  media: mediaFailure,
  newsletter: newsletterFailure,
  auth: authFailure,
  users: usersFailure,
  account: accountFailure,
} as const;
