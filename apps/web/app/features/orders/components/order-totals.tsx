import { formatAmountIn } from '@shop/contracts/currency';
import type { Quote } from '@shop/contracts/orders';
import { REVERSE_CHARGE_NOTE, wireTaxRows } from '@shop/contracts/tax';
import { cn } from '../../../lib/cn.ts';

/**
 * What the totals show, a quote's or an order's alike: its figures in its currency, its tax per rate, whether the prices
 * held the tax, and — an order's — the business buyer's VAT number.
 */
export type PricedTotals = Pick<
  Quote,
  'totals' | 'currency' | 'discount_code' | 'tax_included' | 'tax_lines' | 'reverse_charge'
> & {
  vat_number?: string | null;
};

/**
 * Subtotal, discount, shipping, tax and total, exactly as the server priced them (never computed
 * here: ADR 003 makes the server's figures the only ones). Tax is one row per rate
 * (docs/adr/049-tax-by-destination.md): added on top ("Tax (8%)") before the total, or held in the
 * prices ("incl. VAT 19%") after it, muted, as the total does not add it again.
 */
export function OrderTotals({ priced, className }: { priced: PricedTotals; className?: string }) {
  const { totals, discount_code: discountCode } = priced;
  const formatAmount = (amount: number) => formatAmountIn(amount, priced.currency);
  // One row per rate: the labels of one order differ.
  const taxRows = wireTaxRows(priced).map((row) => (
    <Row
      key={row.label}
      label={row.label}
      testId="total-tax"
      value={formatAmount(row.amount)}
      muted={priced.tax_included}
    />
  ));
  return (
    <div className={className}>
      <dl className="space-y-2 text-sm">
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
        {priced.tax_included ? null : taxRows}
        <div className="flex justify-between border-slate-200 border-t pt-2 font-semibold text-base">
          <dt>Total</dt>
          <dd data-testid="total-total">{formatAmount(totals.total)}</dd>
        </div>
        {priced.tax_included ? taxRows : null}
      </dl>
      {priced.reverse_charge ? <ReverseChargeNote vatNumber={priced.vat_number ?? null} /> : null}
    </div>
  );
}

/** The invoice's statement for a reverse-charged order, with the buyer's VAT number when known. */
function ReverseChargeNote({ vatNumber }: { vatNumber: string | null }) {
  return (
    <div className="mt-3 space-y-1 text-slate-700 text-xs" data-testid="reverse-charge">
      <p>{REVERSE_CHARGE_NOTE}</p>
      {vatNumber ? (
        <p>
          Your VAT number: <span data-testid="vat-number">{vatNumber}</span>
        </p>
      ) : null}
    </div>
  );
}

function Row({ label, value, testId, muted }: { label: string; value: string; testId: string; muted?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', muted && 'text-slate-600 text-xs')}>
      <dt className={muted ? undefined : 'text-slate-700'}>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
