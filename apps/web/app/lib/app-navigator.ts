/**
 * Lets code outside React (the API client's session expiry, spec §8) navigate with the router. The
 * layouts register the router's navigate; until then a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setAppNavigator(fn: Navigate): () => void {
  navigate = fn;
  return () => {
    if (navigate === fn) navigate = (to) => window.location.assign(to);
  };
}

export function appNavigate(to: string): void {
  navigate(to);
}
