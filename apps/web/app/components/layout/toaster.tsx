import { TOAST } from '@shop/contracts/constants';
import { useEffect, useState } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { takeFlash } from '../../lib/flash.ts';

/**
 * docs/product.md §4/§9 toasts: success 2 s, error 4 s, blank 4 s, loading until dismissed; at most 20 at once;
 * removed 1 s after dismissal. Loaded after hydration by the layouts (not part of the first paint).
 */
export default function AppToaster() {
  const { toasts } = useToasterStore();
  const top = useTopBelowHeader(toasts.length);
  useEffect(() => {
    // A message the previous page left before a full page load (lib/app-navigator.ts) shows here.
    const flash = takeFlash();
    if (flash) toast[flash.kind](flash.message, { id: flash.id });
  }, []);
  useEffect(() => {
    // Newest first: everything past the 20th visible toast is dismissed.
    for (const t of toasts.filter((t) => t.visible).slice(TOAST.limit)) toast.dismiss(t.id);
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      // Toasts sit below the page's header, never over the navbar.
      containerStyle={{ top }}
      toastOptions={{
        removeDelay: TOAST.removeDelayMs,
        success: { duration: TOAST.successMs },
        error: { duration: TOAST.errorMs },
        blank: { duration: TOAST.blankMs },
        loading: { duration: Number.POSITIVE_INFINITY },
      }}
    />
  );
}

/** Space between the header's lower edge and the first toast, and the offset without a header. */
const GAP_PX = 12;

/** Just below the page's first <header> as it is laid out now; the plain offset without one. */
function belowHeader(): number {
  const header = document.querySelector('header');
  return header ? header.offsetTop + header.offsetHeight + GAP_PX : GAP_PX;
}

/**
 * Where toasts start: just below the page's first <header> (the storefront's sticky navbar, the auth
 * pages' bar, the admin's top bar), following its height as it changes (a wrapped line, a banner), and
 * measured again whenever a toast comes — the header may have been laid out, or replaced, since the
 * toaster was mounted. Layout positions, not the scroll position: the storefront's header is sticky.
 */
function useTopBelowHeader(toastCount: number): number {
  const [top, setTop] = useState(GAP_PX);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const observer = new ResizeObserver(() => setTop(belowHeader()));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is the trigger, not an input
  useEffect(() => setTop(belowHeader()), [toastCount]);
  return top;
}
