import { fromCents, toCents } from '@shop/contracts/money';
import type { StoreSettings } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { type ShippingMethodRow, storeSettings } from '../../db/schema.ts';
import { DEFAULT_STORE_SETTINGS } from '../../db/seed/settings.ts';
import type { Deps } from '../../services.ts';

/** The checkout settings as pricing uses them: cents and basis points. */
export interface Settings {
  storeName: string;
  currency: 'USD';
  taxRateBasisPoints: number;
  shippingMethods: ShippingMethodRow[];
  payLaterDays: number;
}

/**
 * How long one process trusts its copy. Admin changes call `invalidate()`; other processes behind a
 * load balancer see them within this time.
 */
const CACHE_MS = 5_000;

/** The single `store_settings` row (issue 4), cached briefly because every quote and order reads it. */
export function createSettingsService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  let cached: { value: Promise<Settings>; at: number } | undefined;

  async function load(): Promise<Settings> {
    let [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    if (!row) {
      // A database seeded before settings existed gets the defaults, once, race-free.
      await db.insert(storeSettings).values(DEFAULT_STORE_SETTINGS).onConflictDoNothing();
      [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    }
    if (!row) throw new Error('store settings missing');
    return {
      storeName: row.storeName,
      currency: 'USD',
      taxRateBasisPoints: row.taxRateBasisPoints,
      shippingMethods: row.shippingMethods,
      payLaterDays: row.payLaterDays,
    };
  }

  /** The current settings (at most CACHE_MS old in this process). */
  function get(): Promise<Settings> {
    // Cache age is plumbing, not a business rule: the real time, not deps.clock. Parallel callers
    // share one load; a failed load is not kept.
    if (cached && performance.now() - cached.at < CACHE_MS) return cached.value;
    const value = load();
    const entry = { value, at: performance.now() };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  }

  return {
    get,

    /** Forget the cached copy (after an admin change, or in tests that change the row). */
    invalidate() {
      cached = undefined;
    },

    /** Replaces the settings (admin Settings, issue 5) and drops the cache. */
    async save(next: StoreSettings): Promise<Settings> {
      await db
        .update(storeSettings)
        .set({
          storeName: next.store_name,
          taxRateBasisPoints: Math.round(next.tax_rate_percent * 100),
          shippingMethods: next.shipping.map((m) => ({
            id: m.id,
            name: m.name,
            description: m.description,
            priceCents: toCents(m.price),
            freeOverCents: m.free_over === null ? null : toCents(m.free_over),
          })),
          payLaterDays: next.pay_later_days,
          updatedAt: clock.now(),
        })
        .where(eq(storeSettings.id, 1));
      cached = undefined;
      return get();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/** The wire form of the settings (contracts `storeSettings`). */
export function settingsToWire(s: Settings): StoreSettings {
  return {
    store_name: s.storeName,
    currency: s.currency,
    tax_rate_percent: s.taxRateBasisPoints / 100,
    shipping: s.shippingMethods.map(shippingToWire),
    pay_later_days: s.payLaterDays,
  };
}

export function shippingToWire(m: ShippingMethodRow) {
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    price: fromCents(m.priceCents),
    free_over: m.freeOverCents === null ? null : fromCents(m.freeOverCents),
  };
}
