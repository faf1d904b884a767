import { useEffect, useState } from 'react';

/**
 * False while the server renders and the browser hydrates, true afterwards. Server-rendered forms keep
 * their submit button disabled until then: a native submit before hydration would put the fields
 * (a password!) into the URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
