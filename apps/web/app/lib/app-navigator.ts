import { type Flash, leaveFlash } from './flash.ts';

/**
 * Lets code outside React (the API client's session expiry, docs/product.md §8) navigate with the router. The
 * layouts register the router's navigate; until then a full page load does the job, and the message
 * meant for the shopper goes with it to the next page (lib/flash.ts) instead of dying with this one.
 */
type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

export function setAppNavigator(fn: Navigate): () => void {
  navigate = fn;
  return () => {
    if (navigate === fn) navigate = null;
  };
}

/** Goes to `to`, then shows `flash` there: at once with the router, or on the next page after a full load. */
export function appNavigate(to: string, flash?: Flash): void {
  if (navigate) {
    navigate(to);
    if (flash) void import('react-hot-toast').then(({ toast }) => toast[flash.kind](flash.message, { id: flash.id }));
    return;
  }
  if (flash) leaveFlash(flash);
  window.location.assign(to);
}
