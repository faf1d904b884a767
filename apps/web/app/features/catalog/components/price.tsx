import { cn } from '../../../lib/cn.ts';

export interface PriceProps {
  /** What the shopper pays, written in their currency (`shelfPrices`, lib/presentment.ts). */
  sale: string;
  /** The regular price when it is higher: struck through, with the discount's badge. */
  regular: string | null;
  discount: number;
  /** The lowest of several prices (a product whose variants cost different amounts). */
  from?: boolean;
  size?: 'sm' | 'lg';
  className?: string;
  /** "incl. VAT" where the price holds the shopper's tax. */
  taxNote?: string | null | undefined;
}

/** The price, and when discounted the regular price struck through with a percentage badge. */
export function Price({ sale, regular, discount, from = false, size = 'sm', className, taxNote }: PriceProps) {
  const discounted = discount > 0 && regular !== null;
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-1', className)}>
      <span className={cn('font-semibold', size === 'lg' ? 'text-3xl' : 'text-base')}>
        {from ? <span className="font-normal text-base text-slate-700">From </span> : null}
        {discounted ? <span className="sr-only">Sale price </span> : null}
        {sale}
      </span>
      {discounted ? (
        <>
          <s className={cn('text-slate-600', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">Regular price </span>
            {regular}
          </s>
          <span className="rounded bg-brand-accent px-1.5 py-0.5 font-semibold text-white text-xs">{`-${discount}%`}</span>
        </>
      ) : null}
      {taxNote ? (
        <span className="text-slate-600 text-xs" data-testid="tax-note">
          {taxNote}
        </span>
      ) : null}
    </p>
  );
}
