import { type PayLaterSettings, payLaterTerm as termOf } from '@shop/contracts/pay-later';
import { plural } from '../../lib/plural.ts';

/** What checkout knows of the pay-later terms (store settings). */
export type { PayLaterSettings };

/**
 * How long the shopper has to pay a pay-later invoice, in words: the store's days, or — for a guest,
 * when shorter — the hours a guest's order holds its items before it is cancelled. The rule
 * is the API's own (contracts `payLaterTerm`); this only words it.
 */
export function payLaterTerm(settings: PayLaterSettings, guest: boolean): { term: string; cancelledUnpaid: boolean } {
  const { count, unit, cancelledUnpaid } = termOf(settings, guest);
  return { term: plural(count, unit, `${unit}s`), cancelledUnpaid };
}
