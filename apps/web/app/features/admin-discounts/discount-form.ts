import { wallTimeIn, zonedTime } from '@shop/contracts/admin-common';
import { type AdminDiscount, discountCreateBody } from '@shop/contracts/admin-discounts';
import type { CurrencyUnit } from '@shop/contracts/currency';
import { z } from 'zod';
import { adminTimeZone, amountText, decimalsMessage, fitsBase, formatBase } from '../admin/index.ts';

/** ISO instant ↔ the value of a datetime-local input, on the store's clock. */
const toLocalInput = (iso: string | null) => (iso ? wallTimeIn(new Date(iso), adminTimeZone()) : '');
const fromLocalInput = (value: string) => (value ? zonedTime(value, adminTimeZone()).toISOString() : null);

/** What a code takes off: `10 %`, or an amount of the base currency. */
export const discountValue = (d: Pick<AdminDiscount, 'kind' | 'value'>, base: CurrencyUnit) =>
  d.kind === 'percent' ? `${d.value} %` : formatBase(d.value, base);

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

/** A stored code's fields as the dialog shows them, amounts with the base currency's digits. */
export function discountFormValues(discount: AdminDiscount | null, base: CurrencyUnit): DiscountFormValues {
  return {
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value: !discount ? '' : discount.kind === 'fixed' ? amountText(discount.value, base) : String(discount.value),
    min_subtotal: discount ? amountText(discount.min_subtotal, base) : '0',
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

/** A fixed amount and the minimum subtotal: whole numbers of the base's smallest unit. */
function checkAmountDigits(base: CurrencyUnit) {
  return (body: { kind: string; value: number; min_subtotal: number }, ctx: z.RefinementCtx) => {
    if (body.kind === 'fixed' && !fitsBase(body.value, base)) {
      ctx.addIssue({ code: 'custom', message: decimalsMessage('The amount', base), path: ['value'] });
    }
    if (!fitsBase(body.min_subtotal, base)) {
      ctx.addIssue({ code: 'custom', message: decimalsMessage('Minimum subtotal', base), path: ['min_subtotal'] });
    }
  };
}

/**
 * The dialog checked with the API's own schema (contracts `discountCreateBody`) and its amounts with the
 * base currency's digits before it is sent.
 */
export const discountForm = (base: CurrencyUnit) =>
  z
    .custom<DiscountFormValues>()
    .transform((v): z.input<typeof discountCreateBody> => discountBody(v))
    .pipe(discountCreateBody.superRefine(checkAmountDigits(base)));
