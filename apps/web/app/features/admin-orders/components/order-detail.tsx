import { zodResolver } from '@hookform/resolvers/zod';
import { addressLines } from '@shop/contracts/address-format';
import { addressWarnings } from '@shop/contracts/address-rules';
import {
  type AdminOrderDetail,
  type CancelOrderBody,
  cancelOrderBody,
  type LedgerRow,
  type OrderTransitionBody,
  orderTransitionBody,
  type RefundOrderBody,
  refundOrderBody,
} from '@shop/contracts/admin-orders';
import { type CurrencyUnit, formatAmountIn, hasAtMostDecimals } from '@shop/contracts/currency';
import { describeOptions } from '@shop/contracts/line-options';
import type { StoredAddress as Address } from '@shop/contracts/orders';
import { REVERSE_CHARGE_NOTE, wireTaxRows } from '@shop/contracts/tax';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/http.ts';
import { DataTable, firstErrorMessage, formatDateTime, Panel, QueryState } from '../../admin/index.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { downloadInvoicePdf } from '../api/download-invoice.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { useOrderTransition } from '../api/transition-order.ts';
import { offeredActions, statusMoveOf } from '../order-actions.ts';
import { humanize, StatusBadge } from './status-badge.tsx';

const message = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

/** The order's lines, their prices in the order's currency. */
const lineColumns = (currency: CurrencyUnit): ColumnDef<AdminOrderDetail['lines'][number], unknown>[] => [
  {
    header: 'Product',
    cell: ({ row }) => {
      const { name, options } = row.original;
      return (
        <>
          {name}
          {options.length > 0 ? (
            <span className="block text-slate-600" data-testid="admin-line-options">
              {describeOptions(options)}
            </span>
          ) : null}
        </>
      );
    },
  },
  { header: 'SKU', cell: ({ row }) => row.original.sku ?? '—' },
  { header: 'Price', cell: ({ row }) => formatAmountIn(row.original.unit_price, currency) },
  { header: 'Qty', cell: ({ row }) => row.original.quantity },
  {
    header: 'Total',
    cell: ({ row }) => formatAmountIn(row.original.line_total, currency),
    meta: { className: 'text-right' },
  },
];

/** One order as staff see it: lines, totals, addresses, payment, timeline, ledger and the actions. */
export function OrderDetail({ id }: { id: string }) {
  const query = useAdminOrder(id);
  return <QueryState query={query}>{(order) => <OrderView order={order} />}</QueryState>;
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  // Every amount of the order is in its own currency (docs/adr/050-currencies.md).
  const formatAmount = (amount: number) => formatAmountIn(amount, order.currency);
  const lines = useMemo(() => lineColumns(order.currency), [order.currency]);
  // One row per rate (docs/adr/049-tax-by-destination.md): added before the total, or held in the prices after it.
  const taxRows = wireTaxRows(order).map((row) => (
    <Row key={row.label} label={row.label} muted={order.tax_included}>
      {formatAmount(row.amount)}
    </Row>
  ));
  return (
    <div className="space-y-4">
      <Panel>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="font-bold text-slate-900 text-xl">Order {order.number}</h2>
            <p className="mt-1 text-slate-600 text-sm">
              Placed {formatDateTime(order.created_at)} · <StatusBadge status={order.status} />
            </p>
            {order.tracking_number ? (
              <p className="mt-1 text-slate-800 text-sm">Tracking number: {order.tracking_number}</p>
            ) : null}
          </div>
          <OrderActions order={order} />
        </div>
      </Panel>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Panel title="Items">
            <DataTable
              bare
              caption="Items of the order"
              columns={lines}
              data={order.lines}
              getRowId={(l) => `${l.product_id}|${l.variant_id ?? describeOptions(l.options)}`}
            />
            <dl className="mt-3 ml-auto max-w-xs space-y-1 text-sm">
              <Row label="Subtotal">{formatAmount(order.totals.subtotal)}</Row>
              {order.totals.discount > 0 ? (
                <Row label={`Discount${order.discount_code ? ` (${order.discount_code})` : ''}`}>
                  −{formatAmount(order.totals.discount)}
                </Row>
              ) : null}
              <Row label={`Shipping (${order.shipping_method_name})`}>{formatAmount(order.totals.shipping)}</Row>
              {order.tax_included ? null : taxRows}
              <Row label="Total" strong>
                {formatAmount(order.totals.total)}
              </Row>
              {order.tax_included ? taxRows : null}
            </dl>
            {order.reverse_charge ? (
              <div className="mt-3 ml-auto max-w-xs space-y-1 text-slate-700 text-xs" data-testid="reverse-charge">
                <p>{REVERSE_CHARGE_NOTE}</p>
                {order.vat_number ? <p>Buyer’s VAT number: {order.vat_number}</p> : null}
              </div>
            ) : null}
          </Panel>

          <Panel title="Transactions">
            <DataTable
              columns={ledgerColumns}
              data={order.transactions}
              caption="Money taken and given back for this order"
              getRowId={(t) => t.id}
              emptyText="No money has moved for this order yet."
            />
          </Panel>

          <Panel title="Timeline">
            <ol className="space-y-2 text-sm">
              {order.events.map((e) => (
                <li key={`${e.at}|${e.status}|${e.note}`} className="flex flex-wrap gap-x-3">
                  <span className="text-slate-600">{formatDateTime(e.at)}</span>
                  <StatusBadge status={e.status} />
                  {e.note ? <span className="text-slate-800">{e.note}</span> : null}
                </li>
              ))}
            </ol>
          </Panel>
        </div>

        <div className="space-y-4">
          <Panel title="Customer">
            <p className="text-sm">{order.customer ? order.customer.name : 'Guest'}</p>
            <p className="text-slate-700 text-sm">{order.email}</p>
            {order.vat_number ? (
              <p className="mt-1 text-slate-700 text-sm">
                VAT number: <span data-testid="admin-vat-number">{order.vat_number}</span>
              </p>
            ) : null}
          </Panel>
          <Panel title="Payment">
            <dl className="space-y-1 text-sm">
              <Row label="Method">
                {order.payment.method === 'card'
                  ? `${humanize(order.payment.card_brand ?? 'card')} •••• ${order.payment.card_last4 ?? '????'}`
                  : 'Pay later'}
              </Row>
              <Row label="Status">
                <StatusBadge status={order.payment.status} />
              </Row>
              <Row label="Amount">{formatAmount(order.payment_detail.amount)}</Row>
              <Row label="Refunded">{formatAmount(order.payment_detail.refunded)}</Row>
              <Row label="Refundable">{formatAmount(order.payment_detail.refundable)}</Row>
              {order.payment_detail.reference ? <Row label="Reference">{order.payment_detail.reference}</Row> : null}
            </dl>
            {order.invoice ? (
              <dl className="mt-3 space-y-1 border-slate-100 border-t pt-3 text-sm">
                <Row label="Invoice">{order.invoice.number}</Row>
                <Row label="Invoice status">
                  <StatusBadge status={order.invoice.status} />
                </Row>
                <Row label="Due">{formatDateTime(order.invoice.due_at)}</Row>
                {order.invoice.paid_at ? <Row label="Paid">{formatDateTime(order.invoice.paid_at)}</Row> : null}
              </dl>
            ) : null}
            {order.invoice ? <InvoicePdfButton orderId={order.id} number={order.invoice.number} /> : null}
          </Panel>
          <Panel title="Shipping address">
            <AddressBlock address={order.shipping_address} />
          </Panel>
          {order.billing_address ? (
            <Panel title="Billing address">
              <AddressBlock address={order.billing_address} />
            </Panel>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The invoice as PDF, fetched with the staff session (a plain link carries no token). */
function InvoicePdfButton({ orderId, number }: { orderId: string; number: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadInvoicePdf(orderId, number);
    } catch (error) {
      toast.error(await failureMessage(error, 'The invoice could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" className="mt-3" disabled={busy} onClick={() => void download()}>
      Download invoice (PDF)
    </Button>
  );
}

const ledgerColumns: ColumnDef<LedgerRow, unknown>[] = [
  { header: 'Date', cell: ({ row }) => formatDateTime(row.original.created_at) },
  { header: 'Kind', cell: ({ row }) => <StatusBadge status={row.original.kind} /> },
  { header: 'Method', cell: ({ row }) => humanize(row.original.method) },
  { header: 'Amount', cell: ({ row }) => formatAmountIn(row.original.amount, row.original.currency) },
  { header: 'Note', cell: ({ row }) => row.original.note ?? '' },
];

function Row({
  label,
  strong,
  muted,
  children,
}: {
  label: string;
  strong?: boolean;
  /** Tax held in the prices: shown for the record, not added to the total. */
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'font-semibold', muted && 'text-xs')}>
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

/** An address as it goes on the parcel, with what staff should check first in one saved before the rules. */
function AddressBlock({ address: a }: { address: Address }) {
  return (
    <>
      <address className="text-slate-800 text-sm not-italic">
        {addressLines(a).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address are fixed and may repeat
          <div key={i}>{line}</div>
        ))}
      </address>
      {addressWarnings(a).map((warning) => (
        <p key={warning} role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900 text-sm">
          {warning}
        </p>
      ))}
    </>
  );
}

type Open = 'ship' | 'cancel' | 'refund' | null;

/** The buttons for what the API says is allowed now; each failure shows the API's message. */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState<Open>(null);
  const transition = useOrderTransition(order.id);
  const markPaid = useMarkInvoicePaid();
  const a = offeredActions(order);
  const move = (action: 'process' | 'deliver', done: string) => {
    const status = statusMoveOf(order.status, action);
    if (!status) return;
    transition.mutate({ status }, { onSuccess: () => toast.success(done), onError: (e) => toast.error(message(e)) });
  };
  const busy = transition.isPending || markPaid.isPending;

  return (
    <div className="flex flex-wrap gap-2">
      {a.process ? (
        <Button variant="outline" disabled={busy} onClick={() => move('process', `${order.number} is processing`)}>
          Mark processing
        </Button>
      ) : null}
      {a.ship ? <Button onClick={() => setOpen('ship')}>Ship</Button> : null}
      {a.deliver ? (
        <Button disabled={busy} onClick={() => move('deliver', `${order.number} marked delivered`)}>
          Mark delivered
        </Button>
      ) : null}
      {a.mark_paid && order.invoice_id ? (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            markPaid.mutate(order.invoice_id as string, {
              onSuccess: () => toast.success(`Invoice ${order.invoice?.number} marked paid`),
              onError: (e) => toast.error(message(e)),
            })
          }
        >
          Mark invoice paid
        </Button>
      ) : null}
      {a.refund ? (
        <Button variant="outline" onClick={() => setOpen('refund')}>
          Refund
        </Button>
      ) : null}
      {a.cancel ? (
        <Button variant="destructive" onClick={() => setOpen('cancel')}>
          Cancel order
        </Button>
      ) : null}

      {open === 'ship' ? <ShipDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'cancel' ? <CancelDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'refund' ? <RefundDialog order={order} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** The dialogs' fields checked with the API's schemas (contracts `admin-orders`) before they are sent. */
const shipForm = z
  .custom<{ tracking: string }>()
  .transform((v): z.input<typeof orderTransitionBody> => ({ status: 'shipped', tracking_number: v.tracking }))
  .pipe(orderTransitionBody);
const cancelForm = z
  .custom<{ reason: string }>()
  .transform((v): z.input<typeof cancelOrderBody> => ({ reason: v.reason.trim() || undefined }))
  .pipe(cancelOrderBody);

interface RefundValues {
  amount: string;
  reason: string;
}
/**
 * A blank or non-positive amount gets the dialog's own words first, as it always did; then one finer
 * than the order's currency counts (no decimals in yen).
 */
const refundForm = (currency: CurrencyUnit) =>
  z
    .custom<RefundValues>()
    .refine((v) => {
      const value = Number(v.amount);
      return Number.isFinite(value) && value > 0;
    }, 'Enter an amount more than 0')
    .refine(
      (v) => hasAtMostDecimals(Number(v.amount), currency.digits),
      currency.digits === 0
        ? `The amount is in ${currency.code}, which has no decimals`
        : `The amount is in ${currency.code}, which has at most ${currency.digits} decimals`,
    )
    .transform((v): z.input<typeof refundOrderBody> => ({ amount: Number(v.amount), reason: v.reason.trim() }))
    .pipe(refundOrderBody);

function ShipDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const transition = useOrderTransition(order.id);
  const form = useForm<{ tracking: string }, unknown, OrderTransitionBody>({
    resolver: zodResolver(shipForm),
    defaultValues: { tracking: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const failed = firstErrorMessage(form.formState.errors);
  const submit = form.handleSubmit(() => {
    transition.mutate(
      { status: 'shipped', tracking_number: form.getValues('tracking') },
      {
        onSuccess: () => {
          toast.success(`${order.number} shipped`);
          onClose();
        },
      },
    );
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Ship ${order.number}`}
      description="The customer gets the tracking number by e-mail."
    >
      <form onSubmit={submit} className="space-y-4">
        <FormAlert tone="error">{failed ?? (transition.error ? message(transition.error) : null)}</FormAlert>
        <div className="space-y-1.5">
          <Label htmlFor="tracking-number">Tracking number</Label>
          <Input id="tracking-number" autoComplete="off" required {...form.register('tracking')} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={transition.isPending}>
            Mark shipped
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CancelDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const form = useForm<{ reason: string }, unknown, CancelOrderBody>({
    resolver: zodResolver(cancelForm),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const failed = firstErrorMessage(form.formState.errors);
  const refundable = order.payment_detail.refundable;
  const formatAmount = (amount: number) => formatAmountIn(amount, order.currency);
  const submit = form.handleSubmit(() => {
    cancel.mutate(
      { reason: form.getValues('reason').trim() || undefined },
      {
        onSuccess: () => {
          toast.success(`${order.number} cancelled`);
          onClose();
        },
      },
    );
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Cancel ${order.number}?`}
      description={
        refundable > 0
          ? `The items go back into stock and ${formatAmount(refundable)} is refunded.`
          : 'The items go back into stock and any open invoice is voided.'
      }
    >
      <form onSubmit={submit} className="space-y-4">
        <FormAlert tone="error">{failed ?? (cancel.error ? message(cancel.error) : null)}</FormAlert>
        <div className="space-y-1.5">
          <Label htmlFor="cancel-reason">Reason (optional, told to the customer)</Label>
          <Input id="cancel-reason" maxLength={500} {...form.register('reason')} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Keep order
          </Button>
          <Button type="submit" variant="destructive" disabled={cancel.isPending}>
            Cancel order
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RefundDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const left = order.payment_detail.refundable;
  const { currency } = order;
  const formatAmount = (amount: number) => formatAmountIn(amount, currency);
  // The smallest amount of the order's currency: 0.01 dollars, 1 yen.
  const step = String(10 ** -currency.digits);
  const form = useForm<RefundValues, unknown, RefundOrderBody>({
    resolver: zodResolver(refundForm(currency)),
    defaultValues: { amount: left.toFixed(currency.digits), reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const invalid = firstErrorMessage(form.formState.errors);
  const submit = form.handleSubmit(() => {
    const { amount, reason } = form.getValues();
    const value = Number(amount);
    refund.mutate(
      { amount: value, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(`Refunded ${formatAmount(value)} of ${order.number}`);
          onClose();
        },
      },
    );
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Refund ${order.number}`}
      description={`Up to ${formatAmount(left)} can be refunded.`}
    >
      <form onSubmit={submit} className="space-y-4">
        <FormAlert tone="error">{invalid ?? (refund.error ? message(refund.error) : null)}</FormAlert>
        <div className="space-y-1.5">
          <Label htmlFor="refund-amount">Amount</Label>
          <Input
            id="refund-amount"
            type="number"
            inputMode="decimal"
            step={step}
            min={step}
            required
            {...form.register('amount')}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="refund-reason">Reason</Label>
          <Input id="refund-reason" maxLength={500} required {...form.register('reason')} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
