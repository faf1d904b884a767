import type { AdminProduct, VariantInputFields } from '@shop/contracts/admin-catalog';
import { combinations, type ProductOption, sameValue } from '@shop/contracts/variants';

/**
 * The product editor's variants grid as plain rules: rows as the inputs hold them (texts), made
 * from a product, regenerated from the options, and turned into the API's variant rows.
 */

/** One row of the grid: the inputs' texts; `id` and `loaded` (the stock it was loaded with) for stored variants. */
export interface GridRow {
  id?: string;
  options: string[];
  sku: string;
  price: string;
  compare_at_price: string;
  available: string;
  loaded?: number;
  image: string;
  barcode: string;
  weight_grams: string;
}

/** The editor's options: a name and its values. */
export type OptionDraft = ProductOption;

const text = (n: number | null) => (n === null ? '' : String(n));

/** The grid of a stored product, its prices written with the base currency's `digits`. */
export function rowsOf(product: AdminProduct, digits = 2): GridRow[] {
  return product.variants.map((v) => ({
    id: v.id,
    options: v.options,
    sku: v.sku,
    price: v.price === null ? '' : v.price.toFixed(digits),
    compare_at_price: v.compare_at_price === null ? '' : v.compare_at_price.toFixed(digits),
    available: String(v.available),
    loaded: v.available,
    image: v.image ?? '',
    barcode: v.barcode ?? '',
    weight_grams: text(v.weight_grams),
  }));
}

export const emptyRow = (options: string[]): GridRow => ({
  options,
  sku: '',
  price: '',
  compare_at_price: '',
  available: '0',
  image: '',
  barcode: '',
  weight_grams: '',
});

const sameCombination = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => sameValue(v, b[i]));

/**
 * "Generate variants": one row per combination of the options, in order. A row already in the grid keeps
 * its place (and its id, SKU, stock…) when its values still make a combination; an option added since
 * gives it its first value — as the API carries stored variants over.
 */
export function generateRows(
  options: readonly OptionDraft[],
  rows: readonly GridRow[],
  previous: readonly OptionDraft[],
): GridRow[] {
  const carried = rows.map((row) => ({
    row,
    values: options.map((option) => {
      const old = previous.findIndex((o) => sameValue(o.name, option.name));
      return old < 0 ? option.values[0] : option.values.find((v) => sameValue(v, row.options[old]));
    }),
  }));
  const used = new Set<GridRow>();
  return combinations(options).map((combo) => {
    const values = combo.filter((v): v is string => v !== null);
    const match = carried.find(
      (c) =>
        !used.has(c.row) && c.values.every((v) => v !== undefined) && sameCombination(c.values as string[], values),
    );
    if (!match) return emptyRow(values);
    used.add(match.row);
    return { ...match.row, options: values };
  });
}

/** A number typed in a field, null when blank; NaN stays NaN so the schema names the field. */
const numberOrNull = (t: string) => (t.trim() === '' ? null : Number(t));

/** A grid row as the API takes it; a stored row sends the stock it loaded, so a sale in between is not overwritten. */
export function variantPayload(row: GridRow): VariantInputFields {
  return {
    ...(row.id ? { id: row.id } : {}),
    ...(row.sku.trim() ? { sku: row.sku.trim() } : {}),
    options: row.options,
    price: numberOrNull(row.price),
    compare_at_price: numberOrNull(row.compare_at_price),
    available: row.available.trim() === '' ? 0 : Number(row.available),
    ...(row.loaded === undefined ? {} : { expected_available: row.loaded }),
    image: row.image || null,
    barcode: row.barcode.trim() || null,
    weight_grams: numberOrNull(row.weight_grams),
  };
}
