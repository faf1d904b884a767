import { regionsOf } from '@shop/contracts/regions';
import { STANDARD_CLASS } from '@shop/contracts/tax';
import type { TaxSettingsAnswer, TaxSettingsBody } from '@shop/contracts/tax-settings';
import { issuePath, placeIssues, type WireIssue } from '../admin/index.ts';

/**
 * The tax editor's form and the wire (docs/adr/049-tax-by-destination.md): rates are typed as text and
 * turned into the contract's numbers only on save, so a blank or half-typed rate reaches the contract and
 * is named there. A complaint about the wire's path (from the browser's check or the API's 400) is
 * placed on the field that shows it.
 */

export interface ClassValues {
  code: string;
  name: string;
  /** Percent, as typed: the rate where no zone rate applies. */
  rate: string;
  /** The standard class: products without a class are in it, so it keeps its code and cannot be removed. */
  locked: boolean;
}

export interface RateValues {
  zoneId: string;
  classCode: string;
  /** Empty: the whole zone. */
  country: string;
  /** Empty: the whole country; only a country with a list of regions (US, Canada) shows it. */
  region: string;
  rate: string;
  reverseCharge: boolean;
}

export interface TaxFormValues {
  pricesIncludeTax: boolean;
  /** Zones whose shoppers see prices with tax (when prices are entered without it). */
  inclusiveZones: string[];
  /** Per zone id, what receipts there call the tax, as typed; empty: the tax's name. */
  zoneNames: Record<string, string>;
  name: string;
  /** Empty: not said. */
  originCountry: string;
  shippingClass: string;
  classes: ClassValues[];
  rates: RateValues[];
}

export const TAX_NAMES = ['Tax', 'VAT', 'Sales tax', 'GST'] as const;

export const newClass = (): ClassValues => ({ code: '', name: '', rate: '', locked: false });

export const newRate = (zoneId = '', classCode: string = STANDARD_CLASS): RateValues => ({
  zoneId,
  classCode,
  country: '',
  region: '',
  rate: '',
  reverseCharge: false,
});

/** Whether a rate for `country` can be narrowed to one of its regions (US states, Canadian provinces). */
export const hasRegions = (country: string) => country !== '' && regionsOf(country) !== null;

/** A number typed in a field; blank is NaN, which the contract names ("Rate must be a number"). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The tax settings as saved, as the form edits them. */
export function formValuesOf(answer: TaxSettingsAnswer): TaxFormValues {
  return {
    pricesIncludeTax: answer.prices_include_tax,
    inclusiveZones: answer.inclusive_zones,
    zoneNames: { ...answer.zone_names },
    name: answer.name,
    originCountry: answer.origin_country ?? '',
    shippingClass: answer.shipping_class,
    classes: answer.classes.map((c) => ({
      code: c.code,
      name: c.name,
      rate: String(c.rate_percent),
      locked: c.code === STANDARD_CLASS,
    })),
    rates: answer.rates.map((r) => ({
      zoneId: r.zone_id,
      classCode: r.class_code,
      country: r.country ?? '',
      region: r.region ?? '',
      rate: String(r.rate_percent),
      reverseCharge: r.reverse_charge,
    })),
  };
}

/** The save as PUT /api/admin/tax takes it, before the contract checks it. A region the form hides is not sent. */
export function settingsOf(values: TaxFormValues): TaxSettingsBody {
  return {
    prices_include_tax: values.pricesIncludeTax,
    inclusive_zones: values.inclusiveZones,
    ...zoneNamesOf(values.zoneNames),
    name: values.name.trim(),
    origin_country: values.originCountry === '' ? null : values.originCountry,
    shipping_class: values.shippingClass,
    classes: values.classes.map((c) => ({ code: c.code.trim(), name: c.name.trim(), rate_percent: num(c.rate) })),
    rates: values.rates.map((r) => ({
      zone_id: r.zoneId,
      class_code: r.classCode,
      country: r.country === '' ? null : r.country,
      region: hasRegions(r.country) && r.region !== '' ? r.region : null,
      rate_percent: num(r.rate),
      reverse_charge: r.reverseCharge,
    })),
  };
}

/** The zone names typed, blank ones left out; none: not sent. */
function zoneNamesOf(typed: Record<string, string>): Pick<TaxSettingsBody, 'zone_names'> {
  const named = Object.entries(typed)
    .map(([zoneId, name]): [string, string] => [zoneId, name.trim()])
    .filter(([, name]) => name !== '');
  return named.length > 0 ? { zone_names: Object.fromEntries(named) } : {};
}

const TOP_FIELDS: Record<string, keyof TaxFormValues> = {
  prices_include_tax: 'pricesIncludeTax',
  inclusive_zones: 'inclusiveZones',
  zone_names: 'zoneNames',
  name: 'name',
  origin_country: 'originCountry',
  shipping_class: 'shippingClass',
};
const CLASS_FIELDS: Record<string, keyof ClassValues> = { code: 'code', name: 'name', rate_percent: 'rate' };
const RATE_FIELDS: Record<string, keyof RateValues> = {
  zone_id: 'zoneId',
  class_code: 'classCode',
  country: 'country',
  region: 'region',
  rate_percent: 'rate',
  reverse_charge: 'reverseCharge',
};

/**
 * The form field a complaint about `path` belongs on (a react-hook-form name), or null when no field
 * shows it. A complaint about a whole list goes on its `root`; one about a whole rate (two rates for the
 * same place) on its zone, the first field of its row; one about a region the form hides on its country.
 */
export function fieldOf(path: WireIssue['path'], values: TaxFormValues): string | null {
  const [top, i, key] = issuePath(path);
  if (top === undefined) return null;
  if (top === 'zone_names' && typeof i === 'string') return key === undefined ? `zoneNames.${i}` : null;
  if (top !== 'classes' && top !== 'rates') {
    const field = TOP_FIELDS[top];
    return field && i === undefined ? field : null;
  }
  if (i === undefined) return `${top}.root`;
  if (typeof i !== 'number') return null;
  if (top === 'classes') {
    if (!values.classes[i]) return null;
    const field = key === undefined ? undefined : CLASS_FIELDS[key];
    return field ? `classes.${i}.${field}` : null;
  }
  const rate = values.rates[i];
  if (!rate) return null;
  if (key === undefined) return `rates.${i}.zoneId`;
  const field = RATE_FIELDS[key];
  if (field === 'region' && !hasRegions(rate.country)) return `rates.${i}.country`;
  return field ? `rates.${i}.${field}` : null;
}

/** The API's or the contract's complaints, each on the field of these values it names. */
export const placeIssuesOn = (issues: readonly WireIssue[], values: TaxFormValues) =>
  placeIssues(issues, (path) => fieldOf(path, values));
