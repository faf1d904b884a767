import { wallTimeIn, zonedTime } from '@shop/contracts/admin-common';
import { type AdminDiscount, discountCreateBody } from '@shop/contracts/admin-discounts';
import { formatAmount } from '@shop/contracts/money';
import { z } from 'zod';
import { adminTimeZone } from '../admin/index.ts';

/** ISO instant ↔ the value of a datetime-local input, on the store's clock. */
const toLocalInput = (iso: string | null) => (iso ? wallTimeIn(new Date(iso), adminTimeZone()) : '');
const fromLocalInput = (value: string) => (value ? zonedTime(value, adminTimeZone()).toISOString() : null);

export const discountValue = (d: Pick<AdminDiscount, 'kind' | 'value'>) =>
  d.kind === 'percent' ? `${d.value} %` : formatAmount(d.value);

/** The dialog's fields as typed (text inputs). */
export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  min_subtotal: string;
  starts_at: string;
  expires_at: string;
  usage_limit: string;
  active: boolean;
}

export function discountFormValues(discount: AdminDiscount | null): DiscountFormValues {
  return {
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value: discount ? String(discount.value) : '',
    min_subtotal: discount ? String(discount.min_subtotal) : '0',
    starts_at: toLocalInput(discount?.starts_at ?? null),
    expires_at: toLocalInput(discount?.expires_at ?? null),
    usage_limit: discount?.usage_limit == null ? '' : String(discount.usage_limit),
    active: discount?.active ?? true,
  };
}

/** The body sent for the dialog's fields (POST and PATCH alike). */
export function discountBody(form: DiscountFormValues) {
  return {
    code: form.code,
    kind: form.kind,
    value: Number(form.value),
    min_subtotal: form.min_subtotal === '' ? 0 : Number(form.min_subtotal),
    starts_at: fromLocalInput(form.starts_at),
    expires_at: fromLocalInput(form.expires_at),
    usage_limit: form.usage_limit === '' ? null : Number(form.usage_limit),
    active: form.active,
  };
}
export type DiscountBody = ReturnType<typeof discountBody>;

/** The dialog checked with the API's own schema (contracts `discountCreateBody`) before it is sent. */
export const discountForm = z
  .custom<DiscountFormValues>()
  .transform((v): z.input<typeof discountCreateBody> => discountBody(v))
  .pipe(discountCreateBody);
