import type { Deps } from '../../services.ts';

export function createWishlistService(_deps: Deps) {
  return {};
}
