import {
  adminOrderDetail,
  adminOrderList,
  adminOrdersQuery,
  cancelOrderBody,
  invoiceIdParam,
  type OrderTransitionBody,
  orderTransitionBody,
  payLaterInvoice,
  payLaterList,
  payLaterQuery,
  refundOrderBody,
  TRANSACTIONS_CSV_HEADER,
  transactionList,
  transactionsQuery,
} from '@shop/contracts/admin-orders';
import { uuidParam } from '@shop/contracts/common';
import { formatMinor, fromMinor } from '@shop/contracts/currency';
import { errorBody } from '@shop/contracts/errors';
import type { OrderStatus } from '@shop/contracts/orders';
import { z } from 'zod';
import { conflict, type HttpTable, invalidFields, notFound, orThrow, unprocessable } from '../../errors.ts';
import { csvHeaders, toCsv } from '../../lib/csv.ts';
import { ORDER_MSG } from '../orders/index.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminOrdersFailure } from './service.ts';

const TRANSITION_LABEL: Record<OrderTransitionBody['status'], string> = {
  processing: 'processing',
  shipped: 'shipped',
  delivered: 'delivered',
};

const STATUS_LABEL: Record<OrderStatus, string> = {
  awaiting_payment: 'awaiting payment',
  placed: 'placed (pay later)',
  paid: 'paid',
  processing: 'processing',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/** Staff actions' expected failures, as HTTP answers: a 409 names the order's or invoice's state. */
const http: HttpTable<AdminOrdersFailure> = {
  order_not_found: () => notFound('Order not found'),
  invoice_not_found: () => notFound('Invoice not found'),
  wrong_status: ({ number, status, target, why }) =>
    conflict(
      `Order ${number} is ${STATUS_LABEL[status]}: it cannot be marked ${TRANSITION_LABEL[target]}${why ? ` (${why})` : ''}`,
      { status },
    ),
  changed_meanwhile: ({ number, status }) =>
    conflict(`Order ${number} changed meanwhile: it is now ${STATUS_LABEL[status]}`, { status }),
  invoice_settled: ({ number, status }) =>
    conflict(
      status === 'paid'
        ? `Invoice ${number} is already paid`
        : `Invoice ${number} is void (its order was cancelled) and cannot be marked paid`,
      { status },
    ),
  invoice_not_open: ({ number, status }) =>
    conflict(`Invoice ${number} is ${status}: only an open invoice gets reminders`, { status }),
  // The orders module's answers to a staff cancel or refund, in the words staff see.
  not_found: () => notFound(ORDER_MSG.notFound),
  already_cancelled: () => conflict(ORDER_MSG.alreadyCancelled),
  not_cancellable: (f) =>
    conflict(`This order is ${f.status ?? 'gone'}: only an order that has not shipped can be cancelled`),
  nothing_to_refund: (f) =>
    conflict(
      `Order ${f.number} has no payment to refund (the order is ${f.status}, its payment ${f.paymentStatus ?? 'missing'})`,
    ),
  refund_amount_precision: ({ currency }) =>
    invalidFields([
      {
        path: 'body.amount',
        message:
          currency.digits === 0
            ? `The amount is in ${currency.code}, which has no decimals`
            : `The amount is in ${currency.code}, which has at most ${currency.digits} decimals`,
      },
    ]),
  refund_not_positive: () => unprocessable('The refund amount must be more than 0'),
  // The payment provider refused the refund; nothing was recorded (a cancel stays undone).
  refund_failed: (f) => unprocessable(`The payment provider refused the refund: ${f.message}`),
  refund_too_large: (f) =>
    conflict(
      `At most ${formatMinor(f.leftCents, f.currency)} of order ${f.number} can still be refunded (paid ${formatMinor(f.paidCents, f.currency)}, refunded ${formatMinor(f.refundedCents, f.currency)})`,
      { refundable: fromMinor(f.leftCents, f.currency.digits) },
    ),
};

const tags = ['admin'];
const denied = { 401: errorBody, 403: errorBody };
const change = { 400: errorBody, ...denied, 404: errorBody, 409: errorBody, 422: errorBody };

/** Admin orders, pay later and transactions, under /api/admin; staff and admins alike. */
export const adminOrdersRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const admin = services.adminOrders;

  app.get(
    '/orders',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Orders, newest first: by status (one or several), payment method, days and search',
        description:
          '`status` takes one status, several separated by commas, or the parameter repeated. Card attempts whose money never arrived (declined, abandoned, waiting for the shopper) are left out unless `attempts=include` or `attempts=only`; `unpaid_attempts` counts them either way.',
        querystring: adminOrdersQuery,
        response: { 200: adminOrderList, 400: errorBody, ...denied },
      },
    },
    async (request) => admin.list(request.query),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'One order with lines, totals, addresses, payment, invoice, timeline, transactions, customer',
        params: uuidParam,
        response: { 200: adminOrderDetail, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request) => orThrow(await admin.detail(request.params.id), http),
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Mark an order processing, shipped (tracking number required) or delivered',
        description:
          'paid → processing; paid or processing → shipped; shipped → delivered. A pay-later order (placed, invoice open) may be processed and shipped before it is paid. Anything else: 409 naming the current status.',
        params: uuidParam,
        body: orderTransitionBody,
        response: { 200: adminOrderDetail, ...change },
      },
    },
    async (request) => orThrow(await admin.transition(actorOf(request), request.params.id, request.body), http),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Cancel an order before it ships: restocked once, paid money refunded, invoice voided',
        params: uuidParam,
        body: cancelOrderBody,
        response: { 200: adminOrderDetail, ...change },
      },
    },
    async (request) => orThrow(await admin.cancel(actorOf(request), request.params.id, request.body), http),
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Refund an order in full (no amount) or in part; never more than is left',
        params: uuidParam,
        body: refundOrderBody,
        response: { 200: adminOrderDetail, ...change },
      },
    },
    async (request) => orThrow(await admin.refund(actorOf(request), request.params.id, request.body), http),
  );

  app.get(
    '/pay-later',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Pay-later invoices: outstanding, overdue, paid or all; with outstanding and overdue totals',
        querystring: payLaterQuery,
        response: { 200: payLaterList, 400: errorBody, ...denied },
      },
    },
    async (request) => admin.payLater(request.query),
  );

  app.post(
    '/pay-later/:invoiceId/mark-paid',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Record the payment of an invoice (a charge in the ledger; a placed order becomes paid)',
        params: invoiceIdParam,
        response: { 200: payLaterInvoice, ...change },
      },
    },
    async (request) => orThrow(await admin.markPaid(actorOf(request), request.params.invoiceId), http),
  );

  app.post(
    '/pay-later/:invoiceId/remind',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Mail the customer a reminder with the amount and due date of an open invoice',
        params: invoiceIdParam,
        response: { 200: payLaterInvoice, ...change },
      },
    },
    async (request) => orThrow(await admin.remind(actorOf(request), request.params.invoiceId), http),
  );

  app.get(
    '/transactions',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'The ledger of charges and refunds with totals; `format=csv` exports every matching row',
        querystring: transactionsQuery,
        response: { 200: transactionList.or(z.string()), 400: errorBody, ...denied },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') return admin.transactions(request.query);
      const rows = await admin.allTransactions(request.query);
      return reply.headers(csvHeaders('transactions.csv')).send(
        toCsv(
          TRANSACTIONS_CSV_HEADER,
          rows.map((r) => [
            r.created_at,
            r.order_number,
            r.kind,
            r.method,
            r.amount.toFixed(r.currency.digits),
            r.currency.code,
            r.reference,
            r.note,
          ]),
        ),
      );
    },
  );
};
