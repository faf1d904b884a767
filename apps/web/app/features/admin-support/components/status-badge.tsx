import { cn } from '../../../lib/cn.ts';

/** A ticket's status as a small badge. */
export function StatusBadge({ status }: { status: 'open' | 'closed' }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 font-medium text-xs',
        status === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-slate-200 text-slate-800',
      )}
    >
      {status === 'open' ? 'Open' : 'Closed'}
    </span>
  );
}
