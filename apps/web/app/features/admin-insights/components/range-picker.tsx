import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { plural } from '../../../lib/plural.ts';
import { isoDay } from '../../admin/index.ts';
import { type DayRange, dayRangeOf } from '../day-range.ts';

export const PRESETS = [7, 30, 90] as const;

/** The chosen range lives in the URL (`?from=&to=`); without one, the last 30 days (UTC). */
export function useDayRange(): [DayRange, (r: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const { from, to } = dayRangeOf(params);
  const set = (r: DayRange) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', r.from);
        next.set('to', r.to);
        return next;
      },
      { replace: true },
    );
  return [{ from, to }, set];
}

/** Presets for the last 7, 30 and 90 days, and a custom range of two dates. */
export function RangePicker({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const today = isoDay(0);
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Date range</legend>
      {PRESETS.map((days) => {
        const active = value.to === today && value.from === isoDay(days - 1);
        return (
          <Button
            key={days}
            type="button"
            size="sm"
            variant={active ? 'default' : 'outline'}
            aria-pressed={active}
            onClick={() => onChange({ from: isoDay(days - 1), to: today })}
          >
            Last {plural(days, 'day', 'days')}
          </Button>
        );
      })}
      <div className="space-y-1">
        <Label htmlFor="range-from">From</Label>
        <Input
          id="range-from"
          type="date"
          className="h-9"
          value={value.from}
          max={value.to}
          onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="range-to">To</Label>
        <Input
          id="range-to"
          type="date"
          className="h-9"
          value={value.to}
          min={value.from}
          onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
