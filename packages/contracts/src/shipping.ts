/**
 * Shipping by destination (docs/adr/048-shipping-zones.md): zones of countries, each with its methods
 * and their rate rules, and the two pure questions checkout asks of them — which zone an address is
 * in, and what a method costs an order. Integer minor units and grams; no zod, so the checkout page's
 * code stays small. The API prices quotes and orders with these; the admin wire (`shipping-zones.ts`)
 * validates what is stored.
 */

/** A band of a rate table: from `from` (inclusive) up to `to` (exclusive; null = no upper end). */
export interface RateBand {
  from: number;
  to: number | null;
  priceCents: number;
}

/**
 * How a method's price is found: one price; or the band the order's weight (grams) or subtotal (minor
 * units) falls in — an order outside every band cannot use the method.
 */
export type RateRule =
  | { kind: 'flat'; priceCents: number }
  | { kind: 'weight'; bands: RateBand[] }
  | { kind: 'subtotal'; bands: RateBand[] };

/** One way of shipping within a zone. `code` is what checkout and orders name it by, unique in its zone. */
export interface ZoneMethod {
  code: string;
  name: string;
  /** The delivery time checkout shows ("2–4 business days"); empty: none shown. */
  estimate: string;
  rate: RateRule;
  /** Orders whose subtotal reaches this ship free; null = never free. */
  freeOverCents: number | null;
  /**
   * true: the subtotal after the discount is what the free threshold and subtotal bands judge (a code
   * cannot both take money off and earn free shipping with it); false: the subtotal before it.
   */
  afterDiscount: boolean;
}

/**
 * Where a zone ships: whole countries; or one country narrowed to some of its regions (ISO 3166-2
 * subdivision codes without the country, "TX") and/or postcode prefixes; or, `everywhereElse`, every
 * country no other zone has.
 */
export interface ShippingZone {
  id: string;
  name: string;
  countries: string[];
  regions: string[];
  postcodePrefixes: string[];
  everywhereElse: boolean;
  methods: ZoneMethod[];
}

/** What an order weighs and is worth, as a method's rule reads it. */
export interface ShippingOrder {
  subtotalCents: number;
  discountCents: number;
  weightGrams: number;
}

/** The band `value` falls in, or undefined. Bands are stored ascending and disjoint. */
const bandOf = (bands: readonly RateBand[], value: number) =>
  bands.find((b) => value >= b.from && (b.to === null || value < b.to));

/** What of a method its price depends on. */
export type ShippingRule = Pick<ZoneMethod, 'rate' | 'freeOverCents' | 'afterDiscount'>;

/**
 * What shipping this order with `method` costs, or null when the method cannot take it (its weight or
 * subtotal is outside every band). 0 once the judged subtotal reaches the free threshold.
 */
export function shippingCharge(method: ShippingRule, order: ShippingOrder): number | null {
  const judged = method.afterDiscount ? order.subtotalCents - order.discountCents : order.subtotalCents;
  let price: number | undefined;
  if (method.rate.kind === 'flat') price = method.rate.priceCents;
  else if (method.rate.kind === 'weight') price = bandOf(method.rate.bands, order.weightGrams)?.priceCents;
  else price = bandOf(method.rate.bands, judged)?.priceCents;
  if (price === undefined) return null;
  return method.freeOverCents !== null && judged >= method.freeOverCents ? 0 : price;
}

/** The destination a zone is chosen by. */
export interface Destination {
  country: string;
  region?: string | null;
  postalCode?: string | null;
}

const normal = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * How closely `zone` fits `to`: null when it does not cover it; otherwise higher is closer — the
 * longest matching postcode prefix first, then a listed region, then the whole country.
 */
function fit(zone: ShippingZone, to: Destination): number | null {
  if (zone.everywhereElse || !zone.countries.includes(to.country)) return null;
  let score = 0;
  if (zone.regions.length > 0) {
    if (!zone.regions.includes(normal(to.region))) return null;
    score = 1;
  }
  if (zone.postcodePrefixes.length > 0) {
    const postcode = normal(to.postalCode);
    let longest = 0;
    for (const p of zone.postcodePrefixes) if (postcode.startsWith(p) && p.length > longest) longest = p.length;
    if (longest === 0) return null;
    score += 2 * longest;
  }
  return score;
}

/**
 * The zone that ships to `to`: the closest fit among the zones listing its country (ties: the earlier
 * zone), else the "everywhere else" zone, else none — the shop does not ship there.
 */
export function zoneFor(zones: readonly ShippingZone[], to: Destination): ShippingZone | null {
  let best: ShippingZone | null = null;
  let bestScore = -1;
  for (const zone of zones) {
    const score = fit(zone, to);
    if (score !== null && score > bestScore) {
      best = zone;
      bestScore = score;
    }
  }
  return best ?? zones.find((z) => z.everywhereElse) ?? null;
}

/** A method checkout can offer this order, with what it costs. */
export interface ShippingOption {
  method: ZoneMethod;
  priceCents: number;
}

/** The methods of `zone` that can take `order`, in the zone's order, each with its price. */
export function shippingOptions(zone: ShippingZone, order: ShippingOrder): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const method of zone.methods) {
    const priceCents = shippingCharge(method, order);
    if (priceCents !== null) options.push({ method, priceCents });
  }
  return options;
}

/**
 * A zone's methods with their money converted: the prices by `price`, and the subtotal bands' bounds and
 * free-over thresholds by `amount` (another currency; a price may also gain its tax). Weight bands are
 * grams and stay.
 */
export function zoneInCurrency(
  zone: ShippingZone,
  price: (minor: number) => number,
  amount: (minor: number) => number,
): ShippingZone {
  const bands = (list: RateBand[], bounds: boolean) =>
    list.map((b) => ({
      from: bounds ? amount(b.from) : b.from,
      to: bounds && b.to !== null ? amount(b.to) : b.to,
      priceCents: price(b.priceCents),
    }));
  const rateIn = (rate: RateRule): RateRule =>
    rate.kind === 'flat'
      ? { kind: 'flat', priceCents: price(rate.priceCents) }
      : { kind: rate.kind, bands: bands(rate.bands, rate.kind === 'subtotal') };
  return {
    ...zone,
    methods: zone.methods.map((m) => ({
      ...m,
      rate: rateIn(m.rate),
      freeOverCents: m.freeOverCents === null ? null : amount(m.freeOverCents),
    })),
  };
}
