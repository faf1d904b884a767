import type { Db, Tx } from '../client.ts';
import { discountCodes, type ShippingMethodRow, storeSettings } from '../schema.ts';

/**
 * The checkout settings every shop starts with (issue 4), edited later in admin Settings: 8 % tax,
 * standard shipping $5.99 (free from $50 after discount), express $14.99 (never free), pay-later
 * invoices due in 14 days.
 */
export const DEFAULT_SHIPPING: ShippingMethodRow[] = [
  {
    id: 'standard',
    name: 'Standard shipping',
    description: '5–7 business days',
    priceCents: 599,
    freeOverCents: 5000,
  },
  { id: 'express', name: 'Express shipping', description: '1–2 business days', priceCents: 1499, freeOverCents: null },
];

export const DEFAULT_STORE_SETTINGS = {
  id: 1,
  storeName: 'Shop',
  currency: 'USD',
  taxRateBasisPoints: 800,
  shippingMethods: DEFAULT_SHIPPING,
  payLaterDays: 14,
} satisfies typeof storeSettings.$inferInsert;

/** Demo codes, only with SEED=demo: a percentage and a fixed amount with a minimum subtotal. */
const DEMO_DISCOUNTS: (typeof discountCodes.$inferInsert)[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10 },
  { code: 'SAVE5', kind: 'fixed', value: 500, minSubtotalCents: 2500 },
];

/** Writes the settings row unless it exists (settings belong to every shop); demo codes with `demo`. */
export async function seedSettings(ex: Db | Tx, mode: 'demo' | 'none'): Promise<void> {
  await ex.insert(storeSettings).values(DEFAULT_STORE_SETTINGS).onConflictDoNothing();
  if (mode === 'demo') await ex.insert(discountCodes).values(DEMO_DISCOUNTS).onConflictDoNothing();
}
