import type { Role } from '@shop/contracts/auth';

/** How a staff member's role reads on their account page (customers see none). */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  staff: 'Staff',
  admin: 'Administrator',
};
