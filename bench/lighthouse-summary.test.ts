import { describe, expect, it } from 'vitest';
import { type Attempt, pageBudgetHolds, type Run, summarise } from './lighthouse-summary.ts';

const run = (performance: number, over: Partial<Run> & { LCP?: number; TBT?: number } = {}): Run => ({
  performance,
  cls: over.cls ?? 0,
  metrics: { FCP: 900, LCP: over.LCP ?? 1200, TBT: over.TBT ?? 50, SI: 1000 },
  benchmarkIndex: 2000,
  load: 1,
});
const budgets = { performance: 95, cls: 0.05 };

describe('summarise (the budget holds on every run)', () => {
  it('checks the budget on the worst run, with the median beside it', () => {
    const page = summarise(
      '/',
      [98, 97, 91, 99, 96].map((p) => ({ run: run(p) })),
    );
    expect(page.worst?.performance).toBe(91);
    expect(page.medianPerformance).toBe(97);
    // The median alone would pass: the worst run does not.
    expect(pageBudgetHolds(page, budgets).performance).toBe(false);
  });

  it("keeps the worst run's metrics, so a low score explains itself", () => {
    const page = summarise('/products', [
      { run: run(96, { LCP: 1100, TBT: 20 }) },
      { run: run(93, { LCP: 2100, TBT: 310 }) },
      { run: run(93, { LCP: 2500, TBT: 120 }) },
    ]);
    // Of equal scores, the slower LCP is the worse run.
    expect(page.worst?.metrics).toMatchObject({ LCP: 2500, TBT: 120 });
  });

  it('passes when every run is within budget, and takes the largest CLS of any run', () => {
    const page = summarise('/', [{ run: run(95) }, { run: run(99, { cls: 0.049 }) }]);
    expect(page.worstCls).toBe(0.049);
    expect(pageBudgetHolds(page, budgets)).toEqual({ performance: true, cls: true });
    const shifted = summarise('/', [{ run: run(99) }, { run: run(99, { cls: 0.05 }) }]);
    expect(pageBudgetHolds(shifted, budgets).cls).toBe(false);
  });

  it('reports a retried Lighthouse failure without counting it as a score', () => {
    const attempts: Attempt[] = [{ error: 'NO_NAVSTART', last: false }, { run: run(97) }, { run: run(98) }];
    const page = summarise('/', attempts);
    expect(page.runs).toHaveLength(2);
    expect(page.failures).toEqual(['NO_NAVSTART']);
    expect(pageBudgetHolds(page, budgets)).toEqual({ performance: true, cls: true });
  });

  it('fails the budget when a run was never measured', () => {
    const attempts: Attempt[] = [
      { run: run(99) },
      { error: 'NO_NAVSTART', last: false },
      { error: 'NO_NAVSTART', last: false },
      { error: 'NO_FCP', last: true },
    ];
    const page = summarise('/', attempts);
    expect(page.unmeasured).toBe(1);
    expect(pageBudgetHolds(page, budgets)).toEqual({ performance: false, cls: false });
    expect(pageBudgetHolds(summarise('/', []), budgets)).toEqual({ performance: false, cls: false });
  });
});
