/**
 * The store's time zone (admin Settings), in which the admin area shows every time
 * and counts its days. The admin frame sets it before any page renders (AdminShell waits for it) and
 * renders the pages anew when it changes, so the plain functions below can read it.
 */
let zone = 'UTC';
let dateTime: Intl.DateTimeFormat;
let date: Intl.DateTimeFormat;
let day: Intl.DateTimeFormat;

export function setAdminTimeZone(timeZone: string) {
  zone = timeZone;
  // "Nov 24, 2026, 9:05 AM EST": the zone's abbreviation (or GMT offset where it has none in en-US).
  dateTime = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
  // en-CA writes dates as YYYY-MM-DD.
  day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
}
setAdminTimeZone(zone);

export const adminTimeZone = () => zone;

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));

/** `YYYY-MM-DD` of a day `daysAgo` before today in the store's zone, for the default date ranges. */
export function isoDay(daysAgo = 0, now = new Date()): string {
  const [y, m, d] = day.format(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - daysAgo)).toISOString().slice(0, 10);
}
