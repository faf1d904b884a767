import type { PublicUser } from '@shop/contracts/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { unauthorized } from '../../errors.ts';
import type { Deps } from '../../services.ts';

type UserRow = typeof users.$inferSelect;

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

export function createAuthService({ db }: Deps) {
  return {
    /** The signed-in user's public profile; a deleted or disabled account is no longer signed in. */
    async getPublicUser(userId: string): Promise<PublicUser> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || user.disabled) throw unauthorized('Your session is invalid or has expired');
      return toPublicUser(user);
    },
  };
}
