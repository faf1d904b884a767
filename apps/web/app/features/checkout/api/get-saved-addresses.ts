import type { SavedAddress } from '@shop/contracts/account';
import { api } from '../../../lib/http.ts';

/** GET /api/users/me/addresses: the signed-in shopper's address book. */
export function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return api.get('users/me/addresses', { signal }).json<SavedAddress[]>();
}
