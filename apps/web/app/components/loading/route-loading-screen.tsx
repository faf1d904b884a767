import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { loadingVariantForPath } from './loading-variants.ts';

/** Navigations shorter than this show no loading screen: a flash would be worse than nothing. */
export const LOADING_SCREEN_DELAY_MS = 150;

type ScreenModule = typeof import('./loading-screen.tsx');
/** The screen's code, once loaded. It stays out of the first paint (the initial JS budget, docs/architecture.md §9). */
let screenModule: ScreenModule | undefined;
const loadScreen = () =>
  import('./loading-screen.tsx').then((m) => {
    screenModule = m;
    return m;
  });

/**
 * The full-page loading screen while a route's code or data loads (docs/product.md §2 'Routes load lazily; a
 * full-page loading screen shows meanwhile'). Mount it once in a layout. It appears when a navigation
 * to another page has been loading for 150 ms, in the variant of the destination (products, checkout,
 * profile, general). Changes of the query on the same page (filters, sorting) keep the page: it shows
 * its own progress.
 */
export function RouteLoadingScreen({ delayMs = LOADING_SCREEN_DELAY_MS }: { delayMs?: number }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target =
    navigation.state === 'loading' && navigation.location.pathname !== pathname ? navigation.location.pathname : null;
  const [shown, setShown] = useState<string | null>(null);
  const [, setLoaded] = useState(screenModule !== undefined);

  useEffect(() => {
    if (target === null) {
      setShown(null);
      return;
    }
    let current = true;
    // The code loads while the threshold runs, so the screen can show the moment it is due. No
    // Suspense here: React would hold the revealed screen back for its own reveal throttle.
    if (!screenModule) void loadScreen().then(() => current && setLoaded(true));
    const timer = setTimeout(() => setShown(target), delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [target, delayMs]);

  if (shown === null || !screenModule) return null;
  const { LoadingScreen } = screenModule;
  return <LoadingScreen variant={loadingVariantForPath(shown)} overlay />;
}

const LazyLoadingScreen = lazy(() => loadScreen().then((m) => ({ default: m.LoadingScreen })));

/**
 * The loading screen in the variant of the current path, for a route's HydrateFallback (client-rendered
 * routes loading their data on first load). Its code loads on demand, like the overlay's.
 */
export function LoadingFallback() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={null}>
      <LazyLoadingScreen variant={loadingVariantForPath(pathname)} />
    </Suspense>
  );
}
