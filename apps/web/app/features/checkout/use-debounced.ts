import { useEffect, useState } from 'react';

export interface Debounced<T> {
  /** The last value that stayed the same for the delay; undefined until one has. */
  value: T | undefined;
  /** Whether the current value is that one (false while a change is still resting). */
  rested: boolean;
}

/**
 * `value` once it has stayed the same for `delayMs`. `key` says what counts as a change (by default the
 * value itself), for values rebuilt on every render.
 */
export function useDebounced<T>(value: T, delayMs: number, key: unknown = value): Debounced<T> {
  const [last, setLast] = useState<{ key: unknown; value: T }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`
  useEffect(() => {
    const timer = setTimeout(() => setLast({ key, value }), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return { value: last?.value, rested: last !== undefined && Object.is(last.key, key) };
}
