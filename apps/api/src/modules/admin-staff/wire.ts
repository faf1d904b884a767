import type { StaffMember } from '@shop/contracts/admin-staff';
import type { UserRow } from './repository.ts';

export function staffToWire(u: UserRow): StaffMember {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role === 'admin' ? 'admin' : 'staff',
    disabled: u.disabled,
    created_at: u.createdAt.toISOString(),
  };
}
