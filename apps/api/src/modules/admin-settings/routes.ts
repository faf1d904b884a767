import { adminSettings, storeLogo, storeTimeZone } from '@shop/contracts/admin-settings';
import { currencySettingsAnswer, currencySettingsBody } from '@shop/contracts/currency-settings';
import { errorBody } from '@shop/contracts/errors';
import { shippingSettings, shippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import { taxSettingsAnswer, taxSettingsBody } from '@shop/contracts/tax-settings';
import { badRequest, conflict, type HttpTable, invalidFields, orThrow } from '../../errors.ts';
import type { AmountFailure } from '../../lib/base-amounts.ts';
import { acceptPictureUploads, PICTURE_BODY_LIMIT, pictureRefusals, readPicture } from '../media/index.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { CurrencyFailure, TaxFailure } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['admin'];

/** A tax rate naming a zone or country that is not there: a 400 on that field, like the schema's own. */
const taxHttp: HttpTable<TaxFailure> = {
  unknown_zone: (f) => badRequest(f.message, { issues: [{ path: ['body', ...f.path].join('.'), message: f.message }] }),
};

/** A base the shop's orders or prices are already in: a 409 on that field, in the schema's words. */
const onField = (f: CurrencyFailure) =>
  conflict(f.message, { issues: [{ path: ['body', ...f.path].join('.'), message: f.message }] });
const currencyHttp: HttpTable<CurrencyFailure> = { base_locked: onField, catalogue_not_empty: onField };

/** An amount with more decimals than the base currency has: a 400 on its field. */
const shippingHttp: HttpTable<AmountFailure> = {
  invalid_amount: ({ path, message }) => invalidFields([{ path: `body.${path}`, message }]),
};

/** Admin Settings (admins only) and the store's time zone (every staff member), under /api/admin. */
export const adminSettingsRoutes: AdminRoutesPlugin = async (app, { services, guards }) => {
  const adminOnly = guards.requireRole('admin');

  // --- The store's time zone, which every staff member's pages show times in ---
  app.get(
    '/time-zone',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'The IANA time zone the admin area shows times and counts days in',
        response: { 200: storeTimeZone, ...errors },
      },
    },
    async () => services.adminSettings.timeZone(),
  );

  // --- Settings (admin only) -------------------------------------------------------------------
  app.get(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Store profile, tax, pay later, low stock and maintenance',
        response: { 200: adminSettings, ...errors },
      },
    },
    async () => services.adminSettings.get(),
  );
  app.put(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Replaces the settings; checkout and the storefront use them at once',
        body: adminSettings,
        response: { 200: adminSettings, ...errors },
      },
    },
    async (request) => services.adminSettings.save(actorOf(request), request.body),
  );

  // --- Shipping zones, methods and rates (admin only; docs/adr/048-shipping-zones.md) -----------
  app.get(
    '/shipping',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Where the shop ships: its zones, each with its methods and their rates',
        response: { 200: shippingSettingsAnswer, ...errors },
      },
    },
    async () => services.adminSettings.shipping(),
  );
  app.put(
    '/shipping',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Replaces every zone (in the order checkout tries them); checkout offers the new methods at once',
        description:
          'A zone without `id` is new. 400 when a country (or a region or postcode prefix of it) is in two zones, when weight or subtotal bands overlap, or when a zone has two methods with one code; nothing is saved then.',
        body: shippingSettings,
        response: { 200: shippingSettingsAnswer, ...errors },
      },
    },
    async (request) => orThrow(await services.adminSettings.saveShipping(actorOf(request), request.body), shippingHttp),
  );

  // --- Tax classes and rates (admin only; docs/adr/049-tax-by-destination.md) -------------------
  app.get(
    '/tax',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Tax classes, rates per shipping zone × class, and whether prices include tax',
        response: { 200: taxSettingsAnswer, ...errors },
      },
    },
    async () => services.adminSettings.tax(),
  );
  app.put(
    '/tax',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Replaces the tax settings; checkout taxes by them at once',
        description:
          'A rate applies to a zone × class, narrowed to a country of the zone and a state or province of it. 400 for a rate below 0 % or above 100 %, a class used but not defined, a rate given twice, or a zone or country that is not there; nothing is saved then.',
        body: taxSettingsBody,
        response: { 200: taxSettingsAnswer, ...errors },
      },
    },
    async (request) => orThrow(await services.adminSettings.saveTax(actorOf(request), request.body), taxHttp),
  );

  // --- Currencies (admin only; docs/adr/050-currencies.md) ---------------------------------------
  app.get(
    '/currencies',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'The base currency, the currencies shoppers may pay in besides it, and every ISO 4217 choice',
        response: { 200: currencySettingsAnswer, ...errors },
      },
    },
    async () => services.adminSettings.currencies(),
  );
  app.put(
    '/currencies',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Replaces the base and presentment currencies; quotes and the storefront price in them at once',
        description:
          'Codes are ISO 4217. 400 for a code that is not, a rate not above 0 or with more than six decimals, the base or a currency listed twice, or a country under two currencies. 409 on `base` for a new base once the shop has orders, or one with other minor units while it has products. Nothing is saved then.',
        body: currencySettingsBody,
        response: { 200: currencySettingsAnswer, ...errors },
      },
    },
    async (request) =>
      orThrow(await services.adminSettings.saveCurrencies(actorOf(request), request.body), currencyHttp),
  );

  // --- The logo (admin only; docs/adr/040-store-logo.md) ----------------------------------------
  await acceptPictureUploads(app);
  app.get(
    '/settings/logo',
    {
      onRequest: adminOnly,
      schema: { ...adminDoc, tags, summary: 'The store’s logo, or null', response: { 200: storeLogo, ...errors } },
    },
    async () => services.adminSettings.logo(),
  );
  app.put(
    '/settings/logo',
    {
      onRequest: adminOnly,
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        ...adminDoc,
        tags,
        summary:
          'Replaces the logo (multipart field `file`; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB): the header, mails, invoices and the icons use it',
        consumes: ['multipart/form-data'],
        response: { 200: storeLogo, ...errors, 413: errorBody },
      },
    },
    async (request) =>
      orThrow(await services.adminSettings.uploadLogo(actorOf(request), await readPicture(request)), pictureRefusals),
  );
  app.delete(
    '/settings/logo',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Removes the logo: the header shows the store’s name',
        response: { 200: storeLogo, ...errors },
      },
    },
    async (request) => services.adminSettings.removeLogo(actorOf(request)),
  );
};
