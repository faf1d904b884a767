import { formatAmount } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { cn } from '../../../lib/cn.ts';

/**
 * Subtotal, discount, shipping, tax and total, exactly as the server priced them (never computed
 * here: ADR 003 makes the server's figures the only ones).
 */
export function OrderTotals({
  totals,
  discountCode,
  taxRate,
  className,
}: {
  totals: Order['totals'];
  discountCode?: string | null;
  /** The tax rate in percent, when known (the quote says it). */
  taxRate?: number;
  className?: string;
}) {
  return (
    <dl className={cn('space-y-2 text-sm', className)}>
      <Row label="Subtotal" testId="total-subtotal" value={formatAmount(totals.subtotal)} />
      {totals.discount > 0 ? (
        <Row
          label={discountCode ? `Discount (${discountCode})` : 'Discount'}
          testId="total-discount"
          value={`−${formatAmount(totals.discount)}`}
        />
      ) : null}
      <Row
        label="Shipping"
        testId="total-shipping"
        value={totals.shipping === 0 ? 'Free' : formatAmount(totals.shipping)}
      />
      <Row
        label={taxRate === undefined ? 'Tax' : `Tax (${taxRate}%)`}
        testId="total-tax"
        value={formatAmount(totals.tax)}
      />
      <div className="flex justify-between border-slate-200 border-t pt-2 font-semibold text-base">
        <dt>Total</dt>
        <dd data-testid="total-total">{formatAmount(totals.total)}</dd>
      </div>
    </dl>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-700">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
