import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryName, isCountryCode } from './countries.ts';
import { regionCode, regionsOf } from './regions.ts';

/**
 * What an address form asks for in one country (docs/adr/047-address-forms-by-country.md): what the
 * region and the postcode are called there, whether each is required, an example postcode, and whether
 * the postcode comes before the town, as the country writes it ("10115 Berlin", "Austin, TX 78701").
 */
export interface AddressForm {
  regionLabel: string;
  regionRequired: boolean;
  postcodeLabel: string;
  /** False where the country has no postcodes, or where they are not needed for delivery (Ireland). */
  postcodeRequired: boolean;
  /** A real postcode of the country, shown as a hint and in the message for one that does not fit. */
  postcodeExample: string | null;
  postcodeFirst: boolean;
}

/** Countries whose post needs the state or province, and what they call it. */
const REQUIRED_REGIONS: Readonly<Record<string, string>> = {
  US: 'State',
  CA: 'Province',
  AU: 'State / territory',
  JP: 'Prefecture',
  BR: 'State',
  MX: 'State',
  IN: 'State',
  CN: 'Province',
  AR: 'Province',
};

/** What one region of the countries with a list of them is, in a sentence. */
const REGION_NOUNS: Readonly<Record<string, string>> = {
  US: 'state',
  CA: 'province or territory',
  AU: 'state or territory',
};

/** Countries where the region is written but optional, and its name there. */
const OPTIONAL_REGIONS: Readonly<Record<string, string>> = {
  GB: 'County',
  IE: 'County',
  IT: 'Province',
  ES: 'Province',
  NZ: 'Region',
};

const POSTCODE_LABELS: Readonly<Record<string, string>> = {
  US: 'ZIP code',
  PR: 'ZIP code',
  GB: 'Postcode',
  IM: 'Postcode',
  JE: 'Postcode',
  GG: 'Postcode',
  AU: 'Postcode',
  NZ: 'Postcode',
  ZA: 'Postcode',
  IE: 'Eircode',
  IN: 'PIN code',
};

/** Countries with postcodes that the post delivers without (a pattern still checks one that is given). */
const OPTIONAL_POSTCODES = new Set(['IE']);

const POSTCODE_EXAMPLES: Readonly<Record<string, string>> = {
  US: '78701',
  CA: 'K1A 0B1',
  GB: 'SW1A 1AA',
  IE: 'D02 X285',
  DE: '10115',
  FR: '75001',
  NL: '1012 AB',
  BE: '1000',
  LU: 'L-1009',
  AT: '1010',
  CH: '8001',
  IT: '00184',
  ES: '28001',
  PT: '1000-001',
  DK: '1050',
  SE: '111 22',
  NO: '0150',
  FI: '00100',
  PL: '00-001',
  CZ: '110 00',
  JP: '100-0001',
  AU: '2000',
  NZ: '1010',
  BR: '01310-100',
  MX: '06000',
  IN: '110001',
};

/** Where the postcode comes after the town (the rest of the world writes it first). */
const POSTCODE_AFTER_TOWN = new Set(['US', 'PR', 'CA', 'AU', 'GB', 'IM', 'JE', 'GG', 'IE', 'NZ', 'JP', 'BR', 'IN']);

/**
 * The longest postcode any country writes is 10 characters (a US ZIP+4, "78701-1234"); the field takes
 * 20. Patterns only ever run on that many characters, so each check is bounded whatever the pattern.
 */
const POSTCODE_MAX = 20;

const hasPattern = (country: string): boolean => postcodeValidatorExistsForCountry(country);

/**
 * The form of an address in this country. Before a country from the list is chosen, the general form,
 * the postcode shown as required as in most countries.
 */
export function addressFormOf(country: string): AddressForm {
  const code = country.trim().toUpperCase();
  const patterned = hasPattern(code);
  const required = isCountryCode(code) ? patterned && !OPTIONAL_POSTCODES.has(code) : true;
  const requiredRegion = REQUIRED_REGIONS[code];
  return {
    regionLabel: requiredRegion ?? OPTIONAL_REGIONS[code] ?? 'State / region',
    regionRequired: requiredRegion !== undefined,
    postcodeLabel: POSTCODE_LABELS[code] ?? 'Postal code',
    postcodeRequired: required,
    postcodeExample: patterned ? (POSTCODE_EXAMPLES[code] ?? null) : null,
    postcodeFirst: !POSTCODE_AFTER_TOWN.has(code),
  };
}

/** A field label as the form shows it: "(optional)" after the ones that may stay empty. */
export const fieldLabel = (label: string, required: boolean): string => (required ? label : `${label} (optional)`);

/** The postcode as it is kept: trimmed, letters in capitals ("sw1a 1aa" is "SW1A 1AA"). */
export const normalPostcode = (postcode: string): string => postcode.trim().toUpperCase();

/**
 * Why this postcode does not fit the country, or null when it does (or the country's postcodes have no
 * known pattern, or it is optional and empty). The message names the field as the country calls it.
 */
export function postcodeProblem(country: string, postcode: string): string | null {
  const code = country.trim().toUpperCase();
  const form = addressFormOf(code);
  const value = normalPostcode(postcode);
  if (value === '') return form.postcodeRequired ? `${form.postcodeLabel} is required` : null;
  if (value.length > POSTCODE_MAX || !hasPattern(code) || postcodeValidator(value, code)) return null;
  const example = form.postcodeExample ? ` (for example ${form.postcodeExample})` : '';
  return `${form.postcodeLabel} is not valid for ${countryName(code)}${example}`;
}

/**
 * Why the region does not do: missing where the country's post needs one, or not one of the country's
 * states or provinces where it has a list (regions.ts). Null when it does.
 */
export function regionProblem(country: string, region: string | null | undefined): string | null {
  const form = addressFormOf(country);
  const text = region?.trim() ?? '';
  if (text === '') return form.regionRequired ? `${form.regionLabel} is required` : null;
  const noun = REGION_NOUNS[country.trim().toUpperCase()];
  return noun && regionCode(country, text) === null ? `Choose a ${noun} from the list` : null;
}

/** The region as it is kept: a state's or province's code where the country has a list ("Texas" is TX). */
export const normalRegion = (country: string, region: string): string => regionCode(country, region) ?? region;

/** The choices of the region field, or null where it is typed (contracts regions.ts). */
export const regionChoices = regionsOf;

/**
 * What staff should check in an address saved before these rules (an order's, a customer's): a country
 * that is not an ISO code ("UK" for GB), a postcode that does not fit its country. Nothing was dropped
 * or rewritten when the rules came (docs/adr/047-address-forms-by-country.md); they are shown instead.
 */
export function addressWarnings(a: { country: string; postal_code: string; region?: string | null }): string[] {
  const country = a.country.trim().toUpperCase();
  if (!isCountryCode(country)) {
    return [`“${a.country}” is not a country code on the ISO list: check the country with the customer.`];
  }
  const warnings: string[] = [];
  const postcode = normalPostcode(a.postal_code);
  if (postcode !== '' && postcodeProblem(country, postcode)) {
    warnings.push(`“${a.postal_code}” is not a ${countryName(country)} postcode: check it with the customer.`);
  }
  const noun = REGION_NOUNS[country];
  if (noun && a.region?.trim() && regionCode(country, a.region) === null) {
    warnings.push(`“${a.region}” is not a ${countryName(country)} ${noun}: check it with the customer.`);
  }
  return warnings;
}
