import type { Role } from '@shop/contracts/auth';

/** How a member's role reads on their account page. */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  staff: 'Staff',
  admin: 'Administrator',
};
