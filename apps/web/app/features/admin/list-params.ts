import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state (page, search, filters) lives in the URL, so a reload or a shared link shows the same
 * list and Back returns to it. Setting any filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const { values, page } = readListParams(params, keys);

  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { values, page, set };
}

/** The list's state in a URL's query: what `useListParams` shows, and what a route's loader fetches. */
export function readListParams<K extends string>(params: URLSearchParams, keys: readonly K[]) {
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { values, page };
}
