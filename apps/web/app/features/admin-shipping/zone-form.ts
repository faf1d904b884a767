import type { CurrencyUnit } from '@shop/contracts/currency';
import { regionsOf } from '@shop/contracts/regions';
import type {
  RateRuleWire,
  ShippingSettings,
  ShippingSettingsAnswer,
  ZoneMethodWire,
} from '@shop/contracts/shipping-zones';
import { decimalsMessage, fitsBase, issuePath, placeIssues, type WireIssue } from '../admin/index.ts';

/**
 * The shipping zones editor's form and the wire (docs/adr/048-shipping-zones.md): what the owner types
 * is text, turned into the contract's numbers only on save, so a blank or half-typed field reaches the
 * contract and is named there. A complaint about the wire's path (from the browser's check or the
 * API's 400) is placed on the field that shows it.
 */

/** One row of a rate table; `to` empty: "and above". */
export interface BandValues {
  from: string;
  to: string;
  price: string;
}

export type RateKind = RateRuleWire['kind'];
export type FreeOverBasis = ZoneMethodWire['free_over_basis'];

export interface MethodValues {
  code: string;
  name: string;
  estimate: string;
  kind: RateKind;
  /** The flat rate's price. */
  price: string;
  /** Each table kept apart, so switching the rate back and forth loses neither. */
  weightBands: BandValues[];
  subtotalBands: BandValues[];
  /** Empty: never free. */
  freeOver: string;
  basis: FreeOverBasis;
}

export interface ZoneValues {
  /** Empty for a zone added since the last save. */
  id: string;
  name: string;
  everywhereElse: boolean;
  countries: string[];
  regions: string[];
  /** Comma-separated, as typed. */
  postcodes: string;
  methods: MethodValues[];
}

export interface ShippingFormValues {
  zones: ZoneValues[];
}

export const RATE_KINDS: readonly { value: RateKind; label: string }[] = [
  { value: 'flat', label: 'Flat' },
  { value: 'weight', label: 'By weight' },
  { value: 'subtotal', label: 'By order value' },
];

export const FREE_OVER_BASES: readonly { value: FreeOverBasis; label: string }[] = [
  { value: 'after_discount', label: 'after discounts' },
  { value: 'before_discount', label: 'before discounts' },
];

export const newBand = (from = ''): BandValues => ({ from, to: '', price: '' });

export const newMethod = (): MethodValues => ({
  code: '',
  name: '',
  estimate: '',
  kind: 'flat',
  price: '',
  weightBands: [newBand('0')],
  subtotalBands: [newBand('0')],
  freeOver: '',
  basis: 'after_discount',
});

export const newZone = (): ZoneValues => ({
  id: '',
  name: '',
  everywhereElse: false,
  countries: [],
  regions: [],
  postcodes: '',
  methods: [newMethod()],
});

/** A number typed in a field; blank is NaN, which the contract names ("… must be a number"). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const optionalNum = (text: string) => (text.trim() === '' ? null : num(text));

/** The zones as saved, as the form edits them: amounts with the base currency's `digits`. */
export function formValuesOf(answer: ShippingSettingsAnswer, digits = 2): ShippingFormValues {
  const amountText = (amount: number) => amount.toFixed(digits);
  const optionalAmountText = (amount: number | null) => (amount === null ? '' : amountText(amount));
  return {
    zones: answer.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      everywhereElse: zone.everywhere_else,
      countries: zone.countries,
      regions: zone.regions,
      postcodes: zone.postcode_prefixes.join(', '),
      methods: zone.methods.map((method) => {
        const { rate } = method;
        return {
          code: method.code,
          name: method.name,
          estimate: method.estimate,
          kind: rate.kind,
          price: rate.kind === 'flat' ? amountText(rate.price) : '',
          weightBands:
            rate.kind === 'weight'
              ? rate.bands.map((b) => ({
                  from: String(b.from_grams),
                  to: b.to_grams === null ? '' : String(b.to_grams),
                  price: amountText(b.price),
                }))
              : [newBand('0')],
          subtotalBands:
            rate.kind === 'subtotal'
              ? rate.bands.map((b) => ({
                  from: amountText(b.from),
                  to: optionalAmountText(b.to),
                  price: amountText(b.price),
                }))
              : [newBand('0')],
          freeOver: optionalAmountText(method.free_over),
          basis: method.free_over_basis,
        };
      }),
    })),
  };
}

function rateOf(method: MethodValues): RateRuleWire {
  if (method.kind === 'flat') return { kind: 'flat', price: num(method.price) };
  if (method.kind === 'weight') {
    return {
      kind: 'weight',
      bands: method.weightBands.map((b) => ({
        from_grams: num(b.from),
        to_grams: optionalNum(b.to),
        price: num(b.price),
      })),
    };
  }
  return {
    kind: 'subtotal',
    bands: method.subtotalBands.map((b) => ({ from: num(b.from), to: optionalNum(b.to), price: num(b.price) })),
  };
}

/** Whether the zone shows its Regions field: exactly one country, and a list of its regions to pick from. */
export const hasRegionList = (zone: Pick<ZoneValues, 'everywhereElse' | 'countries'>) =>
  !zone.everywhereElse && zone.countries.length === 1 && regionsOf(zone.countries[0] as string) !== null;

/** Whether the zone shows its Postcode prefixes field: exactly one country. */
export const narrowsByPostcode = (zone: Pick<ZoneValues, 'everywhereElse' | 'countries'>) =>
  !zone.everywhereElse && zone.countries.length === 1;

/**
 * The save as PUT /api/admin/shipping takes it, before the contract checks it. What the form hides is
 * not sent: the countries of the "everywhere else" zone, regions and postcodes unless the zone has one country.
 */
export function settingsOf(values: ShippingFormValues): ShippingSettings {
  return {
    zones: values.zones.map((zone) => ({
      ...(zone.id ? { id: zone.id } : {}),
      name: zone.name,
      everywhere_else: zone.everywhereElse,
      countries: zone.everywhereElse ? [] : zone.countries,
      regions: hasRegionList(zone) ? zone.regions : [],
      postcode_prefixes: narrowsByPostcode(zone)
        ? zone.postcodes
            .split(',')
            .map((p) => p.trim())
            .filter((p) => p !== '')
        : [],
      methods: zone.methods.map((method) => ({
        code: method.code.trim(),
        name: method.name,
        estimate: method.estimate,
        rate: rateOf(method),
        free_over: optionalNum(method.freeOver),
        free_over_basis: method.basis,
      })),
    })),
  };
}

const ZONE_FIELDS: Record<string, keyof ZoneValues> = {
  name: 'name',
  everywhere_else: 'everywhereElse',
  countries: 'countries',
  regions: 'regions',
  postcode_prefixes: 'postcodes',
};
const METHOD_FIELDS: Record<string, keyof MethodValues> = {
  code: 'code',
  name: 'name',
  estimate: 'estimate',
  free_over: 'freeOver',
  free_over_basis: 'basis',
};
const BAND_FIELDS: Record<string, keyof BandValues> = {
  from: 'from',
  from_grams: 'from',
  to: 'to',
  to_grams: 'to',
  price: 'price',
};

/**
 * The form field a complaint about `path` belongs on (a react-hook-form name), or null when no field
 * shows it. A rate's bands are the table of the method's kind in `values`; a complaint about a whole
 * list (no bands, no methods) goes on the list's `root`.
 */
export function fieldOf(path: WireIssue['path'], values: ShippingFormValues): string | null {
  const [top, z, key, m, methodKey, rateKey, b, bandKey] = issuePath(path);
  if (top !== 'zones' || typeof z !== 'number' || key === undefined) return null;
  const zone = values.zones[z];
  if (!zone) return null;
  const zonePath = `zones.${z}`;
  if (key !== 'methods') {
    const field = ZONE_FIELDS[key];
    return field ? `${zonePath}.${field}` : null;
  }
  if (m === undefined) return `${zonePath}.methods.root`;
  const method = typeof m === 'number' ? zone.methods[m] : undefined;
  if (!method) return null;
  const methodPath = `${zonePath}.methods.${m}`;
  if (methodKey !== 'rate') {
    const field = methodKey === undefined ? undefined : METHOD_FIELDS[methodKey];
    return field ? `${methodPath}.${field}` : null;
  }
  if (rateKey === undefined || rateKey === 'kind') return `${methodPath}.kind`;
  if (rateKey === 'price' && method.kind === 'flat') return `${methodPath}.price`;
  if (rateKey !== 'bands' || method.kind === 'flat') return null;
  const table = `${methodPath}.${method.kind === 'weight' ? 'weightBands' : 'subtotalBands'}`;
  if (b === undefined) return `${table}.root`;
  const field = bandKey === undefined ? undefined : BAND_FIELDS[bandKey];
  return typeof b === 'number' && field ? `${table}.${b}.${field}` : null;
}

/**
 * The save's amounts with more decimals than the base currency has (a cent of yen), as complaints on
 * their wire paths: rates, order value bands and free thresholds.
 */
export function amountDigitIssues(settings: ShippingSettings, base: CurrencyUnit): WireIssue[] {
  const issues: WireIssue[] = [];
  const check = (amount: number | null, field: string, path: (string | number)[]) => {
    if (amount !== null && !fitsBase(amount, base)) issues.push({ path, message: decimalsMessage(field, base) });
  };
  settings.zones.forEach((zone, z) => {
    zone.methods.forEach((method, m) => {
      const at = ['zones', z, 'methods', m];
      const { rate } = method;
      if (rate.kind === 'flat') check(rate.price, 'Price', [...at, 'rate', 'price']);
      if (rate.kind === 'weight') {
        rate.bands.forEach((band, b) => {
          check(band.price, 'Price', [...at, 'rate', 'bands', b, 'price']);
        });
      }
      if (rate.kind === 'subtotal') {
        rate.bands.forEach((band, b) => {
          check(band.from, 'From', [...at, 'rate', 'bands', b, 'from']);
          check(band.to, 'Up to', [...at, 'rate', 'bands', b, 'to']);
          check(band.price, 'Price', [...at, 'rate', 'bands', b, 'price']);
        });
      }
      check(method.free_over, 'Free shipping threshold', [...at, 'free_over']);
    });
  });
  return issues;
}

/** The API's or the contract's complaints, each on the field of these values it names. */
export const placeIssuesOn = (issues: readonly WireIssue[], values: ShippingFormValues) =>
  placeIssues(issues, (path) => fieldOf(path, values));
