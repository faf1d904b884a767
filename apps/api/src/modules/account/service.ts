import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MSG,
  type addressBody,
  type ChangeEmailBody,
  MAX_ADDRESSES,
  type SavedAddress,
  type updateAddressBody,
  type updateProfileBody,
} from '@shop/contracts/account';
import type { PublicUser, TokenSet } from '@shop/contracts/auth';
import { TOKENS } from '@shop/contracts/constants';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
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
import { badRequest, conflict, notFound, unauthorized, unprocessable } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
import type { Deps } from '../../services.ts';
import { AUTH_MSG, type AuthService, byEmail, toPublicUser } from '../auth/service.ts';
import type { AccessClaims } from '../auth/tokens.ts';

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
export function createAccountService(
  { db, clock, mailer, publicUrl, background }: Deps,
  { auth }: { auth: AuthService },
) {
  const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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

  /** Sets the e-mail; one that another account holds (checked, then by the unique index) is a 409. */
  async function setEmail(tx: Tx, userId: string, email: string, now: Date) {
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, userId), byEmail(email)));
    if (clash) throw conflict(AUTH_MSG.emailTaken, { field: 'email' });
    try {
      await tx.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId));
    } catch (err) {
      if (uniqueViolation(err) === 'users_email_key') throw conflict(AUTH_MSG.emailTaken, { field: 'email' });
      throw err;
    }
  }

  /**
   * After a change of the sign-in e-mail: every session but `keepSessionId` ends, and open reset and
   * change links die, since they went to or came from the old address.
   */
  async function endOtherAccess(tx: Tx, userId: string, keepSessionId: string | undefined, now: Date) {
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
  }

  /** Tells the old address that it no longer signs in. */
  function mailEmailChanged(old: UserRow, newEmail: string) {
    return mailer.send({
      to: old.email,
      subject: 'Your e-mail address was changed',
      text: [
        `Hello ${old.firstName},`,
        '',
        `The sign-in e-mail address of your account is now ${newEmail}; this address no longer signs in.`,
        'Other devices were signed out.',
        '',
        'If this was not you, contact us at once by answering this mail.',
      ].join('\n'),
    });
  }

  /**
   * The mails of an e-mail change request, sent after the answer. A free address gets the link (the
   * user's only open one); a taken address gets a warning without a link; the current address gets
   * the same notice either way, so no mailbox tells the requester whether the new address has an account.
   */
  async function mailEmailChange(user: UserRow, newEmail: string) {
    const [owner] = await db.select({ id: users.id }).from(users).where(byEmail(newEmail));
    if (owner) {
      await mailer.send({
        to: newEmail,
        subject: 'Someone tried to use your e-mail address',
        text: [
          'Someone asked to make this e-mail address the sign-in address of another account at our shop.',
          'This address already has an account, so nothing was changed.',
          '',
          `If you have forgotten your password, you can choose a new one at ${publicUrl}/auth/forgot-password.`,
        ].join('\n'),
      });
    } else {
      const { token, hash } = opaqueToken();
      await db.transaction(async (tx) => {
        const now = clock.now();
        await dropEmailChanges(tx, user.id, now);
        await tx.insert(emailChangeTokens).values({
          userId: user.id,
          newEmail,
          tokenHash: hash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TOKENS.emailChangeTtlSeconds * 1000),
        });
      });
      const link = `${publicUrl}/account/confirm-email/${token}`;
      await mailer.send({
        to: newEmail,
        subject: 'Confirm your new e-mail address',
        text: [
          `Hello ${user.firstName},`,
          '',
          'To make this the sign-in e-mail address of your account, open:',
          link,
          '',
          'The link works once and expires in 24 hours. If you did not ask for this, ignore this mail.',
        ].join('\n'),
        secrets: [link],
      });
    }
    await mailer.send({
      to: user.email,
      subject: 'A change of your e-mail address was requested',
      text: [
        `Hello ${user.firstName},`,
        '',
        `Someone asked to change the sign-in e-mail address of your account to ${newEmail}.`,
        'It changes only when the link we sent to that address is opened.',
        '',
        'If this was not you, change your password now: that also cancels the change.',
      ].join('\n'),
    });
  }

  return {
    /**
     * Edits names and username. The username stays unique case-insensitively (409 with the sign-up
     * text); a change to the caller's own spelling (`Ada` → `ada`) is not a conflict. The e-mail is
     * not changed here: a new one needs the password and a confirmed link (issue 10 point 5), and the
     * answer must not tell whether another account has it (point 7).
     */
    async updateProfile(userId: string, input: UpdateProfile): Promise<PublicUser> {
      const user = await activeUser(userId);
      if (input.email !== undefined && !sameEmail(input.email, user.email)) {
        throw badRequest(ACCOUNT_MSG.emailNeedsConfirmation, { field: 'email' });
      }
      if (input.username) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(ne(users.id, userId), sql`lower(${users.username}) = ${input.username.toLowerCase()}`));
        if (taken) throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });
      }
      try {
        const [updated] = await db
          .update(users)
          .set({
            ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
            ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
            ...(input.username !== undefined ? { username: input.username } : {}),
            updatedAt: clock.now(),
          })
          .where(and(eq(users.id, userId), eq(users.disabled, false)))
          .returning();
        if (!updated) throw unauthorized('Your session is invalid or has expired');
        return toPublicUser(updated);
      } catch (err) {
        // Two accounts taking the same name at once: the unique index decides.
        if (uniqueViolation(err) === 'users_username_key') {
          throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });
        }
        throw err;
      }
    },

    /**
     * Asks to change the sign-in e-mail (issue 10 point 5): the current password is required, and the
     * address changes only when the link mailed to it is opened. The answer is the same whether or not
     * the new address has an account, and the lookup and mails run after it (point 7).
     */
    async requestEmailChange(userId: string, input: ChangeEmailBody): Promise<{ message: string }> {
      const user = await activeUser(userId);
      await checkPassword(user, input.current_password, ACCOUNT_MSG.currentPasswordIncorrect);
      if (sameEmail(input.email, user.email)) throw badRequest(ACCOUNT_MSG.emailUnchanged, { field: 'email' });
      background.run('email-change-mails', () => mailEmailChange(user, input.email));
      return { message: ACCOUNT_MSG.emailChangeRequested(input.email) };
    },

    /**
     * Applies an e-mail change from its mailed link: the link is spent, the address re-checked (another
     * account may have taken it since: 409), and every other session of the user ends — the caller's
     * own goes on when it is the user's (`endOtherAccess`). The old address is told.
     */
    async confirmEmail(
      token: string,
      caller?: Pick<AccessClaims, 'userId' | 'sessionId'>,
    ): Promise<{ message: string }> {
      const [found] = await db
        .select()
        .from(emailChangeTokens)
        .where(eq(emailChangeTokens.tokenHash, hashToken(token)));
      if (!found) throw badRequest(ACCOUNT_MSG.emailLinkInvalid);
      if (found.usedAt) throw badRequest(ACCOUNT_MSG.emailLinkUsed);
      if (found.expiresAt <= clock.now()) throw badRequest(ACCOUNT_MSG.emailLinkExpired);

      const old = await db.transaction(async (tx) => {
        const now = clock.now();
        const [claimed] = await tx
          .update(emailChangeTokens)
          .set({ usedAt: now })
          .where(and(eq(emailChangeTokens.id, found.id), isNull(emailChangeTokens.usedAt)))
          .returning({ userId: emailChangeTokens.userId });
        if (!claimed) throw badRequest(ACCOUNT_MSG.emailLinkUsed);
        const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).for('update');
        if (!user || user.disabled) throw badRequest(ACCOUNT_MSG.emailLinkInvalid);
        await setEmail(tx, user.id, found.newEmail, now);
        await endOtherAccess(tx, user.id, caller?.userId === user.id ? caller.sessionId : undefined, now);
        return user;
      });
      background.run('email-changed-notice', () => mailEmailChanged(old, found.newEmail));
      return { message: ACCOUNT_MSG.emailChanged(found.newEmail) };
    },

    /**
     * Sets a new password (argon2id) after checking the current one. Every session of the user ends
     * — a thief holding a refresh or access token is out — and the caller gets a fresh token set so it
     * stays signed in (issue 4: "other sessions end"). Open reset and e-mail change links die as well.
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
        await dropEmailChanges(tx, userId, now);
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
     * and e-mail change links and the newsletter subscription of the old e-mail. Orders keep their
     * rows; their e-mail is anonymised too. The old e-mail and username are free for a new sign-up at once.
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
        await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
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
