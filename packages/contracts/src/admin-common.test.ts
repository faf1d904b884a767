import { describe, expect, it } from 'vitest';
import { dayRangeBounds, isTimeZone, timeZoneField, wallTimeIn, zonedMidnight, zonedTime } from './admin-common.ts';

describe('store time zone', () => {
  it('knows UTC and the IANA names of Intl, and nothing else', () => {
    expect(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'].every(isTimeZone)).toBe(true);
    expect(['utc', 'Europe/berlin', 'Mars/Olympus', 'GMT+2', ''].some(isTimeZone)).toBe(false);
    expect(timeZoneField.safeParse(' Asia/Tokyo ').data).toBe('Asia/Tokyo');
    expect(timeZoneField.safeParse('x'.repeat(1000)).error?.issues).toHaveLength(1);
  });

  it('finds the instant a day starts in a zone, across daylight-saving changes', () => {
    expect(zonedMidnight('2026-01-15', 'UTC').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(zonedMidnight('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(zonedMidnight('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(zonedMidnight('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedMidnight('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(zonedMidnight('2026-01-15', 'Asia/Kolkata').toISOString()).toBe('2026-01-14T18:30:00.000Z');
    // Santiago skips midnight when summer time starts: the day begins at 01:00 local.
    expect(zonedMidnight('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('bounds a range of days by the zone’s midnights; UTC by default', () => {
    expect(dayRangeBounds('2026-03-01', '2026-03-31')).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
    });
    const ny = dayRangeBounds('2026-03-08', '2026-03-08', 'America/New_York');
    // The day summer time starts has 23 hours.
    expect((ny.end.getTime() - ny.start.getTime()) / 3_600_000).toBe(23);
  });

  it('turns a wall-clock time of the zone into an instant and back (datetime-local inputs)', () => {
    expect(zonedTime('2026-07-01T09:30', 'Europe/Berlin').toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(wallTimeIn(new Date('2026-07-01T07:30:00Z'), 'Europe/Berlin')).toBe('2026-07-01T09:30');
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 → 03:00): it is read as 03:30, as Date does.
    expect(zonedTime('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
