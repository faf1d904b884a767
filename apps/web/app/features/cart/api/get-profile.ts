import type { Profile } from '@shop/contracts/cart';
import { profile } from '@shop/contracts/cart';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** GET users/me: the signed-in shopper's profile, which carries the server cart. */
export function getProfile(): Promise<Profile> {
  return api.get('users/me').json().then(contract(profile));
}
