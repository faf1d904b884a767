/** What checkout knows of the pay-later terms (store settings). */
import { plural } from '../../lib/plural.ts';
export interface PayLaterSettings {
  payLaterDays: number;
  guestHoldHours: number;
}

/**
 * How long the shopper has to pay a pay-later invoice, in words: the store's days, or — for a guest,
 * when shorter — the hours a guest's order holds its items before it is cancelled.
 */
export function payLaterTerm(settings: PayLaterSettings, guest: boolean): { term: string; cancelledUnpaid: boolean } {
  if (guest && settings.guestHoldHours < settings.payLaterDays * 24) {
    return { term: count(settings.guestHoldHours, 'hour'), cancelledUnpaid: true };
  }
  return { term: count(settings.payLaterDays, 'day'), cancelledUnpaid: guest };
}

const count = (n: number, unit: string) => plural(n, unit, `${unit}s`);
