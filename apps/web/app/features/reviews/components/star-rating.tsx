import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const FIVE = [1, 2, 3, 4, 5];

/**
 * A rating as five stars, filled to the exact fraction (4.5 → four and a half). Screen readers get
 * the figure instead of the picture.
 */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span
      role="img"
      aria-label={`Rated ${Number(value.toFixed(2))} out of 5`}
      className={cn('relative inline-flex shrink-0', className)}
    >
      <span className="flex text-slate-300" aria-hidden="true">
        {FIVE.map((n) => (
          <Star key={n} className="size-[1em] fill-current" />
        ))}
      </span>
      <span
        className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500"
        style={{ width: `${percent}%` }}
        aria-hidden="true"
      >
        {FIVE.map((n) => (
          <Star key={n} className="size-[1em] shrink-0 fill-current" />
        ))}
      </span>
    </span>
  );
}
