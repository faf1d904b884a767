/** One formatter for the whole app: building an Intl.DateTimeFormat costs far more than using one. */
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A date as pages write it, `March 4, 2026`, in UTC: the server and every browser render the same text
 * (no hydration mismatch).
 */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}
