import { DELAYS } from '@shop/contracts/constants';
import { useCallback, useEffect, useRef } from 'react';

/**
 * docs/product.md §4: form errors clear automatically 2 seconds after a submit. Returns `schedule`, to call when
 * a submit shows errors (invalid fields or a failed request); a newer submit restarts the wait.
 */
export function useErrorTimeout(clear: () => void): () => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestClear = useRef(clear);
  latestClear.current = clear;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestClear.current(), DELAYS.formErrorMs);
  }, []);
}
