import { z } from 'zod';
import { hasAtMostDecimals, MAX_CURRENCY_DIGITS } from './currency.ts';
import { stopAt } from './text.ts';

/** A calendar day as the admin area sends it: `YYYY-MM-DD` (UTC). */
export const isoDay = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .max(10, stopAt(`${field} must be a date (YYYY-MM-DD)`))
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${field} must be a real date`,
      },
    );

/**
 * `?from=&to=`: an inclusive range of days (UTC). Both are optional for lists; reports and the
 * dashboard fill in their own defaults. `to` before `from` is refused.
 */
export const dateRangeQuery = z
  .object({ from: isoDay('from').optional(), to: isoDay('to').optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['to'] });
export type DateRangeQuery = z.infer<typeof dateRangeQuery>;

/** A new store counts in UTC until its owner picks a zone in admin Settings (ADR 017). */
export const STORE_TIME_ZONE_DEFAULT = 'UTC';

/** The instants a day range covers: [from 00:00, the day after `to` 00:00), midnights in `timeZone`. */
export function dayRangeBounds(
  from: string,
  to: string,
  timeZone = STORE_TIME_ZONE_DEFAULT,
): { start: Date; end: Date } {
  const next = new Date(`${to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { start: zonedMidnight(from, timeZone), end: zonedMidnight(next.toISOString().slice(0, 10), timeZone) };
}

// ---------------------------------------------------------------------------------------------------
// The store's time zone: admin times are shown, and admin days counted, in it.

let zones: Set<string> | undefined;
/** The IANA names this runtime knows (`Intl.supportedValuesOf`), plus `UTC`, which it lists as an alias. */
export function timeZoneNames(): string[] {
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...zones];
}
export const isTimeZone = (value: string) => {
  if (!zones) timeZoneNames();
  return zones?.has(value) === true;
};

/** The time-zone field of admin Settings: an IANA name such as `Europe/Berlin`. */
export const timeZoneField = z
  .string({ error: 'Time zone must be a time zone name such as Europe/Berlin' })
  .trim()
  .max(64, stopAt('Time zone must be a time zone name such as Europe/Berlin'))
  .refine(isTimeZone, 'Time zone must be a time zone name such as Europe/Berlin');

/** One formatter per time zone (building one costs far more than using it); a shop has one or two. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `instant`, written as if it were a UTC instant (whole seconds). */
function wallClock(instant: number, timeZone: string): number {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  );
  const at = (type: Intl.DateTimeFormatPartTypes) => parts[type] ?? 0;
  return Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'));
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm`) happens in `timeZone`. A time the clocks skip
 * reads as the gap's length later (02:30 → 03:30, as Date does); a time that happens twice, the first.
 */
export function zonedTime(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local.slice(0, 16)}:00Z`);
  const HOUR = 3_600_000;
  // The time under each offset the zone has around it. The earliest whose wall clock is not before
  // the time asked for (within a day) wins: the time itself, or its reading after a gap.
  const offsets = [-14, 0, 14].map((h) => wallClock(wall + h * HOUR, timeZone) - (wall + h * HOUR));
  const candidates = [...new Set(offsets)].map((offset) => wall - offset).sort((a, b) => a - b);
  for (const instant of candidates) {
    const clock = wallClock(instant, timeZone);
    if (clock >= wall && clock < wall + 24 * HOUR) return new Date(instant);
  }
  // Every offset lands outside the day (cannot happen with real zones): the plainest answer.
  return new Date(candidates[0] ?? wall);
}

/** The instant a day (`YYYY-MM-DD`) starts in `timeZone`: 00:00, or 01:00 where clocks skip midnight. */
export const zonedMidnight = (day: string, timeZone: string) => zonedTime(`${day}T00:00`, timeZone);

/** `YYYY-MM-DDTHH:mm`: the wall clock in `timeZone` at an instant (the value of a datetime-local input). */
export const wallTimeIn = (instant: Date, timeZone: string) =>
  new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 16);

/** `?format=csv` on list routes that can be exported. */
export const csvFormatQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

/**
 * A decimal amount of the base currency, zero or more: at most the decimals any currency has here; the
 * server refuses more than the base's own (docs/adr/050-currencies.md).
 */
export const amountField = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must not be negative`)
    .max(1_000_000, `${field} must be at most 1000000`)
    .refine((v) => hasAtMostDecimals(v, MAX_CURRENCY_DIGITS), {
      message: `${field} must have at most ${MAX_CURRENCY_DIGITS} decimal places`,
    });
