import {
  combinations,
  defaultSku,
  MAX_VARIANTS,
  type OptionValues,
  optionIndex,
  type ProductOption,
  sameValue,
} from '@shop/contracts/variants';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';

/**
 * How a product's variants follow its options — a rule with no I/O, so it can be tested as
 * one. The service reads the stored variants under lock, asks for a plan, and writes it.
 *
 * - Generated (no grid sent): every combination of the options. A stored variant carries over to the
 *   combination that has its values for the options that remain (matched by name); an option that is new
 *   takes its first value. Everything else about the variant (id, SKU, stock, price) stays.
 * - From the grid: the rows name their values; a row with an `id` is that stored variant (so a value can be
 *   renamed in place), a row without one is the stored variant that carries over to its values, if any.
 * - A stored variant that finds no place is removed — unless it has stock or sales: then the whole change
 *   is refused (`variant_in_use`, naming its SKU), so stock and sales history never vanish silently.
 * - Stock is optimistic: a changed figure must come with the figure the editor loaded
 *   (`expectedAvailable`); if an order took stock in between, the change is refused (`stock_changed`).
 *   A figure sent unchanged from what was loaded leaves the stored stock alone.
 */

export interface StoredVariant {
  id: string;
  sku: string;
  values: OptionValues;
  priceCents: number | null;
  compareAtCents: number | null;
  available: number;
  soldCount: number;
  image: string | null;
  barcode: string | null;
  weightGrams: number | null;
  /** null: the product's tax class. */
  taxClass: string | null;
}

/** A row of the grid as the request gives it. */
export interface VariantRequest {
  id?: string;
  sku?: string;
  values: string[];
  priceCents: number | null;
  compareAtCents: number | null;
  available?: number;
  expectedAvailable?: number;
  image: string | null;
  barcode: string | null;
  weightGrams: number | null;
  /** undefined: the stored variant's (the product's for a new one). */
  taxClass?: string | null;
}

export interface PlannedVariant {
  /** The stored variant this row is, or null for a new one. */
  storedId: string | null;
  sku: string;
  values: OptionValues;
  priceCents: number | null;
  compareAtCents: number | null;
  /** The stock it ends with. */
  available: number;
  image: string | null;
  barcode: string | null;
  weightGrams: number | null;
  taxClass: string | null;
  position: number;
}

export interface VariantPlan {
  variants: PlannedVariant[];
  removed: StoredVariant[];
}

export type PlanFailure =
  | Failure<'too_many_variants', { count: number }>
  | Failure<'option_count_mismatch', { row: number; expected: number }>
  | Failure<'unknown_option_value', { row: number; option: string; value: string }>
  | Failure<'duplicate_combination', { values: string[] }>
  | Failure<'duplicate_sku', { skus: string[] }>
  | Failure<'unknown_variant', { id: string }>
  | Failure<'variant_in_use', { skus: string[] }>
  | Failure<'stock_unchecked', { sku: string; available: number }>
  | Failure<'stock_changed', { sku: string; expected: number; available: number }>;

/** A combination as a map key: case and surrounding spaces do not make values differ. */
export const comboKey = (values: readonly (string | null)[]) =>
  values.map((v) => (v === null ? '\u0000' : v.trim().toLowerCase())).join('\u0001');

/** How many variants the options make: the product of their value counts (1 without options). */
export const combinationCount = (options: readonly ProductOption[]) => options.reduce((n, o) => n * o.values.length, 1);

/**
 * Where a stored variant lands under new options: its values for the options kept (by name), the first
 * value of an option that is new; undefined when one of its values is gone.
 */
export function carriedValues(
  values: OptionValues,
  oldOptions: readonly ProductOption[],
  newOptions: readonly ProductOption[],
): OptionValues | undefined {
  const out: OptionValues = [null, null, null];
  for (const [j, option] of newOptions.entries()) {
    const old = oldOptions.findIndex((o) => sameValue(o.name, option.name));
    const value = old < 0 ? option.values[0] : option.values.find((v) => sameValue(v, values[old]));
    if (value === undefined || (old >= 0 && values[old] === null)) return undefined;
    out[j] = value;
  }
  return out;
}

/** Each combination's stored variant under the new options; the first (by position) wins a combination. */
export function carryOver(
  stored: readonly StoredVariant[],
  oldOptions: readonly ProductOption[],
  newOptions: readonly ProductOption[],
): Map<string, StoredVariant> {
  const placed = new Map<string, StoredVariant>();
  for (const variant of stored) {
    const values = carriedValues(variant.values, oldOptions, newOptions);
    if (values === undefined) continue;
    const key = comboKey(values);
    if (!placed.has(key)) placed.set(key, variant);
  }
  return placed;
}

/** The rows' values in the options' own spelling, checked against them. */
function canonicalValues(
  rows: readonly VariantRequest[],
  options: readonly ProductOption[],
): Result<OptionValues[], PlanFailure> {
  const out: OptionValues[] = [];
  for (const [row, request] of rows.entries()) {
    if (request.values.length !== options.length) {
      return fail('option_count_mismatch', { row, expected: options.length });
    }
    const values: OptionValues = [null, null, null];
    for (const [j, option] of options.entries()) {
      const value = option.values.find((v) => sameValue(v, request.values[j]));
      if (value === undefined)
        return fail('unknown_option_value', { row, option: option.name, value: request.values[j]! });
      values[j] = value;
    }
    out.push(values);
  }
  const seen = new Set<string>();
  for (const values of out) {
    const key = comboKey(values);
    if (seen.has(key)) return fail('duplicate_combination', { values: values.filter((v) => v !== null) });
    seen.add(key);
  }
  return ok(out);
}

/** The stock a row ends with, by the optimistic rule (see the module comment). */
function stockOf(request: VariantRequest, stored: StoredVariant | undefined, sku: string): Result<number, PlanFailure> {
  const wanted = request.available;
  if (!stored) return ok(wanted ?? 0);
  if (wanted === undefined || wanted === stored.available) return ok(stored.available);
  if (request.expectedAvailable === undefined) return fail('stock_unchecked', { sku, available: stored.available });
  // Sent as loaded: the editor did not touch it, whatever happened to it since.
  if (wanted === request.expectedAvailable) return ok(stored.available);
  if (request.expectedAvailable !== stored.available) {
    return fail('stock_changed', { sku, expected: request.expectedAvailable, available: stored.available });
  }
  return ok(wanted);
}

/** The rows to generate when no grid is sent: every combination, stored variants carried over. */
export function generatedRows(
  options: readonly ProductOption[],
  carried: Map<string, StoredVariant>,
): Result<VariantRequest[], PlanFailure> {
  const count = combinationCount(options);
  if (count > MAX_VARIANTS) return fail('too_many_variants', { count });
  return ok(
    combinations(options).map((values) => {
      const stored = carried.get(comboKey(values));
      return {
        id: stored?.id,
        values: values.filter((v): v is string => v !== null),
        priceCents: stored?.priceCents ?? null,
        compareAtCents: stored?.compareAtCents ?? null,
        image: stored?.image ?? null,
        barcode: stored?.barcode ?? null,
        weightGrams: stored?.weightGrams ?? null,
        taxClass: stored?.taxClass ?? null,
      };
    }),
  );
}

/**
 * The variants a product ends with and the stored ones removed. `rows` is the grid (undefined: generate
 * every combination); `slug` makes the SKUs of new variants that were given none.
 */
export function planVariants(input: {
  slug: string;
  oldOptions: readonly ProductOption[];
  options: readonly ProductOption[];
  stored: readonly StoredVariant[];
  rows?: readonly VariantRequest[];
}): Result<VariantPlan, PlanFailure> {
  const { slug, options, stored } = input;
  const carried = carryOver(stored, input.oldOptions, options);
  let rows = input.rows;
  if (rows === undefined) {
    const generated = generatedRows(options, carried);
    if (!generated.ok) return generated;
    rows = generated.value;
  }
  const values = canonicalValues(rows, options);
  if (!values.ok) return values;

  const byId = new Map(stored.map((s) => [s.id, s]));
  const claimed = new Set<string>();
  for (const row of rows) {
    if (row.id === undefined) continue;
    if (!byId.has(row.id) || claimed.has(row.id)) return fail('unknown_variant', { id: row.id });
    claimed.add(row.id);
  }

  const variants: PlannedVariant[] = [];
  for (const [position, row] of rows.entries()) {
    const combo = values.value[position]!;
    let match = row.id === undefined ? undefined : byId.get(row.id);
    if (!match) {
      const candidate = carried.get(comboKey(combo));
      if (candidate && !claimed.has(candidate.id)) match = candidate;
    }
    if (match) claimed.add(match.id);
    const sku = row.sku ?? match?.sku ?? defaultSku(slug, combo);
    const available = stockOf(row, match, sku);
    if (!available.ok) return available;
    variants.push({
      storedId: match?.id ?? null,
      sku,
      values: combo,
      priceCents: row.priceCents,
      compareAtCents: row.compareAtCents,
      available: available.value,
      image: row.image,
      barcode: row.barcode,
      weightGrams: row.weightGrams,
      taxClass: row.taxClass === undefined ? (match?.taxClass ?? null) : row.taxClass,
      position,
    });
  }

  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { sku } of variants) (seen.has(sku) ? repeated : seen).add(sku);
  if (repeated.size > 0) return fail('duplicate_sku', { skus: [...repeated] });

  const removed = stored.filter((s) => !claimed.has(s.id));
  const inUse = removed.filter((s) => s.available > 0 || s.soldCount > 0);
  if (inUse.length > 0) return fail('variant_in_use', { skus: inUse.map((s) => s.sku) });
  return ok({ variants, removed });
}

/**
 * Options after the documented lists changed (a PATCH with `colors` / `available_sizes`, as before variants):
 * the Color and Size options take the lists' values, are added at the end when new, dropped when emptied.
 */
export function optionsWithLists(
  options: readonly ProductOption[],
  colors: readonly string[] | undefined,
  sizes: readonly string[] | undefined,
): ProductOption[] {
  let out = options.map((o) => ({ name: o.name, values: [...o.values] }));
  for (const [kind, list] of [
    ['color', colors],
    ['size', sizes],
  ] as const) {
    if (list === undefined) continue;
    const at = optionIndex(out, kind);
    if (list.length === 0) out = out.filter((_, i) => i !== at);
    else if (at >= 0) out[at] = { name: out[at]!.name, values: [...list] };
    else out.push({ name: kind === 'color' ? 'Color' : 'Size', values: [...list] });
  }
  return out;
}

/**
 * A stock adjustment of a whole product (the API's form from before variants; the admin pages always name
 * the variant): stock added goes to the first variant, stock removed is taken from the variants in order.
 * Undefined when the variants together do not have enough.
 */
export function spreadAdjustment(
  variants: readonly { id: string; available: number }[],
  delta: number,
): { id: string; delta: number }[] | undefined {
  const [first] = variants;
  if (!first) return undefined;
  if (delta > 0) return [{ id: first.id, delta }];
  let missing = -delta;
  const out: { id: string; delta: number }[] = [];
  for (const v of variants) {
    if (missing === 0) break;
    const take = Math.min(v.available, missing);
    if (take > 0) out.push({ id: v.id, delta: -take });
    missing -= take;
  }
  return missing === 0 ? out : undefined;
}
