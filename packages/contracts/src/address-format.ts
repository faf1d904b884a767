import { countryName } from './countries.ts';

/** The parts of a postal address every rendering needs (an order's, a saved one's, an invoice's). */
export type PostalAddress = {
  name?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postal_code: string;
  country: string;
};

/**
 * Where the town, region and postcode go, by country: the orders the post of the common destinations
 * asks for (docs/adr/028-countries-and-address-lines.md). A country not named here gets the
 * postcode before the town, as most of Europe writes it.
 */
type Layout = 'city-region-postcode' | 'city-then-postcode' | 'postcode-city';

const LAYOUTS: Readonly<Record<string, Layout>> = {
  US: 'city-region-postcode',
  CA: 'city-region-postcode',
  AU: 'city-region-postcode',
  PR: 'city-region-postcode',
  GB: 'city-then-postcode',
  IM: 'city-then-postcode',
  JE: 'city-then-postcode',
  GG: 'city-then-postcode',
};

const present = (line: string | null | undefined): line is string => Boolean(line?.trim());

function localityLines(a: PostalAddress): (string | null | undefined)[] {
  const layout = LAYOUTS[a.country.toUpperCase()] ?? 'postcode-city';
  switch (layout) {
    case 'city-region-postcode': {
      // "Austin, TX 78701"
      const rest = [a.region, a.postal_code].filter(present).join(' ');
      return [[a.city, rest].filter(present).join(', ')];
    }
    case 'city-then-postcode':
      // Royal Mail: the post town, the county if any, then the postcode on a line of its own.
      return [a.city, a.region, a.postal_code];
    default:
      // "10115 Berlin", the region (a province, a state) after it when given.
      return [[a.postal_code, a.city].filter(present).join(' '), a.region];
  }
}

/**
 * An address as it goes on an envelope, line by line: name, street lines, the town in the country's
 * order, and the country's English name. The one rendering of an address as text (mails, invoices,
 * order pages, the admin).
 */
export function addressLines(a: PostalAddress, { withName = true } = {}): string[] {
  return [withName ? a.name : null, a.line1, a.line2, ...localityLines(a), countryName(a.country)]
    .filter(present)
    .map((line) => line.trim());
}

/** The same address on one line, without the name (a summary, a list). */
export const addressOneLine = (a: PostalAddress): string => addressLines(a, { withName: false }).join(', ');
