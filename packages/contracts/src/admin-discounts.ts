import { z } from 'zod';
import { amountField } from './admin-common.ts';
import { paged, pageQuery } from './common.ts';
import { hasAtMostDecimals, MAX_CURRENCY_DIGITS } from './currency.ts';
import { stopAt } from './text.ts';

// Admin discount codes. Wire names are snake_case, money decimal.

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]+$/;

export const discountCodeText = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(40, stopAt('Code must be at most 40 characters'))
  .transform((v) => v.toUpperCase())
  .refine((v) => DISCOUNT_CODE_PATTERN.test(v), 'Code may only contain letters A–Z, digits, - and _');

/** A timestamp as ISO 8601 text (a date-time input's value, with its zone), or null. */
const instant = (field: string) =>
  z
    .string({ error: `${field} must be a date and time` })
    .max(40, stopAt(`${field} must be a date and time`))
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be a date and time`)
    .nullable();

const discountFields = z.strictObject({
  code: discountCodeText,
  kind: z.enum(['percent', 'fixed'], { error: 'Kind must be percent or fixed' }),
  /** Percent (1–100) for `percent`, dollars for `fixed`. */
  value: z.number({ error: 'Value must be a number' }).positive('Value must be greater than 0'),
  min_subtotal: amountField('Minimum subtotal').default(0),
  starts_at: instant('Start').default(null),
  expires_at: instant('End').default(null),
  usage_limit: z
    .number({ error: 'Usage limit must be a whole number' })
    .int('Usage limit must be a whole number')
    .min(1, 'Usage limit must be at least 1')
    .nullable()
    .default(null),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});

function checkDiscount(
  v: Partial<z.infer<typeof discountFields>>,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  if (v.kind === 'percent' && v.value !== undefined && (!Number.isInteger(v.value) || v.value > 100)) {
    ctx.addIssue({ code: 'custom', message: 'A percentage must be a whole number from 1 to 100', path: ['value'] });
  }
  // The base currency's own digits are the server's check (docs/adr/050-currencies.md).
  if (v.kind === 'fixed' && v.value !== undefined && !hasAtMostDecimals(v.value, MAX_CURRENCY_DIGITS)) {
    ctx.addIssue({
      code: 'custom',
      message: `An amount must have at most ${MAX_CURRENCY_DIGITS} decimal places`,
      path: ['value'],
    });
  }
  if (v.starts_at && v.expires_at && Date.parse(v.expires_at) <= Date.parse(v.starts_at)) {
    ctx.addIssue({ code: 'custom', message: 'The end must be after the start', path: ['expires_at'] });
  }
}

export const discountCreateBody = discountFields.superRefine(checkDiscount);
export type DiscountCreateBody = z.infer<typeof discountCreateBody>;

/** PATCH: any subset; the service checks the merged result (kind and value together, dates). */
export const discountUpdateBody = z
  .strictObject({
    code: discountCodeText.optional(),
    kind: z.enum(['percent', 'fixed'], { error: 'Kind must be percent or fixed' }).optional(),
    value: z.number({ error: 'Value must be a number' }).positive('Value must be greater than 0').optional(),
    min_subtotal: amountField('Minimum subtotal').optional(),
    starts_at: instant('Start').optional(),
    expires_at: instant('End').optional(),
    usage_limit: z
      .number({ error: 'Usage limit must be a whole number' })
      .int('Usage limit must be a whole number')
      .min(1, 'Usage limit must be at least 1')
      .nullable()
      .optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .superRefine(checkDiscount);
export type DiscountUpdateBody = z.infer<typeof discountUpdateBody>;

export const adminDiscount = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  min_subtotal: z.number(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;

export const discountListQuery = pageQuery.extend({
  q: z.string().trim().max(40, 'q must be at most 40 characters').optional(),
});
export const adminDiscountList = paged(adminDiscount);
export type AdminDiscountList = z.infer<typeof adminDiscountList>;

export const discountDeleteAnswer = z.object({ message: z.string() });

export const DISCOUNT_ADMIN_MSG = {
  duplicate: (code: string) => `A discount code ${code} already exists`,
  used: (n: number) =>
    `This code has been used ${n} time${n === 1 ? '' : 's'} and cannot be deleted; deactivate it instead`,
  limitBelowUsed: (n: number) => `Usage limit must be at least the ${n} uses so far`,
  notFound: 'Discount code not found',
  deleted: 'Discount code deleted',
} as const;
