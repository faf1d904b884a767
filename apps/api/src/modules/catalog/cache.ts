import { LRUCache } from 'lru-cache';

/**
 * A value loaded at most once per `ttlMs`; concurrent callers share one load. `clear()` forgets it, and a
 * load that was under way when it was called is not kept (it may have read the rows before the change).
 */
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

/** What a pending answer is counted as until it arrives and can be measured. */
const PENDING_BYTES = 1_024;
/**
 * Heap bytes per byte of an answer's JSON, with a fixed cost per entry (key, list node, promise). Measured
 * (`npm run bench`, "listing cache memory"): parsed rows as objects take about 1.5× their JSON in V8; 2×
 * keeps the budget on the safe side.
 */
const HEAP_PER_JSON_BYTE = 2;
const ENTRY_OVERHEAD_BYTES = 512;

/** About what `value` holds on the heap, from its JSON length (see HEAP_PER_JSON_BYTE). */
export function estimateBytes(value: unknown): number {
  const json = JSON.stringify(value);
  return ENTRY_OVERHEAD_BYTES + HEAP_PER_JSON_BYTE * (json === undefined ? 0 : json.length);
}

/**
 * Answers kept for a moment, bounded by memory rather than by count (2,000 distinct
 * listing queries once grew a process by 269 MB): at most `maxBytes` (CACHE_MAX_MB) as `estimateBytes`
 * counts them, least recently used out first. An answer is shared by concurrent callers while it loads
 * and kept for its `ttlMs`; a failure is not kept. `clear()` empties it, and anything that was loading
 * then is not stored (it may have read the rows before the change that cleared it).
 */
export function answerCache(maxBytes: number) {
  const lru = new LRUCache<string, { value: unknown }>({
    maxSize: maxBytes,
    // Through the global, so a test's fake clock is this cache's clock too.
    perf: { now: () => performance.now() },
    ttlResolution: 0,
    // An expired answer is never given again: it leaves when it expires, not when the bytes run out (a
    // burst of distinct listings would otherwise hold the heap at the cap long after).
    ttlAutopurge: true,
  });
  let generation = 0;

  return {
    /** The kept answer for `key`, else `load()`'s, shared while it runs and kept for `ttlMs`. */
    shared<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = lru.get(key);
      if (hit) return hit.value as Promise<T>;
      const promise = load();
      lru.set(key, { value: promise }, { ttl: ttlMs, size: PENDING_BYTES });
      const stillThere = () => lru.peek(key)?.value === promise;
      promise.then(
        (value) => {
          // Measured once it is there (a new holder: lru-cache sizes a value when it changes), keeping
          // its time to live; not if it was cleared or replaced meanwhile.
          if (stillThere())
            lru.set(key, { value: promise }, { ttl: ttlMs, size: estimateBytes(value), noUpdateTTL: true });
        },
        () => {
          if (stillThere()) lru.delete(key);
        },
      );
      return promise;
    },

    get<T>(key: string): T | undefined {
      return lru.get(key)?.value as T | undefined;
    },

    /** Where a value is computed outside `shared`: `since` is `generation()` read before computing it. */
    set(key: string, value: unknown, ttlMs: number, since: number) {
      if (since !== generation || ttlMs <= 0) return;
      lru.set(key, { value }, { ttl: ttlMs, size: estimateBytes(value) });
    },

    /** Changes on every `clear()`. */
    generation: () => generation,

    clear() {
      generation += 1;
      lru.clear();
    },

    /** What the kept answers count as now, in bytes. */
    bytes: () => lru.calculatedSize,
    entries: () => lru.size,
  };
}
export type AnswerCache = ReturnType<typeof answerCache>;
