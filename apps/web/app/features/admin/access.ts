import type { PublicUser } from '@shop/contracts/auth';

/** Who may open the admin area: staff and admins. Settings and staff accounts: admins only. */
export const isStaff = (user: PublicUser | null | undefined): boolean =>
  user?.role === 'staff' || user?.role === 'admin';
export const isAdmin = (user: PublicUser | null | undefined): boolean => user?.role === 'admin';

/** Where a signed-out or non-staff visitor of any /admin page is sent. */
export const ADMIN_LOGIN_PATH = '/admin/auth/login';
