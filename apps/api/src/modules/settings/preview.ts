import type { Deps } from '../../services.ts';
import type { AuthService } from '../auth/index.ts';
import { type AccessClaims, PREVIEW_TTL_SECONDS } from '../auth/index.ts';
import { STAFF_PREVIEW_COOKIE } from './maintenance.ts';

/**
 * The HttpOnly cookie that lets a staff session's browser see the
 * storefront while maintenance mode is on. It holds a preview token bound to that session, and is
 * `Secure` when the shop is served over https.
 */
export function createStorefrontPreviewService(
  { publicUrl }: Pick<Deps, 'publicUrl'>,
  { auth }: { auth: AuthService },
) {
  const secure = new URL(publicUrl).protocol === 'https:';
  const cookie = (value: string, maxAge: number) =>
    `${STAFF_PREVIEW_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  return {
    /** The Set-Cookie value that starts this session's preview. */
    async start(user: AccessClaims): Promise<string> {
      return cookie(await auth.staffPreviewToken(user), PREVIEW_TTL_SECONDS);
    },

    /** The Set-Cookie value that ends a browser's preview. */
    end(): string {
      return cookie('', 0);
    },
  };
}
export type StorefrontPreviewService = ReturnType<typeof createStorefrontPreviewService>;
