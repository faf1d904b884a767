import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** `items` with the one at `index` swapped with its neighbour (`by` -1 up, +1 down). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const other = index + by;
  const a = next[index];
  const b = next[other];
  if (a === undefined || b === undefined) return next;
  next[index] = b;
  next[other] = a;
  return next;
}

/** The two buttons that move an entry of a list one place up or down. */
export function UpDown({
  name,
  index,
  count,
  variant,
  disabled,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  variant: 'outline' | 'ghost';
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant={variant}
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}
