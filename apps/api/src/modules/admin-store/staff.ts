import { STAFF_MSG, type StaffCreateBody, type StaffMember, type StaffUpdateBody } from '@shop/contracts/admin-store';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { refreshFamilies, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';

type UserRow = typeof users.$inferSelect;

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

/** Ends every session of the user: their refresh tokens stop working (role change, disabling). */
async function revokeSessions(tx: Tx, userId: string, reason: string, now: Date) {
  await tx
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
}

/**
 * Staff accounts (issue 5, admin only). Promotion and creation share one form; an admin can never
 * demote or disable themselves, and the shop always keeps one active admin.
 */
export const staffAccounts = {
  async list(db: Db): Promise<StaffMember[]> {
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.role, ['admin', 'staff']))
      .orderBy(asc(users.role), asc(users.email));
    return rows.map(staffToWire);
  },

  /** Creates the account, or promotes the existing one with this e-mail. */
  async create(
    tx: Tx,
    body: StaffCreateBody,
    now: Date,
  ): Promise<{ before: StaffMember | null; after: StaffMember; created: boolean }> {
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`)
      .for('update');
    if (existing) {
      if (existing.role === body.role) throw conflict(STAFF_MSG.already(body.role));
      const [updated] = await tx
        .update(users)
        .set({ role: body.role, updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
      if (!updated) throw notFound(STAFF_MSG.notFound);
      await revokeSessions(tx, existing.id, 'role changed', now);
      return {
        before: existing.role === 'customer' ? null : staffToWire(existing),
        after: staffToWire(updated),
        created: false,
      };
    }
    if (!body.first_name || !body.last_name || !body.username || !body.password) throw badRequest(STAFF_MSG.missing);
    const passwordHash = await hashPassword(body.password);
    const [row] = await tx
      .insert(users)
      .values({
        email: body.email,
        username: body.username,
        firstName: body.first_name,
        lastName: body.last_name,
        passwordHash,
        role: body.role,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .catch((err: unknown) => {
        const constraint = uniqueViolation(err);
        if (constraint === 'users_username_key') throw conflict(STAFF_MSG.usernameTaken, { field: 'username' });
        if (constraint !== undefined) throw conflict('An account with this e-mail already exists', { field: 'email' });
        throw err;
      });
    if (!row) throw new Error('user not created');
    return { before: null, after: staffToWire(row), created: true };
  },

  async update(
    tx: Tx,
    actorId: string,
    id: string,
    patch: StaffUpdateBody,
    now: Date,
  ): Promise<{ before: StaffMember; after: StaffMember }> {
    // Lock every admin row: two admins demoting each other at once must not leave none.
    const admins = await tx
      .select({ id: users.id, disabled: users.disabled })
      .from(users)
      .where(eq(users.role, 'admin'))
      .for('update');
    // An access token outlives a demotion by up to its 15 minutes: the acting admin must still be one.
    if (!admins.some((a) => a.id === actorId && !a.disabled)) throw forbidden('Only admins can change staff accounts');
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), ne(users.role, 'customer')))
      .for('update');
    if (!row) throw notFound(STAFF_MSG.notFound);
    const role = patch.role ?? (row.role === 'admin' ? 'admin' : 'staff');
    const disabled = patch.disabled ?? row.disabled;
    const losesAdmin = row.role === 'admin' && !row.disabled && (role !== 'admin' || disabled);
    if (id === actorId && (role !== row.role || (disabled && !row.disabled))) throw conflict(STAFF_MSG.self);
    if (losesAdmin && !admins.some((a) => a.id !== id && !a.disabled)) throw conflict(STAFF_MSG.lastAdmin);
    const [updated] = await tx
      .update(users)
      .set({ role, disabled, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw notFound(STAFF_MSG.notFound);
    if (role !== row.role || (disabled && !row.disabled)) {
      await revokeSessions(tx, id, role !== row.role ? 'role changed' : 'disabled', now);
    }
    return { before: staffToWire(row), after: staffToWire(updated) };
  },
};
