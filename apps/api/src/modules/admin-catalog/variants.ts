import type { VariantInput } from '@shop/contracts/admin-catalog';
import { type CurrencyUnit, toMinor } from '@shop/contracts/currency';
import { type OptionValues, type ProductOption, specLists } from '@shop/contracts/variants';
import type { Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import {
  deleteVariants,
  insertMovement,
  insertVariant,
  lockVariants,
  parkVariants,
  skusUsedElsewhere,
  updateVariant,
} from './repository.ts';
import { comboKey, type PlanFailure, planVariants, type StoredVariant, type VariantRequest } from './variant-plan.ts';

/** Why a product's variants could not be saved: the plan's reasons, or a SKU another product has. */
export type VariantFailure = PlanFailure | Failure<'sku_taken', { skus: string[] }>;

/** A grid row of the request as the plan reads it (prices in minor units of the base currency `base`). */
export function variantRequest(input: VariantInput, base: CurrencyUnit): VariantRequest {
  return {
    id: input.id,
    sku: input.sku,
    values: input.options,
    priceCents: input.price === null ? null : toMinor(input.price, base.digits),
    compareAtCents: input.compare_at_price === null ? null : toMinor(input.compare_at_price, base.digits),
    available: input.available,
    expectedAvailable: input.expected_available,
    image: input.image,
    barcode: input.barcode,
    weightGrams: input.weight_grams,
    taxClass: input.tax_class,
  };
}

/** The documented lists the product keeps beside its options (contracts `specLists`). */
export function specColumns(options: readonly ProductOption[]) {
  const { colors, sizes } = specLists(options);
  return { options: [...options], colors, availableSizes: sizes };
}

const storedOf = (
  v: Awaited<ReturnType<typeof lockVariants>>[number],
): StoredVariant & { position: number; values: OptionValues } => ({
  ...v,
  values: [v.option1, v.option2, v.option3],
});

/**
 * Writes a product's variants as planned (variant-plan.ts): removes the ones without a place, updates the
 * kept ones, inserts the new ones, and records every stock change as an `adjustment` movement of its
 * variant by `actorId`. The variants are locked first, so an order cannot take stock between the check and
 * the write. Answers the product's stock before and after.
 */
export async function saveVariants(
  tx: Tx,
  input: {
    productId: string;
    slug: string;
    oldOptions: readonly ProductOption[];
    options: readonly ProductOption[];
    rows?: readonly VariantRequest[];
    actorId: string;
    now: Date;
    note: string;
  },
): Promise<Result<{ before: number; after: number }, VariantFailure>> {
  const stored = (await lockVariants(tx, [input.productId])).map(storedOf);
  const plan = planVariants({
    slug: input.slug,
    oldOptions: input.oldOptions,
    options: input.options,
    stored,
    rows: input.rows,
  });
  if (!plan.ok) return plan;
  const { variants, removed } = plan.value;

  const taken = await skusUsedElsewhere(
    tx,
    input.productId,
    variants.map((v) => v.sku),
  );
  if (taken.length > 0) return fail('sku_taken', { skus: taken });

  await deleteVariants(
    tx,
    removed.map((r) => r.id),
  );
  const byId = new Map(stored.map((s) => [s.id, s]));
  const moving = variants.filter((v) => {
    const old = v.storedId === null ? undefined : byId.get(v.storedId);
    return old !== undefined && (old.sku !== v.sku || comboKey(old.values) !== comboKey(v.values));
  });
  await parkVariants(
    tx,
    moving.map((v) => v.storedId as string),
  );

  for (const v of variants) {
    const values = {
      sku: v.sku,
      option1: v.values[0],
      option2: v.values[1],
      option3: v.values[2],
      priceCents: v.priceCents,
      compareAtCents: v.compareAtCents,
      available: v.available,
      image: v.image,
      barcode: v.barcode,
      weightGrams: v.weightGrams,
      taxClass: v.taxClass,
      position: v.position,
    };
    const old = v.storedId === null ? undefined : byId.get(v.storedId);
    const variantId = old ? old.id : await insertVariant(tx, input.productId, values);
    if (old) await updateVariant(tx, old.id, values);
    const delta = v.available - (old?.available ?? 0);
    if (delta !== 0) {
      await insertMovement(tx, {
        productId: input.productId,
        variantId,
        delta,
        reason: 'adjustment',
        note: old ? input.note : 'Initial stock',
        actorId: input.actorId,
        createdAt: input.now,
      });
    }
  }
  const sum = (list: { available: number }[]) => list.reduce((n, v) => n + v.available, 0);
  return ok({ before: sum(stored), after: sum(variants) });
}
