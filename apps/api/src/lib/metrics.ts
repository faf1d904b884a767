import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A gauge's reading: one number, or one number per label value (e.g. `{ idle: 3, total: 5 }`). */
export type Reading = number | Record<string, number>;

/**
 * The shop's metrics (observability), in Prometheus' text format at `GET /metrics`. One
 * registry per app (tests build several), with Node's process metrics. Modules add their own through
 * this small surface rather than importing prom-client: a counter they increment, or a gauge read when
 * scraped (the job queue's depth and failures, the database pool's use).
 *
 * Label values must come from a small fixed set (a route's pattern, never its URL; a status class,
 * never a user's id): every distinct value is a series Prometheus keeps.
 */
export interface Metrics {
  readonly registry: Registry;
  /** A counter, e.g. `shop_orders_placed_total`; `labelNames` fix its labels. */
  counter<L extends string = never>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  /**
   * A gauge read when scraped. `collect` answers a number, or one per value of `label`
   * (`gauge('shop_db_pool_connections', '…', read, 'state')` → `{ state="idle" } 3` …).
   */
  gauge(name: string, help: string, collect: () => Reading | Promise<Reading>, label?: string): void;
  /** A histogram in seconds, e.g. a request's or a job's duration. */
  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets?: number[]): Histogram<L>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    counter(name, help, labelNames = []) {
      return new Counter({ name, help, labelNames, registers: [registry] });
    },
    gauge(name, help, read, label) {
      new Gauge({
        name,
        help,
        labelNames: label ? [label] : [],
        registers: [registry],
        async collect() {
          const reading = await read();
          this.reset();
          if (typeof reading === 'number') this.set(reading);
          else for (const [value, n] of Object.entries(reading)) this.set({ [label ?? 'kind']: value }, n);
        },
      });
    },
    histogram(name, help, labelNames, buckets) {
      return new Histogram({ name, help, labelNames, registers: [registry], ...(buckets ? { buckets } : {}) });
    },
  };
}
