import { cn } from '../../../lib/cn.ts';

const TONES: Record<string, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  placed: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  processing: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-slate-200 text-slate-900',
  cancelled: 'bg-red-100 text-red-900',
  refunded: 'bg-orange-100 text-orange-900',
  open: 'bg-sky-100 text-sky-900',
  overdue: 'bg-red-100 text-red-900',
  void: 'bg-slate-200 text-slate-900',
  charge: 'bg-emerald-100 text-emerald-900',
  refund: 'bg-orange-100 text-orange-900',
};

/** "awaiting_payment" → "Awaiting payment" */
export const humanize = (value: string) => {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** An order, invoice or transaction status as a coloured pill (the text carries the meaning). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 font-medium text-xs', TONES[status] ?? 'bg-slate-100')}>
      {humanize(status)}
    </span>
  );
}
