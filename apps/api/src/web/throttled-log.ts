import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';

/** How long one cause is written once: later occurrences in the window are only counted. */
export const THROTTLE_WINDOW_MS = 60_000;
/** Causes remembered at once; past it the oldest is forgotten (a scanner's many distinct paths stay bounded). */
const MAX_CAUSES = 1_000;

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * One structured log line per cause and window (docs/adr/031-page-errors-and-form-posts.md): the first
 * occurrence of a cause is written; the others within `THROTTLE_WINDOW_MS` are counted, and the next line
 * of that cause says how many were left out (`suppressed`). The level is the caller's, so LOG_LEVEL
 * applies. Anyone can make pages fail (a POST to a page, a scanner): their noise must cost a line a
 * minute, not a line each.
 */
export function createThrottledLog(log: FastifyBaseLogger, clock: Clock) {
  const causes = new Map<string, { since: number; suppressed: number }>();
  return function write(level: Level, cause: string, fields: Record<string, unknown>, message: string): boolean {
    const now = clock.now().getTime();
    const seen = causes.get(cause);
    if (seen && now - seen.since < THROTTLE_WINDOW_MS) {
      seen.suppressed += 1;
      return false;
    }
    causes.delete(cause);
    if (causes.size >= MAX_CAUSES) {
      const oldest = causes.keys().next().value;
      if (oldest !== undefined) causes.delete(oldest);
    }
    causes.set(cause, { since: now, suppressed: 0 });
    log[level]({ ...fields, cause, ...(seen?.suppressed ? { suppressed: seen.suppressed } : {}) }, message);
    return true;
  };
}
export type ThrottledLog = ReturnType<typeof createThrottledLog>;
