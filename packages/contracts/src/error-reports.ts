import { z } from 'zod';
import { stopAt } from './text.ts';

/**
 * Error reports sent from the error page's Report button (docs/product.md §2 shows it only logging; docs/product.md §10 posts
 * the error ID and details to the API, for admin Support).
 */
export const ERROR_REPORT_MSG = {
  sent: 'Thanks — the report was sent.',
} as const;

/** Error IDs the web app generates: `ERR-` + a base-36 time stamp + `-` + random characters. */
export const ERROR_ID_PATTERN = /^ERR-[0-9A-Z]{4,12}-[0-9A-Z]{4,12}$/;

export const ERROR_REPORT_LIMITS = {
  message: 1000,
  code: 64,
  path: 2048,
  /** The details object, serialised as JSON. */
  detailsBytes: 4096,
  /** Levels of nesting in details, the object itself being the first. */
  detailsDepth: 10,
  /** The whole request body; larger bodies are refused with 413 before parsing. */
  bodyBytes: 16 * 1024,
} as const;

/** Whether objects and arrays nest deeper than `levels`; looks no deeper than that, so it cannot overflow. */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (levels === 0) return true;
  return Object.values(value).some((inner) => nestsDeeperThan(inner, levels - 1));
}

export const errorReportBody = z.strictObject({
  error_id: z
    .string({ error: 'error_id is required' })
    .regex(ERROR_ID_PATTERN, 'error_id must look like ERR-XXXXXX-XXXXXX'),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(ERROR_REPORT_LIMITS.message, `message must be at most ${ERROR_REPORT_LIMITS.message} characters`),
  code: z
    .string({ error: 'code must be text' })
    .trim()
    .max(ERROR_REPORT_LIMITS.code, `code must be at most ${ERROR_REPORT_LIMITS.code} characters`)
    .optional(),
  status: z
    .number({ error: 'status must be an HTTP status code' })
    .int('status must be an HTTP status code')
    .min(100, 'status must be an HTTP status code')
    .max(599, 'status must be an HTTP status code')
    .optional(),
  path: z
    .string({ error: 'path is required' })
    .max(ERROR_REPORT_LIMITS.path, stopAt(`path must be at most ${ERROR_REPORT_LIMITS.path} characters`))
    .startsWith('/', 'path must start with /'),
  details: z
    .record(z.string(), z.unknown(), { error: 'details must be an object' })
    .refine((d) => !nestsDeeperThan(d, ERROR_REPORT_LIMITS.detailsDepth), {
      message: `details must be nested at most ${ERROR_REPORT_LIMITS.detailsDepth} levels deep`,
      abort: true,
    })
    .refine(
      (d) => new TextEncoder().encode(JSON.stringify(d)).length <= ERROR_REPORT_LIMITS.detailsBytes,
      `details must be at most ${ERROR_REPORT_LIMITS.detailsBytes} bytes as JSON`,
    )
    .optional(),
});
export type ErrorReportBody = z.infer<typeof errorReportBody>;

/** A stored report, as staff see it (GET /api/error-reports, admin and staff only). */
export const errorReport = z.object({
  id: z.uuid(),
  error_id: z.string(),
  message: z.string(),
  code: z.string().nullable(),
  status: z.number().int().nullable(),
  path: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  user_id: z.uuid().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type ErrorReport = z.infer<typeof errorReport>;
