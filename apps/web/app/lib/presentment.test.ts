import { convertMinor, formatMinor } from '@shop/contracts/currency';
import { describe, expect, it } from 'vitest';
import { formatShelf, shelfMinor, shelfPrices, taxNote } from './presentment.ts';
import { baseOnly, type ShopperCurrency } from './shopper-currency.ts';

const usd = { code: 'USD', digits: 2 };
const eur: ShopperCurrency = {
  base: usd,
  presentment: { code: 'EUR', digits: 2, rate: 0.92, rounding: 'charm', converted: true },
  offered: ['USD', 'EUR'],
  country: null,
  taxIncluded: false,
  taxName: 'Tax',
  addedRates: {},
};
const jpy: ShopperCurrency = {
  base: usd,
  presentment: { code: 'JPY', digits: 0, rate: 151.5, rounding: 'charm', converted: true },
  offered: ['USD', 'JPY'],
  country: null,
  taxIncluded: false,
  taxName: 'Tax',
  addedRates: {},
};

describe('shelf prices in the shopper’s currency', () => {
  it('leave the base as it was', () => {
    expect(formatShelf(1999, 'standard', baseOnly())).toBe('$19.99');
    expect(shelfPrices(1999, 2499, 20, 'standard', baseOnly())).toEqual({ sale: '$19.99', regular: '$24.99' });
  });

  it('convert with the owner’s rate and rounding, exactly as checkout charges', () => {
    // 19.99 × 0.92 = 18.3908, up to 19, less a cent.
    expect(shelfMinor(1999, 'standard', eur)).toBe(1899);
    expect(formatShelf(1999, 'standard', eur)).toBe('€18.99');
    expect(shelfMinor(1999, 'standard', eur)).toBe(convertMinor(1999, usd, eur.presentment, true));
    expect(formatShelf(1999, 'standard', jpy)).toBe(
      formatMinor(convertMinor(1999, usd, jpy.presentment, true), jpy.presentment),
    );
  });

  it('strike the regular price through only when it is still higher once converted', () => {
    expect(shelfPrices(1999, 2499, 20, 'standard', eur)).toEqual({ sale: '€18.99', regular: '€22.99' });
    // 19.90 and 19.99 both become €18.99: no saving to show.
    expect(shelfPrices(1990, 1999, 1, 'standard', eur)).toEqual({ sale: '€18.99', regular: null });
    expect(shelfPrices(1999, 2499, 0, 'standard', eur).regular).toBeNull();
  });
});

describe('shelf prices in a market that shows them with tax', () => {
  // Germany in a US shop: 19 % standard and 7 % reduced VAT on the entered price, then to euros.
  const de: ShopperCurrency = {
    ...eur,
    country: 'DE',
    taxIncluded: true,
    taxName: 'VAT',
    addedRates: { standard: 1900, reduced: 700 },
  };

  it('add the class’s rate before converting, as checkout charges', () => {
    // 19.99 + 19 % = 23.79 (23.7881); × 0.92 = 21.8868 → €21.99.
    expect(shelfMinor(1999, 'standard', de)).toBe(convertMinor(2379, usd, eur.presentment, true));
    // 19.99 + 7 % = 21.39 (21.3893).
    expect(shelfMinor(1999, 'reduced', de)).toBe(convertMinor(2139, usd, eur.presentment, true));
    // A class without its own rate: the standard one.
    expect(shelfMinor(1999, 'unknown', de)).toBe(shelfMinor(1999, 'standard', de));
  });

  it('say the tax is included only there', () => {
    expect(taxNote(de)).toBe('incl. VAT');
    expect(taxNote(eur)).toBeNull();
  });
});
