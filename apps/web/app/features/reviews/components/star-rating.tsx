import { cn } from '../../../lib/cn.ts';

/**
 * A rating as five stars, filled to the exact fraction (4.5 → four and a half). Screen readers get
 * the figure instead of the picture. The stars are the `star-row` mask (app.css), lucide's star
 * repeated: two elements per rating where ten SVGs were (a product page shows up to 19
 * ratings, and their 190 SVGs were two thirds of its HTML and much of its layout and hydration work).
 */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span
      role="img"
      aria-label={`Rated ${Number(value.toFixed(2))} out of 5`}
      className={cn('relative inline-block h-[1em] w-[5em] shrink-0', className)}
    >
      <span className="star-row absolute inset-0 bg-slate-300" aria-hidden="true" />
      <span
        className="star-row absolute inset-y-0 left-0 bg-amber-500"
        style={{ width: `${percent}%` }}
        aria-hidden="true"
      />
    </span>
  );
}
