import type { PublicUser } from '@shop/contracts/auth';
import type { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** A user as the API shows it to its owner (docs/product.md §7 `user`). */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    name: `${u.firstName} ${u.lastName}`.trim(),
  };
}
