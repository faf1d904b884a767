import { z } from 'zod';
import { isoDay } from './admin-common.ts';
import { paged, pageQuery } from './common.ts';
import { hasAtMostDecimals } from './currency.ts';
import { ORDER_STATUSES, order, orderStatus } from './orders.ts';
import { stopAt } from './text.ts';

/**
 * The admin area's orders, pay-later invoices and money ledger. Money is decimal on the
 * wire (docs/architecture.md §6), in the currency the answer names beside it: an order's amounts in
 * the order's currency, totals over many orders in the shop's base currency (docs/adr/050-currencies.md).
 */

/** A currency and its minor-unit digits (JPY 0, USD 2, KWD 3): how the amounts beside it are written. */
export const amountCurrency = z.object({ code: z.string(), digits: z.number().int() });

export const PAYMENT_METHODS = ['card', 'pay_later'] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'method must be card or pay_later' });

/** `?status=paid,shipped` or `?status=paid&status=shipped`: one or several statuses. */
const statusList = z.preprocess(
  (v) =>
    v === undefined || v === ''
      ? undefined
      : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter((s) => s !== ''),
  z
    .array(z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` }))
    .max(ORDER_STATUSES.length)
    .optional(),
);

const search = z.string().trim().max(200, 'q must be at most 200 characters').optional();

/** Page, `from`/`to` days (as `dateRangeQuery`) and the list's own filters, as one flat object. */
const inOrder = (r: { from?: string; to?: string }) => !r.from || !r.to || r.from <= r.to;

function listQuery<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...pageQuery.shape, from: isoDay('from').optional(), to: isoDay('to').optional(), ...shape })
    .refine((r) => inOrder(r as { from?: string; to?: string }), {
      message: 'from must not be after to',
      path: ['to'],
    });
}

/**
 * Card attempts whose money never arrived (declined, abandoned, waiting for the shopper) are
 * left out of the list unless `include` (with the orders) or `only` (nothing else) is asked for.
 */
export const ATTEMPT_FILTERS = ['include', 'only'] as const;

export const adminOrdersQuery = listQuery({
  status: statusList,
  method: paymentMethod.optional(),
  q: search,
  attempts: z.enum(ATTEMPT_FILTERS, { error: 'attempts must be include or only' }).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatus,
  email: z.string(),
  customer_name: z.string().nullable(),
  total: z.number(),
  currency: amountCurrency,
  item_count: z.number().int(),
  payment_method: paymentMethod,
  payment_status: z.string(),
  created_at: z.string(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;
export const adminOrderList = paged(adminOrderSummary).extend({
  /** How many unpaid card attempts match the other filters (shown or not). */
  unpaid_attempts: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderList>;

export const TRANSACTION_KINDS = ['charge', 'refund'] as const;

export const ledgerRow = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  method: paymentMethod,
  amount: z.number(),
  /** The order's currency. */
  currency: amountCurrency,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

/** What staff may do with the order now; the API refuses anything else with 409. */
export const orderActions = z.object({
  process: z.boolean(),
  ship: z.boolean(),
  deliver: z.boolean(),
  cancel: z.boolean(),
  refund: z.boolean(),
  mark_paid: z.boolean(),
});

export const adminOrderDetail = order.extend({
  customer: z
    .object({ id: z.string(), name: z.string(), email: z.string() })
    .nullable()
    .describe('null for a guest order'),
  payment_detail: z.object({
    id: z.string(),
    amount: z.number(),
    refunded: z.number(),
    refundable: z.number(),
    provider: z.string().nullable(),
    reference: z.string().nullable(),
    failure_message: z.string().nullable(),
  }),
  invoice_id: z.string().nullable(),
  transactions: z.array(ledgerRow),
  actions: orderActions,
  updated_at: z.string(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

/** Tracking numbers as carriers print them: letters, digits, spaces and - / . */
export const TRACKING_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/**
 * The statuses staff set with the status action: the targets of the lifecycle's process, ship and deliver
 * moves (order-lifecycle.test.ts holds the two equal), written out for the request's enum.
 */
export const ORDER_TRANSITIONS = ['processing', 'shipped', 'delivered'] as const;
export const orderTransitionBody = z
  .strictObject({
    status: z.enum(ORDER_TRANSITIONS, { error: 'status must be one of: processing, shipped, delivered' }),
    tracking_number: z
      .string({ error: 'The tracking number must be text' })
      .trim()
      .min(4, 'The tracking number must be at least 4 characters')
      .max(64, stopAt('The tracking number must be at most 64 characters'))
      .regex(TRACKING_PATTERN, 'The tracking number may only contain letters, digits, spaces and - / .')
      .optional(),
  })
  .refine((b) => b.status !== 'shipped' || b.tracking_number !== undefined, {
    message: 'A tracking number is required to mark an order shipped',
    path: ['tracking_number'],
  });
export type OrderTransitionBody = z.infer<typeof orderTransitionBody>;

const reasonText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(500, `The ${field} must be at most 500 characters`);

export const cancelOrderBody = z.strictObject({ reason: reasonText('reason').optional() });
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;

/**
 * A decimal amount more than 0, in the order's currency: with at most as many decimals as it has
 * (the API checks the order's own; four is the most any ISO 4217 currency has).
 */
export const refundAmount = z
  .number({ error: 'amount must be a number' })
  .positive('The refund amount must be more than 0')
  .max(10_000_000, 'The refund amount is too large')
  .refine((amount) => hasAtMostDecimals(amount, 4), 'The amount may have at most four decimals');

export const refundOrderBody = z.strictObject({
  amount: refundAmount.optional().describe('Default: everything not yet refunded'),
  reason: reasonText('reason').min(1, 'Give a reason for the refund'),
});
export type RefundOrderBody = z.infer<typeof refundOrderBody>;

// Pay later ------------------------------------------------------------------------------------------

export const PAY_LATER_FILTERS = ['outstanding', 'overdue', 'paid', 'all'] as const;
export const payLaterQuery = z.object({
  ...pageQuery.shape,
  filter: z
    .enum(PAY_LATER_FILTERS, { error: 'filter must be one of: outstanding, overdue, paid, all' })
    .default('outstanding'),
  q: search,
});
export type PayLaterQuery = z.infer<typeof payLaterQuery>;

export const payLaterInvoice = z.object({
  id: z.string(),
  number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  order_status: orderStatus,
  customer_name: z.string().nullable(),
  email: z.string(),
  amount: z.number(),
  currency: amountCurrency,
  issued_at: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  status: z.enum(['open', 'overdue', 'paid', 'void']),
  last_reminder_at: z.string().nullable(),
});
export type PayLaterInvoice = z.infer<typeof payLaterInvoice>;

export const payLaterList = paged(payLaterInvoice).extend({
  totals: z.object({
    outstanding: z.number(),
    outstanding_count: z.number().int(),
    overdue: z.number(),
    overdue_count: z.number().int(),
    /** The shop's base currency: each invoice counted at its order's rate. */
    currency: amountCurrency,
  }),
});
export type PayLaterList = z.infer<typeof payLaterList>;

export const invoiceIdParam = z.object({ invoiceId: z.uuid('invoiceId must be a UUID') });

// Transactions ----------------------------------------------------------------------------------------

export const transactionsQuery = listQuery({
  kind: z.enum(TRANSACTION_KINDS, { error: 'kind must be charge or refund' }).optional(),
  method: paymentMethod.optional(),
  q: search,
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const transactionList = paged(ledgerRow).extend({
  totals: z.object({
    charges: z.number(),
    refunds: z.number(),
    net: z.number(),
    count: z.number().int(),
    /** The shop's base currency: each row counted at its order's rate. */
    currency: amountCurrency,
  }),
});
export type TransactionList = z.infer<typeof transactionList>;

export const TRANSACTIONS_CSV_HEADER = [
  'date',
  'order_number',
  'kind',
  'method',
  'amount',
  'currency',
  'reference',
  'note',
] as const;
