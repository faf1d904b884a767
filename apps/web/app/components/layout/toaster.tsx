import { TOAST } from '@shop/contracts/constants';
import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

/**
 * spec §4/§9 toasts: success 2 s, error 4 s, blank 4 s, loading until dismissed; at most 20 at once;
 * removed 1 s after dismissal. Loaded after hydration by the layouts (not part of the first paint).
 */
export default function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // Newest first: everything past the 20th visible toast is dismissed.
    for (const t of toasts.filter((t) => t.visible).slice(TOAST.limit)) toast.dismiss(t.id);
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
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
