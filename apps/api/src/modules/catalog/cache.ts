/** A value loaded at most once per `ttlMs`; concurrent callers share one load. */
export function cached<T>(ttlMs: number, load: () => Promise<T>) {
  let entry: { promise: Promise<T>; expires: number } | undefined;
  return {
    get(): Promise<T> {
      const now = performance.now();
      if (entry && now < entry.expires) return entry.promise;
      const promise = load();
      const current = { promise, expires: now + ttlMs };
      entry = current;
      // A failed load is not kept: the next caller tries again.
      promise.catch(() => {
        if (entry === current) entry = undefined;
      });
      return promise;
    },
    clear() {
      entry = undefined;
    },
  };
}

/** Remembers up to `max` values for `ttlMs` each, dropping the least recently used first. */
export function lruCache<T>(ttlMs: number, max: number) {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (performance.now() >= entry.expires) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: T) {
      entries.delete(key);
      entries.set(key, { value, expires: performance.now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    delete(key: string) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
export type LruCache<T> = ReturnType<typeof lruCache<T>>;
