import { currenciesToWire } from '@shop/contracts/currency-settings';
import { zonesToWire } from '@shop/contracts/shipping-zones';
import { taxToWire } from '@shop/contracts/tax-settings';
import { multipartFile, pngImage } from '../admin-catalog-fixtures.ts';
import { createTicket, currentSettings, uniqueCode } from '../admin-store-fixtures.ts';
import { createUser } from '../helpers.ts';
import { createDiscount } from '../orders-fixtures.ts';
import type { RouteSamples } from './types.ts';

const ticketUrl = async (t: Parameters<typeof createTicket>[0], rest = '') =>
  `/api/admin/support/tickets/${(await createTicket(t)).id}${rest}`;

/** Sample requests for the admin store routes (see admin-access.test.ts). */
export const storeSamples: RouteSamples = {
  'GET /api/admin/audit-log': { request: () => ({ url: '/api/admin/audit-log?limit=5&action=discount' }) },
  'GET /api/admin/time-zone': { request: () => ({ url: '/api/admin/time-zone' }) },

  'GET /api/admin/discounts': { request: () => ({ url: '/api/admin/discounts?limit=5' }) },
  'POST /api/admin/discounts': {
    request: () => ({ url: '/api/admin/discounts', payload: { code: uniqueCode(), kind: 'percent', value: 15 } }),
  },
  'PATCH /api/admin/discounts/:id': {
    request: async (t) => ({ url: `/api/admin/discounts/${(await createDiscount(t)).id}`, payload: { active: false } }),
  },
  'DELETE /api/admin/discounts/:id': {
    request: async (t) => ({ url: `/api/admin/discounts/${(await createDiscount(t)).id}` }),
  },
  'GET /api/admin/newsletter-subscribers': {
    request: () => ({ url: '/api/admin/newsletter-subscribers?status=pending' }),
  },

  'GET /api/admin/settings': { adminOnly: true, request: () => ({ url: '/api/admin/settings' }) },
  'PUT /api/admin/settings': {
    adminOnly: true,
    request: async (t) => ({ url: '/api/admin/settings', payload: await currentSettings(t) }),
  },
  'GET /api/admin/shipping': { adminOnly: true, request: () => ({ url: '/api/admin/shipping' }) },
  'PUT /api/admin/shipping': {
    adminOnly: true,
    request: async (t) => {
      const now = await t.app.services.settings.current(t.db);
      return { url: '/api/admin/shipping', payload: zonesToWire(now.shippingZones, now.currencies.base.digits) };
    },
  },
  'GET /api/admin/tax': { adminOnly: true, request: () => ({ url: '/api/admin/tax' }) },
  'PUT /api/admin/tax': {
    adminOnly: true,
    request: async (t) => ({
      url: '/api/admin/tax',
      payload: taxToWire((await t.app.services.settings.current(t.db)).tax),
    }),
  },
  'GET /api/admin/currencies': { adminOnly: true, request: () => ({ url: '/api/admin/currencies' }) },
  'PUT /api/admin/currencies': {
    adminOnly: true,
    request: async (t) => {
      const { base, presentment } = currenciesToWire((await t.app.services.settings.current(t.db)).currencies, false);
      return {
        url: '/api/admin/currencies',
        payload: {
          base: base.code,
          presentment: presentment.map(({ code, rate, rounding, countries }) => ({ code, rate, rounding, countries })),
        },
      };
    },
  },
  'GET /api/admin/setup-checklist': { adminOnly: true, request: () => ({ url: '/api/admin/setup-checklist' }) },
  'GET /api/admin/settings/logo': { adminOnly: true, request: () => ({ url: '/api/admin/settings/logo' }) },
  'PUT /api/admin/settings/logo': {
    adminOnly: true,
    request: async () => {
      const { payload, headers } = multipartFile(await pngImage(120, 40));
      return { url: '/api/admin/settings/logo', payload, headers };
    },
  },
  'DELETE /api/admin/settings/logo': { adminOnly: true, request: () => ({ url: '/api/admin/settings/logo' }) },
  'GET /api/admin/content-pages': { adminOnly: true, request: () => ({ url: '/api/admin/content-pages' }) },
  'PUT /api/admin/content-pages/:slug': {
    adminOnly: true,
    request: () => ({
      url: '/api/admin/content-pages/press',
      payload: { title: 'Press', description: 'News about the shop.', body: 'Press contact: press@shop.example' },
    }),
  },
  'GET /api/admin/staff': { adminOnly: true, request: () => ({ url: '/api/admin/staff' }) },
  'POST /api/admin/staff': {
    adminOnly: true,
    request: async (t) => ({
      url: '/api/admin/staff',
      payload: { email: (await createUser(t)).email, role: 'staff' },
    }),
  },
  'PATCH /api/admin/staff/:id': {
    adminOnly: true,
    request: async (t) => ({
      url: `/api/admin/staff/${(await createUser(t, { role: 'staff' })).id}`,
      payload: { role: 'admin' },
    }),
  },

  'GET /api/admin/support/tickets': { request: () => ({ url: '/api/admin/support/tickets?status=open' }) },
  'GET /api/admin/support/tickets/:id': { request: async (t) => ({ url: await ticketUrl(t) }) },
  'POST /api/admin/support/tickets/:id/replies': {
    request: async (t) => ({ url: await ticketUrl(t, '/replies'), payload: { body: 'We are on it.' } }),
  },
  'POST /api/admin/support/tickets/:id/notes': {
    request: async (t) => ({ url: await ticketUrl(t, '/notes'), payload: { body: 'Checked the carrier.' } }),
  },
  'POST /api/admin/support/tickets/:id/status': {
    request: async (t) => ({ url: await ticketUrl(t, '/status'), payload: { status: 'closed' } }),
  },
  'GET /api/admin/support/error-reports': { request: () => ({ url: '/api/admin/support/error-reports' }) },

  'POST /api/admin/storefront-preview': { request: () => ({ url: '/api/admin/storefront-preview' }) },
  'DELETE /api/admin/storefront-preview': { request: () => ({ url: '/api/admin/storefront-preview' }) },
};
