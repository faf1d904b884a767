import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { refreshFamilies, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Which unique index a new account ran into: the username's, or (any other) the e-mail's. */
export type TakenField = { taken: 'username' | 'email' };

/** The SQL of staff accounts: users whose role is admin or staff. */
export const staffRepository = {
  async list(db: Db): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(inArray(users.role, ['admin', 'staff']))
      .orderBy(asc(users.role), asc(users.email));
  },

  async lockByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .for('update');
    return row;
  },

  /** Every admin row, locked: two admins demoting each other at once must not leave none. */
  async lockAdmins(tx: Tx) {
    return tx
      .select({ id: users.id, disabled: users.disabled })
      .from(users)
      .where(eq(users.role, 'admin'))
      .for('update');
  },

  async lockStaffMember(tx: Tx, id: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), ne(users.role, 'customer')))
      .for('update');
    return row;
  },

  async setRole(
    tx: Tx,
    id: string,
    change: { role: 'admin' | 'staff'; disabled?: boolean },
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...change, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  async insert(
    tx: Tx,
    values: Pick<
      typeof users.$inferInsert,
      'email' | 'username' | 'firstName' | 'lastName' | 'passwordHash' | 'role' | 'createdAt' | 'updatedAt'
    >,
  ): Promise<UserRow | TakenField | undefined> {
    const inserted = await tx
      .insert(users)
      .values(values)
      .returning()
      .catch((err: unknown): TakenField => {
        const constraint = uniqueViolation(err);
        if (constraint === 'users_username_key') return { taken: 'username' };
        if (constraint !== undefined) return { taken: 'email' };
        throw err;
      });
    return Array.isArray(inserted) ? inserted[0] : inserted;
  },

  /** Ends every session of the user: their refresh tokens stop working (role change, disabling). */
  async revokeSessions(tx: Tx, userId: string, reason: string, now: Date) {
    await tx
      .update(refreshFamilies)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
  },
};
