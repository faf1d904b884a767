import { type CurrencyUnit, hasAtMostDecimals, tooManyDecimals } from '@shop/contracts/currency';
import { type Failure, fail } from './result.ts';

/** A decimal amount of a body and the field that carries it (`variants.2.price`). */
export interface AmountField {
  path: string;
  amount: number | null | undefined;
}

/** An amount with more decimals than the base currency has, on its field. */
export type AmountFailure = Failure<'invalid_amount', { path: string; message: string }>;

/**
 * The first amount that is no whole number of the base currency's minor units (docs/adr/050-currencies.md):
 * the contracts let up to four decimals through, the base decides. Undefined when every one fits.
 */
export function amountProblem(
  fields: readonly AmountField[],
  base: CurrencyUnit,
  noun = 'Amounts',
): AmountFailure | undefined {
  const wrong = fields.find((f) => typeof f.amount === 'number' && !hasAtMostDecimals(f.amount, base.digits));
  return wrong ? fail('invalid_amount', { path: wrong.path, message: tooManyDecimals(base, noun) }) : undefined;
}
