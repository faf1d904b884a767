/** The store settings a pay-later order's term is made of. */
export interface PayLaterSettings {
  /** The store's invoice terms, in days. */
  payLaterDays: number;
  /** How long a guest's order holds its items unpaid, in hours. */
  guestHoldHours: number;
}

/**
 * How long a pay-later order has to be paid (docs/adr/003-checkout-prices-and-payments.md). A
 * signed-in customer gets the store's invoice days. A guest's order holds its items only for the
 * store's guest hold and is cancelled unpaid after it, so a guest's invoice falls due at the end of
 * the hold or of the invoice days, whichever comes first. `hours` is the term's length; `count` and
 * `unit` say it as the shopper is told it (the hold's hours when it is the shorter, else the days).
 * The API dates the invoice with it; the checkout page words it.
 */
export function payLaterTerm(
  settings: PayLaterSettings,
  guest: boolean,
): { hours: number; count: number; unit: 'hour' | 'day'; cancelledUnpaid: boolean } {
  const dayHours = settings.payLaterDays * 24;
  if (guest && settings.guestHoldHours < dayHours) {
    return { hours: settings.guestHoldHours, count: settings.guestHoldHours, unit: 'hour', cancelledUnpaid: true };
  }
  return { hours: dayHours, count: settings.payLaterDays, unit: 'day', cancelledUnpaid: guest };
}
