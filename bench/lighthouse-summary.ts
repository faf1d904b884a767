// The storefront's Lighthouse budget (docs/architecture.md §9) holds on every run, not on the median. Five
// runs of a page are summarised around their worst one: its score, its CLS, and the metrics that explain it.

/** The lab metrics behind the score (ms), kept to explain a low score. */
export const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
} as const;
export type Metrics = Record<keyof typeof METRICS, number>;

export interface Run {
  /** Mobile performance score, 0–100. */
  performance: number;
  cls: number;
  metrics: Metrics;
  /** Lighthouse's CPU benchmark during the run (lower: a slower, busier machine). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
}

/** One attempt at a run: its result, or the Lighthouse error code it ended with (`last`: no retry followed). */
export type Attempt = { run: Run } | { error: string; last: boolean };

export interface PageSummary {
  path: string;
  /** The run with the lowest score (of equal scores, the slowest LCP): the one the budget is checked on. */
  worst: Run | undefined;
  medianPerformance: number;
  /** The largest CLS of any run. */
  worstCls: number;
  runs: Run[];
  /** Error codes of the attempts that failed, retried or not. */
  failures: string[];
  /** Runs whose every attempt failed: no score, so the budget cannot be said to hold. */
  unmeasured: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function summarise(path: string, attempts: Attempt[]): PageSummary {
  const runs = attempts.flatMap((a) => ('run' in a ? [a.run] : []));
  const failures = attempts.flatMap((a) => ('error' in a ? [a.error] : []));
  const unmeasured = attempts.filter((a) => 'error' in a && a.last).length;
  const worst = [...runs].sort(
    (a, b) => a.performance - b.performance || b.metrics.LCP - a.metrics.LCP || b.metrics.TBT - a.metrics.TBT,
  )[0];
  return {
    path,
    worst,
    medianPerformance: runs.length ? median(runs.map((r) => r.performance)) : Number.NaN,
    worstCls: runs.length ? Math.max(...runs.map((r) => r.cls)) : Number.NaN,
    runs,
    failures,
    unmeasured,
  };
}

/** The page's budgets, checked on its worst run; a run Lighthouse never measured fails both. */
export function pageBudgetHolds(
  page: PageSummary,
  budgets: { performance: number; cls: number },
): { performance: boolean; cls: boolean } {
  const measured = page.worst !== undefined && page.unmeasured === 0;
  return {
    performance: measured && page.worst!.performance >= budgets.performance,
    cls: measured && page.worstCls < budgets.cls,
  };
}
