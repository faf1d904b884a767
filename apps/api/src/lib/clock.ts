/** The time source of every rule that depends on time, so tests can move it (tokens, expiries, waits). */
export interface Clock {
  now(): Date;
  /** Resolves after `ms` of this clock's time, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (ms <= 0 || signal?.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    }),
};

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(d: Date): void;
  /** How many sleeps are waiting for this clock to move. */
  sleeping(): number;
}

/** A clock that tests set and advance by hand; its sleeps wake only when it is moved past them. */
export function manualClock(start = new Date()): ManualClock {
  let current = start.getTime();
  let sleepers: { due: number; wake: () => void }[] = [];
  const wakeDue = () => {
    const due = sleepers.filter((s) => s.due <= current);
    sleepers = sleepers.filter((s) => s.due > current);
    for (const s of due) s.wake();
  };
  return {
    now: () => new Date(current),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        if (ms <= 0 || signal?.aborted) return resolve();
        const sleeper = { due: current + ms, wake: () => resolve() };
        sleepers.push(sleeper);
        signal?.addEventListener(
          'abort',
          () => {
            sleepers = sleepers.filter((s) => s !== sleeper);
            resolve();
          },
          { once: true },
        );
      }),
    advance: (ms) => {
      current += ms;
      wakeDue();
    },
    set: (d) => {
      current = d.getTime();
      wakeDue();
    },
    sleeping: () => sleepers.length,
  };
}
