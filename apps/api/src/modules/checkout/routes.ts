import { errorBody } from '@shop/contracts/errors';
import { quote, quoteBody, storeSettings } from '@shop/contracts/orders';
import { badRequest, conflict, type HttpTable, orThrow, unauthorized, unprocessable } from '../../errors.ts';
import { settingsToWire } from '../settings/index.ts';
import type { RoutesPlugin } from '../types.ts';
import { changedMessage } from './changes.ts';
import { CHECKOUT_MSG, choicesMessage } from './rules.ts';
import type { CheckoutFailure } from './service.ts';

const tags = ['checkout'];

/** Checkout's expected failures, as HTTP answers (placing an order answers them the same way). */
export const checkoutHttp: HttpTable<CheckoutFailure> = {
  body_mismatch: (f) => badRequest(f.message, { field: f.field }),
  vat_number_invalid: (f) => badRequest(f.message, { field: 'vat_number' }),
  currency_not_offered: (f) => badRequest(f.message, { field: 'currency', offered: f.offered }),
  not_shippable: (f) => unprocessable(f.message, { field: 'shipping_address.country', country: f.country }),
  unknown_shipping_method: (f) => unprocessable(f.message, { field: 'shipping_method', options: f.options }),
  options_invalid: (f) => badRequest(f.message, f.details),
  session_invalid: () => unauthorized('Your session is invalid or has expired'),
  empty_cart: () => unprocessable(CHECKOUT_MSG.emptyCart),
  choices_missing: (f) => unprocessable(choicesMessage(f.lacking), { field: 'cart', missing_choices: f.lacking }),
  // What moved, with the new figures, and nothing written.
  lines_changed: (f) => conflict(changedMessage(f.lines), { lines: f.lines }),
  discount_unusable: (f) => unprocessable(f.message, { field: 'discount_code' }),
};

/** What the checkout page reads before an order is placed, under /api/checkout. */
export const checkoutRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The store settings checkout shows: name, tax rate, pay-later days, how cards are taken',
        response: { 200: storeSettings },
      },
    },
    async () => settingsToWire(await services.settings.get(), services.orders.cardPayments()),
  );

  app.post(
    '/quote',
    {
      onRequest: guards.optionalUser,
      schema: {
        tags,
        summary: 'Exact totals of an order with this body, at current prices (writes nothing)',
        description:
          'Signed in: prices the server cart (send no items or email). Guest: prices `items`. `shipping_options` are the methods of the zone the shipping address is in that take this order, each at its price; `shipping_method` is the one priced (the one asked for when offered, else the first). 409 with `details.lines` when a line is unavailable or short of stock; 422 for an empty cart, a discount code that cannot be used, or an address the shop does not ship to (`not_shippable`).',
        security: [{ bearer: [] }, {}],
        body: quoteBody,
        response: { 200: quote, 400: errorBody, 401: errorBody, 409: errorBody, 413: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      orThrow(await services.checkout.quote({ userId: request.user?.userId }, request.body), checkoutHttp),
  );
};
