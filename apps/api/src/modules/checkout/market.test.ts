import { shelfMinor } from '@shop/contracts/market';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_CURRENCIES, DEMO_SHIPPING_ZONES, DEMO_TAX } from '../../db/seed/settings.ts';
import type { Settings } from '../settings/index.ts';
import type { SellableProduct } from '../stock/index.ts';
import { marketFor } from './market.ts';
import { priceWith } from './pricing.ts';
import type { PricedLine } from './types.ts';

const settings = {
  currencies: { base: { code: 'USD', digits: 2 }, presentment: DEMO_CURRENCIES },
  tax: DEMO_TAX,
  shippingZones: DEMO_SHIPPING_ZONES,
};

describe('marketFor', () => {
  it('a German shopper: euros, prices with German VAT in them', () => {
    const m = marketFor(settings, { country: 'DE' });
    expect(m).toMatchObject({ country: 'DE', currency: { code: 'EUR', converted: true }, taxIncluded: true });
    expect(m.addedRates).toMatchObject({ standard: 1900, reduced: 700 });
    // $119.00 + 19 % = $141.61 → €130.2812 → €130.99.
    expect(shelfMinor(11_900, 'standard', m)).toBe(13_099);
  });

  it('a Texan, or a shopper who chose nothing: dollars without tax; a chosen currency the shop takes wins', () => {
    expect(marketFor(settings, { country: 'US' })).toMatchObject({ taxIncluded: false, addedRates: {} });
    expect(shelfMinor(11_900, 'standard', marketFor(settings, {}))).toBe(11_900);
    expect(marketFor(settings, { country: 'DE', currency: 'GBP' }).currency.code).toBe('GBP');
    expect(marketFor(settings, { country: 'XX', currency: 'CHF' })).toMatchObject({
      country: null,
      currency: { code: 'USD', converted: false },
    });
  });
});

const COUNTRIES = ['US', 'DE', 'FR', 'NL', 'GB', 'JP', 'BR'] as const;

describe('shelf prices', () => {
  it('are what checkout charges for the line, wherever it goes and in whatever currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.constantFrom('standard', 'reduced', 'zero', 'exempt'),
        fc.constantFrom(...COUNTRIES),
        fc.constantFrom(undefined, 'USD', 'EUR', 'GBP'),
        (cents, taxClass, country, chosen) => {
          const market = marketFor(settings, { country, currency: chosen });
          const zone = DEMO_SHIPPING_ZONES.find((z) => z.countries.includes(country)) ?? DEMO_SHIPPING_ZONES.at(-1);
          if (!zone) throw new Error('no zone');
          const product: SellableProduct = {
            id: 'p',
            name: 'p',
            published: true,
            options: [],
            variants: [
              {
                id: 'v',
                productId: 'p',
                sku: 'p',
                values: [null, null, null],
                priceCents: cents,
                compareAtCents: cents,
                available: 1,
                image: null,
                weightGrams: 0,
                taxClass,
              },
            ],
          };
          const line: PricedLine = {
            productId: 'p',
            variantId: 'v',
            quantity: 1,
            color: null,
            size: null,
            expectedPriceCents: null,
            cartItemId: null,
            sku: 'p',
            options: [],
            name: 'p',
            image: null,
            unitPriceCents: cents,
          };
          const priced = priceWith(
            {
              zone,
              shippingMethod: undefined,
              destination: { country, region: null },
              vatNumber: null,
              settings: settings as unknown as Settings,
              products: new Map([['p', product]]),
              presentment: market.currency,
            },
            [line],
            null,
            new Date(0),
            false,
          );
          if (!priced.ok) return;
          expect(priced.value.lines[0]?.unitPriceCents).toBe(shelfMinor(cents, taxClass, market));
          expect(priced.value.taxIncluded).toBe(market.taxIncluded);
        },
      ),
      { numRuns: 300 },
    );
  });
});
