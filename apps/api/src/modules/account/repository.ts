import type { addressBody, updateAddressBody } from '@shop/contracts/account';
import { TOKENS } from '@shop/contracts/constants';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  carts,
  emailChangeTokens,
  newsletterSubscribers,
  orders,
  passwordResetTokens,
  productSubscribers,
  refreshFamilies,
  users,
  wishlistItems,
} from '../../db/schema.ts';
import { byEmail, type UserRow } from '../auth/index.ts';
import type { AddressRow } from './wire.ts';

export type AddressInput = z.infer<typeof addressBody>;
export type AddressPatch = z.infer<typeof updateAddressBody>;

/** Optional text fields: '' (cleared in the form) is stored as null. */
const orNull = (v: string | undefined) => (v ? v : null);

function addressColumns(input: AddressPatch) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.line1 !== undefined ? { line1: input.line1 } : {}),
    ...(input.line2 !== undefined ? { line2: orNull(input.line2) } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    ...(input.region !== undefined ? { region: orNull(input.region) } : {}),
    ...(input.postal_code !== undefined ? { postalCode: input.postal_code } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
    ...(input.phone !== undefined ? { phone: orNull(input.phone) } : {}),
  };
}

/** The SQL of the signed-in shopper's own account: the user row, its links, sessions and address book. */
export function createAccountRepository(db: Db) {
  /**
   * Ends the user's open e-mail change links: a new request replaces them, a confirmed change spends
   * them, and a password change kills them (the request may have been a thief's).
   */
  function dropEmailChanges(tx: Tx, userId: string, now: Date) {
    return tx
      .update(emailChangeTokens)
      .set({ usedAt: now })
      .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
  }

  return {
    /** Reads the user, locking the row when inside a transaction that changes the user's data. */
    async user(userId: string, tx?: Tx): Promise<UserRow | undefined> {
      const query = (tx ?? db).select().from(users).where(eq(users.id, userId));
      const [user] = tx ? await query.for('update') : await query;
      return user;
    },

    async usernameTakenByOther(userId: string, username: string): Promise<boolean> {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(ne(users.id, userId), sql`lower(${users.username}) = ${username.toLowerCase()}`));
      return taken !== undefined;
    },

    /** Changes names and username of an enabled account; undefined when there is none. */
    async updateProfile(
      userId: string,
      set: { firstName?: string; lastName?: string; username?: string; updatedAt: Date },
    ): Promise<UserRow | undefined> {
      const [updated] = await db
        .update(users)
        .set(set)
        .where(and(eq(users.id, userId), eq(users.disabled, false)))
        .returning();
      return updated;
    },

    async emailTakenByOther(tx: Tx, userId: string, email: string): Promise<boolean> {
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(ne(users.id, userId), byEmail(email)));
      return clash !== undefined;
    },

    /** Sets the e-mail; the unique index throws when another account holds it. */
    async setEmail(tx: Tx, userId: string, email: string, now: Date): Promise<void> {
      await tx.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId));
    },

    async emailHasAccount(email: string): Promise<boolean> {
      const [owner] = await db.select({ id: users.id }).from(users).where(byEmail(email));
      return owner !== undefined;
    },

    /** Stores an e-mail change link as the user's only open one. */
    replaceEmailChange(userId: string, newEmail: string, tokenHash: string, now: Date): Promise<void> {
      return db.transaction(async (tx) => {
        await dropEmailChanges(tx, userId, now);
        await tx.insert(emailChangeTokens).values({
          userId,
          newEmail,
          tokenHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TOKENS.emailChangeTtlSeconds * 1000),
        });
      });
    },

    async emailChangeByHash(tokenHash: string) {
      const [found] = await db.select().from(emailChangeTokens).where(eq(emailChangeTokens.tokenHash, tokenHash));
      return found;
    },

    /** Spends an e-mail change link unless a parallel use did; the user it belongs to when this call spent it. */
    async claimEmailChange(tx: Tx, id: string, now: Date): Promise<string | undefined> {
      const [claimed] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(and(eq(emailChangeTokens.id, id), isNull(emailChangeTokens.usedAt)))
        .returning({ userId: emailChangeTokens.userId });
      return claimed?.userId;
    },

    /**
     * After a change of the sign-in e-mail: every session but `keepSessionId` ends, and open reset and
     * change links die, since they went to or came from the old address.
     */
    async endOtherAccess(tx: Tx, userId: string, keepSessionId: string | undefined, now: Date): Promise<void> {
      await tx
        .update(refreshFamilies)
        .set({ revokedAt: now, revokedReason: 'email-change' })
        .where(
          and(
            eq(refreshFamilies.userId, userId),
            isNull(refreshFamilies.revokedAt),
            keepSessionId ? ne(refreshFamilies.id, keepSessionId) : undefined,
          ),
        );
      await dropEmailChanges(tx, userId, now);
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    /** Sets the password; every session ends and open reset and e-mail change links die. */
    async setPassword(tx: Tx, userId: string, passwordHash: string, now: Date): Promise<void> {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(refreshFamilies)
        .set({ revokedAt: now, revokedReason: 'password-change' })
        .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await dropEmailChanges(tx, userId, now);
    },

    /** The address book, the default first, then oldest first (the order they were added). */
    async addresses(userId: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
    },

    async countAddresses(tx: Tx, userId: string): Promise<number> {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      return n;
    },

    async clearDefaultAddress(tx: Tx, userId: string): Promise<void> {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    },

    async insertAddress(tx: Tx, userId: string, input: AddressInput, isDefault: boolean, now: Date) {
      const [row] = await tx
        .insert(addresses)
        .values({
          userId,
          name: input.name,
          line1: input.line1,
          line2: orNull(input.line2),
          city: input.city,
          region: orNull(input.region),
          postalCode: input.postal_code,
          country: input.country,
          phone: orNull(input.phone),
          isDefault,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('address not saved');
      return row;
    },

    /** The user's own address with that id, locked for the change that follows; undefined for anyone else's. */
    async ownAddress(tx: Tx, userId: string, id: string): Promise<AddressRow | undefined> {
      const [row] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .for('update');
      return row;
    },

    async updateAddress(tx: Tx, userId: string, id: string, input: AddressPatch, now: Date) {
      const [row] = await tx
        .update(addresses)
        .set({
          ...addressColumns(input),
          ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}),
          updatedAt: now,
        })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    },

    /** Removes the user's own address; false when there was none with that id. */
    async deleteAddress(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return deleted.length > 0;
    },

    /**
     * The writes of deleting an account: the row stays, anonymised and disabled, and everything that is
     * only about the person goes (see the service's `deleteAccount`).
     */
    async anonymise(
      tx: Tx,
      user: UserRow,
      { anonEmail, passwordHash, now }: { anonEmail: string; passwordHash: string; now: Date },
    ): Promise<void> {
      const userId = user.id;
      await tx
        .update(users)
        .set({
          email: anonEmail,
          username: `deleted-${user.id}`,
          firstName: 'Deleted',
          lastName: 'User',
          passwordHash,
          disabled: true,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await tx.delete(addresses).where(eq(addresses.userId, userId));
      await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
      await tx.delete(carts).where(eq(carts.userId, userId));
      await tx.delete(productSubscribers).where(eq(productSubscribers.userId, userId));
      await tx.delete(refreshFamilies).where(eq(refreshFamilies.userId, userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
      await tx
        .delete(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${user.email.toLowerCase()}`);
      // Orders stay (they are the shop's records) but no longer carry the person's e-mail.
      await tx.update(orders).set({ email: anonEmail }).where(eq(orders.userId, userId));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
