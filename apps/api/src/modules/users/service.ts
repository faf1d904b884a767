import type { Profile } from '@shop/contracts/cart';
import { ok, type Result } from '../../lib/result.ts';
import type { AuthService, SessionInvalid } from '../auth/index.ts';
import type { CartService } from '../cart/index.ts';

/** The users service's expected failures: the account behind a valid token is gone or disabled. */
export type UsersFailure = SessionInvalid;

/** The signed-in user's own data, composed from the auth and cart services. */
export function createUsersService({ auth, cart }: { auth: AuthService; cart: CartService }) {
  return {
    /**
     * GET users/me (docs/product.md §3, §7): the public user plus the server cart, which the storefront uses to
     * replace its local cart (docs/product.md §4). `session_invalid` when the account is gone or disabled.
     */
    async getProfile(userId: string): Promise<Result<Profile, UsersFailure>> {
      const user = await auth.getPublicUser(userId);
      if (!user.ok) return user;
      return ok({ ...user.value, cart: await cart.getCart(userId) });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
