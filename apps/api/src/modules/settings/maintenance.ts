import { MAINTENANCE_MSG } from '@shop/contracts/admin-settings';
import { ERROR_CODES } from '@shop/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SettingsService } from './service.ts';

/** What keeps working during maintenance besides reads: staff, sign-in, and reports of the error page. */
const OPEN_PREFIXES = ['/api/admin/', '/api/auth/', '/api/error-reports', '/api/health', '/api/ready'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The HttpOnly cookie with a staff session's storefront preview token (ADR 016). */
export const STAFF_PREVIEW_COOKIE = 'shop_staff_preview';
/** Pages that stay open during maintenance besides the admin area: the status page its error page links to. */
const OPEN_PAGES = new Set(['/status']);

/**
 * Maintenance mode for the API (docs/product.md §10): while it is on, shoppers' calls that change
 * something (cart, checkout, orders, reviews, wishlist, forms…) answer 503; reads, staff routes and
 * sign-in keep working. One look at the cached settings per changing request.
 */
export function maintenanceHook(settings: SettingsService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (READS.has(request.method)) return;
    const url = request.url;
    if (OPEN_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    if (!(await settings.get()).maintenanceMode) return;
    return reply
      .status(503)
      .header('retry-after', '300')
      .send({ message: MAINTENANCE_MSG, code: ERROR_CODES.unavailable });
  };
}

/** Whether a page path stays reachable during maintenance (the admin area and its sign-in, the status page). */
export function pageOpenDuringMaintenance(pathname: string): boolean {
  return (
    pathname === '/admin' ||
    pathname.startsWith('/admin/') ||
    pathname.startsWith('/admin.') ||
    OPEN_PAGES.has(pathname)
  );
}

/** The preview token in a request's Cookie header, if any. */
export function previewTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === STAFF_PREVIEW_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
