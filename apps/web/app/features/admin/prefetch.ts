import type { FetchQueryOptions } from '@tanstack/react-query';
import { getQueryClient } from '../../lib/query-client.ts';
import { sessionStore, syncSessionFromStorage } from '../auth/index.ts';
import { isAdmin, isStaff } from './access.ts';
import { timeZoneQuery } from './api/time-zone.ts';
import { setAdminTimeZone } from './format.ts';

// biome-ignore lint/suspicious/noExplicitAny: query options of any data and key
type AnyQueryOptions = FetchQueryOptions<any, any, any, any>;

/**
 * What an admin route's `clientLoader` does: fills the one query cache for the page
 * (`ensureQueryData`), so the page reads that load instead of starting its own on render. Only for
 * staff (the layout sends everyone else to sign in; `admin` narrows it to admins, as Settings is). The
 * loader does not wait for the answers: the page opens at once and shows its "Loading…" until they
 * arrive, as it always did; a failed query stays in the cache as an error, which the page shows in its
 * place. The queries may be worked out once the user is known to be staff (a function).
 */
export async function ensureAdminData(
  queries: AnyQueryOptions[] | (() => Promise<AnyQueryOptions[]>),
  who: 'staff' | 'admin' = 'staff',
): Promise<null> {
  syncSessionFromStorage();
  const user = sessionStore.getState().user;
  if (!(who === 'admin' ? isAdmin(user) : isStaff(user))) return null;
  const client = getQueryClient();
  void (async () => {
    const list = typeof queries === 'function' ? await queries() : queries;
    await Promise.allSettled(list.map((query) => client.ensureQueryData(query)));
  })().catch(() => undefined);
  return null;
}

/**
 * An admin page keeps its filters in the URL and fetches each change itself (the previous rows stay
 * while the next load): its loader fills the cache when the page is opened, not again on every
 * keystroke of a search.
 */
export function revalidateOnPageChange({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}

/**
 * The store's time zone before a loader counts days in it (the dashboard's and reports' default range):
 * the admin frame sets the same once it renders, and falls back to UTC as this does.
 */
export async function inStoreTimeZone(): Promise<void> {
  const zone = await getQueryClient()
    .ensureQueryData(timeZoneQuery)
    .then(
      (z) => z.time_zone,
      () => 'UTC',
    );
  setAdminTimeZone(zone);
}
