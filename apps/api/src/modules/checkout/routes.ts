import { errorBody } from '@shop/contracts/errors';
import { quote, quoteBody, shippingMethodList, storeSettings } from '@shop/contracts/orders';
import { settingsToWire, shippingToWire } from '../settings/service.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['checkout'];

/** Issue 4: what the checkout page reads before an order is placed, under /api/checkout. */
export const checkoutRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/shipping-methods',
    {
      schema: {
        tags,
        summary: 'Shipping methods and rates (free above a threshold) from the store settings',
        response: { 200: shippingMethodList },
      },
    },
    async () => (await services.checkout.shippingMethods()).map(shippingToWire),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The store settings checkout shows: name, tax rate, shipping methods, pay-later days',
        response: { 200: storeSettings },
      },
    },
    async () => settingsToWire(await services.settings.get()),
  );

  app.post(
    '/quote',
    {
      onRequest: guards.optionalUser,
      schema: {
        tags,
        summary: 'Exact totals of an order with this body, at current prices (writes nothing)',
        description:
          'Signed in: prices the server cart (send no items or email). Guest: prices `items`. 409 with `details.lines` when a line is unavailable or short of stock; 422 for an empty cart or a discount code that cannot be used.',
        security: [{ bearer: [] }, {}],
        body: quoteBody,
        response: { 200: quote, 400: errorBody, 401: errorBody, 409: errorBody, 413: errorBody, 422: errorBody },
      },
    },
    async (request) => services.checkout.quote({ userId: request.user?.userId }, request.body),
  );
};
