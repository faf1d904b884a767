import { convertMinor, formatMinor } from '@shop/contracts/currency';
import { describe, expect, it } from 'vitest';
import { formatShelf, shelfMinor, shelfPrices } from './presentment.ts';
import { baseOnly, type ShopperCurrency } from './shopper-currency.ts';

const usd = { code: 'USD', digits: 2 };
const eur: ShopperCurrency = {
  base: usd,
  presentment: { code: 'EUR', digits: 2, rate: 0.92, rounding: 'charm', converted: true },
  offered: ['USD', 'EUR'],
};
const jpy: ShopperCurrency = {
  base: usd,
  presentment: { code: 'JPY', digits: 0, rate: 151.5, rounding: 'charm', converted: true },
  offered: ['USD', 'JPY'],
};

describe('shelf prices in the shopper’s currency', () => {
  it('leave the base as it was', () => {
    expect(formatShelf(1999, baseOnly())).toBe('$19.99');
    expect(shelfPrices(1999, 2499, 20, baseOnly())).toEqual({ sale: '$19.99', regular: '$24.99' });
  });

  it('convert with the owner’s rate and rounding, exactly as checkout charges', () => {
    // 19.99 × 0.92 = 18.3908, up to 19, less a cent.
    expect(shelfMinor(1999, eur)).toBe(1899);
    expect(formatShelf(1999, eur)).toBe('€18.99');
    expect(shelfMinor(1999, eur)).toBe(convertMinor(1999, usd, eur.presentment, true));
    expect(formatShelf(1999, jpy)).toBe(formatMinor(convertMinor(1999, usd, jpy.presentment, true), jpy.presentment));
  });

  it('strike the regular price through only when it is still higher once converted', () => {
    expect(shelfPrices(1999, 2499, 20, eur)).toEqual({ sale: '€18.99', regular: '€22.99' });
    // 19.90 and 19.99 both become €18.99: no saving to show.
    expect(shelfPrices(1990, 1999, 1, eur)).toEqual({ sale: '€18.99', regular: null });
    expect(shelfPrices(1999, 2499, 0, eur).regular).toBeNull();
  });
});
