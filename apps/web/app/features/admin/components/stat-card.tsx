import { cn } from '../../../lib/cn.ts';

/** A figure with its change against the previous period (null when there is nothing to compare). */
export function StatCard({ label, value, change }: { label: string; value: string; change?: number | null }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-slate-600 text-sm">{label}</p>
      <p className="mt-1 font-bold text-2xl text-slate-900">{value}</p>
      {change === undefined ? null : (
        <p
          className={cn(
            'mt-1 text-sm',
            change === null ? 'text-slate-600' : change >= 0 ? 'text-emerald-800' : 'text-red-700',
          )}
        >
          {change === null ? 'No earlier figure' : `${change >= 0 ? '+' : ''}${change.toFixed(1)}% vs previous period`}
        </p>
      )}
    </div>
  );
}
