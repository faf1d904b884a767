import { z } from 'zod';
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

/** The instants a day range covers: [from 00:00, the day after `to` 00:00). */
export function dayRangeBounds(from: string, to: string): { start: Date; end: Date } {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

/** `?format=csv` on list routes that can be exported. */
export const csvFormatQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
