import { isoDay } from '../admin/index.ts';

export interface DayRange {
  from: string;
  to: string;
}

/** The range in a URL's query (`?from=&to=`); without one, the last 30 days (in the store's zone). */
export function dayRangeOf(params: URLSearchParams): DayRange {
  return { from: params.get('from') ?? isoDay(29), to: params.get('to') ?? isoDay(0) };
}
