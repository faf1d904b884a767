import { formatBase, useBaseCurrency } from '../base-currency.ts';

/** A decimal amount of the base currency as people read it (a table cell, a figure): `$1,234.50`, `¥2,999`. */
export function Amount({ value }: { value: number }) {
  return <>{formatBase(value, useBaseCurrency())}</>;
}
