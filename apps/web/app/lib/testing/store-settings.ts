import type { CurrencyUnit } from '@shop/contracts/currency';
import type { StoreSettings } from '@shop/contracts/orders';

/** GET /api/checkout/settings of a shop whose base currency is `base`, for unit tests only. */
export function storeSettingsOf(base: CurrencyUnit): StoreSettings {
  return {
    store_name: 'Test shop',
    currency: base.code,
    currencies: { base, presentment: [] },
    tax_rate_percent: 0,
    pay_later_days: 14,
    guest_hold_hours: 72,
    payments: { card: 'demo', stripe_publishable_key: null, pay_later: false },
  };
}
