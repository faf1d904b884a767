import type { Profile } from '@shop/contracts/cart';
import { profile } from '@shop/contracts/cart';
import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

/** GET users/me (docs/product.md §7): the signed-in user with their server cart. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get('users/me', { signal }).json().then(contract(profile));
}

/**
 * The profile query of the account page. `onLoad` sees every profile fetched from the server (docs/product.md §4:
 * its cart replaces the local one) — not the cache updates the page makes after saving a form.
 */
export function profileQuery(userId: string, onLoad?: (profile: Profile) => void) {
  return queryOptions({
    queryKey: accountKeys.profile(userId),
    queryFn: async ({ signal }) => {
      const profile = await getProfile(signal);
      onLoad?.(profile);
      return profile;
    },
  });
}
