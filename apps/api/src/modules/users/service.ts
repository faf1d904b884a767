import type { Profile } from '@shop/contracts/cart';
import type { createAuthService } from '../auth/service.ts';
import type { CartService } from '../cart/service.ts';

/** The signed-in user's own data, composed from the auth and cart services. */
export function createUsersService({ auth, cart }: { auth: ReturnType<typeof createAuthService>; cart: CartService }) {
  return {
    /**
     * GET users/me (spec §3, §7): the public user plus the server cart, which the storefront uses to
     * replace its local cart (spec §4). 401 when the account is gone or disabled.
     */
    async getProfile(userId: string): Promise<Profile> {
      const user = await auth.getPublicUser(userId);
      return { ...user, cart: await cart.getCart(userId) };
    },
  };
}
