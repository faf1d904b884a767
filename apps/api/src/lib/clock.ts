/** The time source of every rule that depends on time, so tests can move it (tokens, expiries). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests set and advance by hand. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}
