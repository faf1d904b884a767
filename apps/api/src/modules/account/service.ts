import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MSG,
  type addressBody,
  MAX_ADDRESSES,
  type SavedAddress,
  type updateAddressBody,
  type updateProfileBody,
} from '@shop/contracts/account';
import type { PublicUser, TokenSet } from '@shop/contracts/auth';
import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import {
  addresses,
  carts,
  newsletterSubscribers,
  orders,
  passwordResetTokens,
  productSubscribers,
  refreshFamilies,
  users,
  wishlistItems,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound, unauthorized, unprocessable } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Deps } from '../../services.ts';
import { AUTH_MSG, type AuthService, toPublicUser, uniqueViolation } from '../auth/service.ts';

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;
export type UpdateProfile = z.infer<typeof updateProfileBody>;
export type AddressInput = z.infer<typeof addressBody>;
export type AddressPatch = z.infer<typeof updateAddressBody>;

/** `.local` never resolves in public DNS: mail to an anonymised address reaches nobody. */
const ANON_DOMAIN = 'invalid.local';

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    city: row.city,
    ...(row.region ? { region: row.region } : {}),
    postal_code: row.postalCode,
    country: row.country,
    ...(row.phone ? { phone: row.phone } : {}),
    is_default: row.isDefault,
  };
}

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

/**
 * The signed-in shopper's own account (issue 4, `/account`): profile, password, address book and
 * deleting the account. Every call first checks that the account still exists and is enabled: an
 * access token outlives a deletion by up to its 15 minutes.
 */
export function createAccountService({ db, clock }: Deps, { auth }: { auth: AuthService }) {
  /** Reads the user, locking the row when inside a transaction that changes the user's data. */
  async function activeUser(userId: string, tx?: Tx): Promise<UserRow> {
    const query = (tx ?? db).select().from(users).where(eq(users.id, userId));
    const [user] = tx ? await query.for('update') : await query;
    if (!user || user.disabled) throw unauthorized('Your session is invalid or has expired');
    return user;
  }

  async function checkPassword(user: UserRow, password: string, message: string) {
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(message);
  }

  return {
    /**
     * Edits names, username and e-mail. Username and e-mail stay unique case-insensitively (409 with
     * the sign-up texts); a change to the caller's own spelling (`Ada` → `ada`) is not a conflict.
     */
    async updateProfile(userId: string, input: UpdateProfile): Promise<PublicUser> {
      await activeUser(userId);
      const clash: SQL[] = [];
      if (input.email) clash.push(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
      if (input.username) clash.push(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
      if (clash.length > 0) {
        const taken = await db
          .select({ email: users.email })
          .from(users)
          .where(and(ne(users.id, userId), or(...clash)));
        if (input.email && taken.some((u) => u.email.toLowerCase() === input.email?.toLowerCase())) {
          throw conflict(AUTH_MSG.emailTaken, { field: 'email' });
        }
        if (taken.length > 0) throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });
      }
      try {
        const [updated] = await db
          .update(users)
          .set({
            ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
            ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
            ...(input.username !== undefined ? { username: input.username } : {}),
            ...(input.email !== undefined ? { email: input.email } : {}),
            updatedAt: clock.now(),
          })
          .where(and(eq(users.id, userId), eq(users.disabled, false)))
          .returning();
        if (!updated) throw unauthorized('Your session is invalid or has expired');
        return toPublicUser(updated);
      } catch (err) {
        // Two accounts taking the same name at once: the unique indexes decide.
        const constraint = uniqueViolation(err);
        if (constraint === 'users_email_key') throw conflict(AUTH_MSG.emailTaken, { field: 'email' });
        if (constraint === 'users_username_key') throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });
        throw err;
      }
    },

    /**
     * Sets a new password (argon2id) after checking the current one. Every session of the user ends
     * — a thief holding a refresh token is out — and the caller gets a fresh token set so it stays
     * signed in (issue 4: "other sessions end"). Open reset links die as well.
     */
    async changePassword(userId: string, current: string, next: string): Promise<TokenSet> {
      const user = await activeUser(userId);
      await checkPassword(user, current, ACCOUNT_MSG.currentPasswordIncorrect);
      const passwordHash = await hashPassword(next);
      return db.transaction(async (tx) => {
        const locked = await activeUser(userId, tx);
        // A parallel change may have committed since the check above; the old password no longer counts.
        if (locked.passwordHash !== user.passwordHash) throw badRequest(ACCOUNT_MSG.currentPasswordIncorrect);
        const now = clock.now();
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        await tx
          .update(refreshFamilies)
          .set({ revokedAt: now, revokedReason: 'password-change' })
          .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        return auth.startSession(locked, tx);
      });
    },

    /** The address book, the default first, then oldest first (the order they were added). */
    async listAddresses(userId: string): Promise<SavedAddress[]> {
      await activeUser(userId);
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
      return rows.map(toSavedAddress);
    },

    /**
     * Saves an address. The first one becomes the default unless it says otherwise; a new default
     * replaces the old one. The user row is locked so parallel requests cannot make two defaults or
     * pass the limit together.
     */
    async addAddress(userId: string, input: AddressInput): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        await activeUser(userId, tx);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(addresses)
          .where(eq(addresses.userId, userId));
        if (n >= MAX_ADDRESSES) throw unprocessable(ACCOUNT_MSG.tooManyAddresses);
        const isDefault = input.is_default ?? n === 0;
        const now = clock.now();
        if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
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
        return toSavedAddress(row);
      });
    },

    /** Changes the caller's own address; anyone else's id is 404, like an unknown one. */
    async updateAddress(userId: string, id: string, input: AddressPatch): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        await activeUser(userId, tx);
        const mine = and(eq(addresses.id, id), eq(addresses.userId, userId));
        const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(mine);
        if (!existing) throw notFound(ACCOUNT_MSG.addressNotFound);
        if (input.is_default) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
        const [row] = await tx
          .update(addresses)
          .set({
            ...addressColumns(input),
            ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}),
            updatedAt: clock.now(),
          })
          .where(mine)
          .returning();
        if (!row) throw notFound(ACCOUNT_MSG.addressNotFound);
        return toSavedAddress(row);
      });
    },

    /** Removes the caller's own address (404 for anyone else's). No other address becomes default by itself. */
    async deleteAddress(userId: string, id: string): Promise<void> {
      await activeUser(userId);
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      if (deleted.length === 0) throw notFound(ACCOUNT_MSG.addressNotFound);
    },

    /**
     * Deletes the account after checking the password (issue 4: orders kept, personal data
     * anonymised). The user row stays, so orders and reviews keep their owner, but it can never sign
     * in again: anonymised names, an unguessable password, disabled. Everything else that is only
     * about the person goes: addresses, wishlist, cart, back-in-stock subscriptions, sessions, reset
     * links and the newsletter subscription of the old e-mail. Orders keep their rows; their e-mail
     * is anonymised too. The old e-mail and username are free for a new sign-up at once.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await activeUser(userId);
      await checkPassword(user, password, ACCOUNT_MSG.passwordIncorrect);
      // Staff accounts are managed in the admin area; deleting the last admin would lock the store.
      if (user.role !== 'customer') throw unprocessable(ACCOUNT_MSG.adminCannotDelete);
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const anonEmail = `deleted-${user.id}@${ANON_DOMAIN}`;

      await db.transaction(async (tx) => {
        const locked = await activeUser(userId, tx);
        const now = clock.now();
        await tx
          .update(users)
          .set({
            email: anonEmail,
            username: `deleted-${user.id}`,
            firstName: 'Deleted',
            lastName: 'User',
            passwordHash: unusable,
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
        await tx
          .delete(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = ${locked.email.toLowerCase()}`);
        // Orders stay (they are the shop's records) but no longer carry the person's e-mail.
        await tx.update(orders).set({ email: anonEmail }).where(eq(orders.userId, userId));
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
