import type { ShippingZone } from '@shop/contracts/shipping';
import { rateFor, type TaxSettings } from '@shop/contracts/tax';
import { checkVAT, countries } from 'jsvat';

/**
 * Where tax rates come from (docs/adr/049-tax-by-destination.md): one method from the lines and the
 * destination to the rate of each line and of the shipping. Pricing turns rates into amounts, so
 * rounding stays in one place (docs/adr/046-tax-rounding.md) whoever supplies the rates. The built-in
 * provider reads the store's table; an outside service implements the same method.
 */
export interface TaxRequest {
  tax: TaxSettings;
  zone: ShippingZone;
  destination: { country: string; region: string | null };
  /** Each line's tax class, in order. */
  lines: { taxClass: string }[];
  /** A business buyer's VAT number, already checked for the destination country; null: none given. */
  vatNumber: string | null;
}

export interface TaxAnswer {
  /** Basis points, one per line, in order. */
  lineRates: number[];
  shippingRate: number;
  /** Some rate was zeroed for the business buyer, who accounts for the VAT (the invoice says so). */
  reverseCharge: boolean;
}

export interface TaxProvider {
  rates(request: TaxRequest): TaxAnswer;
}

/** The store's own table (contracts `rateFor`), with the reverse charge for a business abroad. */
export const tableTaxProvider: TaxProvider = {
  rates({ tax, zone, destination, lines, vatNumber }) {
    const abroad = tax.originCountry !== null && tax.originCountry !== destination.country;
    const business = vatNumber !== null && abroad;
    let reverseCharge = false;
    const applied = (classCode: string) => {
      const rate = rateFor(tax, zone.id, classCode, destination);
      if (business && rate.reverseCharge && rate.rateBasisPoints > 0) {
        reverseCharge = true;
        return 0;
      }
      return rate.rateBasisPoints;
    };
    const lineRates = lines.map((l) => applied(l.taxClass));
    const shippingRate = applied(tax.shippingClass);
    return { lineRates, shippingRate, reverseCharge };
  },
};

/** Greece's VAT numbers start EL; every other country's with its ISO code. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };

/**
 * `vatNumber` normalised ("DE 136 695 976" → "DE136695976") when it is a valid VAT number of `country`
 * (its shape and check digits, jsvat), else null. Linear: at most 20 characters are read.
 */
export function validVatNumber(vatNumber: string, country: string): string | null {
  const compact = vatNumber
    .slice(0, 20)
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  const prefix = VAT_PREFIX[country] ?? country;
  const full = compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
  const result = checkVAT(full, countries);
  return result.isValid && result.country?.isoCode.short === country ? full : null;
}
