import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MSG,
  type ChangeEmailBody,
  MAX_ADDRESSES,
  type SavedAddress,
  type updateProfileBody,
} from '@shop/contracts/account';
import type { PublicUser, TokenSet } from '@shop/contracts/auth';
import { address } from '@shop/contracts/orders';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { rollBack, transactionResult } from '../../db/transaction.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
import type { Deps } from '../../services.ts';
import {
  type AccessClaims,
  type AuthService,
  type SessionInvalid,
  toPublicUser,
  type UsernameTaken,
  type UserRow,
} from '../auth/index.ts';
import { type AddressInput, type AddressPatch, createAccountRepository } from './repository.ts';
import { type AddressRow, toSavedAddress } from './wire.ts';

export type UpdateProfile = z.infer<typeof updateProfileBody>;
export type { AddressInput, AddressPatch };

/** A new e-mail given to PATCH users/me: it changes only through a confirmed link. */
export type EmailNeedsConfirmation = Failure<'email_needs_confirmation'>;
export type CurrentPasswordIncorrect = Failure<'current_password_incorrect'>;
/** Deleting the account checks the password under its own words. */
export type PasswordIncorrect = Failure<'password_incorrect'>;
export type EmailUnchanged = Failure<'email_unchanged'>;
/** What an e-mail change link can be besides valid; `email_taken`: another account took the address meanwhile. */
export type EmailLinkFailure =
  | Failure<'email_link_invalid'>
  | Failure<'email_link_used'>
  | Failure<'email_link_expired'>
  | Failure<'email_taken'>;
export type TooManyAddresses = Failure<'too_many_addresses'>;
/** Anyone else's address id, like an unknown one. */
export type AddressNotFound = Failure<'address_not_found'>;
/** A patch whose result breaks its country's rules (a German postcode on a US address). */
export type AddressInvalid = Failure<'address_invalid', { issues: { path: string; message: string }[] }>;
/** Staff accounts are managed in the admin area. */
export type AdminCannotDelete = Failure<'admin_cannot_delete'>;

/** Every expected outcome of the account service besides success. */
export type AccountFailure =
  | SessionInvalid
  | UsernameTaken
  | EmailNeedsConfirmation
  | CurrentPasswordIncorrect
  | PasswordIncorrect
  | EmailUnchanged
  | EmailLinkFailure
  | TooManyAddresses
  | AddressNotFound
  | AddressInvalid
  | AdminCannotDelete;

/**
 * The country's rules on the address a patch makes (contracts `address`): the patch's fields are
 * checked one by one by the route, but a postcode only fits or not together with its country. The patch
 * comes back with its region as the address keeps it (a state's code). A patch that leaves country,
 * postcode and region alone is not judged (an address saved before the rules keeps working until it is
 * edited there).
 */
function checkPatch(current: AddressRow, patch: AddressPatch): Result<AddressPatch, AddressInvalid> {
  if (patch.country === undefined && patch.postal_code === undefined && patch.region === undefined) return ok(patch);
  const { id: _id, is_default: _default, ...saved } = toSavedAddress(current);
  const { is_default: _patchDefault, ...fields } = patch;
  const checked = address.safeParse({ ...saved, ...fields });
  if (!checked.success) {
    return fail('address_invalid', {
      issues: checked.error.issues.map((issue) => ({
        path: ['body', ...issue.path].join('.'),
        message: issue.message,
      })),
    });
  }
  return ok(patch.region === undefined ? patch : { ...patch, region: checked.data.region ?? '' });
}

/** `.local` never resolves in public DNS: mail to an anonymised address reaches nobody. */
const ANON_DOMAIN = 'invalid.local';

/**
 * The signed-in shopper's own account (`/account`): profile, password, address book and
 * deleting the account. Every call first checks that the account still exists and is enabled: an
 * access token outlives a deletion by up to its 15 minutes (`session_invalid`).
 */
export function createAccountService(
  { db, clock, mailer, publicUrl, background }: Deps,
  { auth }: { auth: Pick<AuthService, 'startSession'> },
) {
  const repo = createAccountRepository(db);
  const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  /** The user when the account exists and is enabled; locks the row when inside a transaction. */
  async function activeUser(userId: string, tx?: Tx): Promise<UserRow | undefined> {
    const user = await repo.user(userId, tx);
    return user && !user.disabled ? user : undefined;
  }

  /**
   * Sets the e-mail; one that another account holds (checked, then by the unique index) is `email_taken`,
   * which rolls the caller's transaction back (a spent link stays unspent).
   */
  async function setEmail(tx: Tx, userId: string, email: string, now: Date) {
    if (await repo.emailTakenByOther(tx, userId, email)) rollBack(fail('email_taken'));
    try {
      await repo.setEmail(tx, userId, email, now);
    } catch (err) {
      if (uniqueViolation(err) === 'users_email_key') rollBack(fail('email_taken'));
      throw err;
    }
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
    if (await repo.emailHasAccount(newEmail)) {
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
      await repo.replaceEmailChange(user.id, newEmail, hash, clock.now());
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
     * Edits names and username. The username stays unique case-insensitively (`username_taken`, 409
     * with the sign-up text); a change to the caller's own spelling (`Ada` → `ada`) is not a conflict.
     * The e-mail is not changed here: a new one needs the password and a confirmed link,
     * and the answer must not tell whether another account has it.
     */
    async updateProfile(
      userId: string,
      input: UpdateProfile,
    ): Promise<Result<PublicUser, SessionInvalid | EmailNeedsConfirmation | UsernameTaken>> {
      const user = await activeUser(userId);
      if (!user) return fail('session_invalid');
      if (input.email !== undefined && !sameEmail(input.email, user.email)) return fail('email_needs_confirmation');
      if (input.username && (await repo.usernameTakenByOther(userId, input.username))) return fail('username_taken');
      try {
        const updated = await repo.updateProfile(userId, {
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(input.username !== undefined ? { username: input.username } : {}),
          updatedAt: clock.now(),
        });
        if (!updated) return fail('session_invalid');
        return ok(toPublicUser(updated));
      } catch (err) {
        // Two accounts taking the same name at once: the unique index decides.
        if (uniqueViolation(err) === 'users_username_key') return fail('username_taken');
        throw err;
      }
    },

    /**
     * Asks to change the sign-in e-mail: the current password is required, and the
     * address changes only when the link mailed to it is opened. The answer is the same whether or not
     * the new address has an account, and the lookup and mails run after it.
     */
    async requestEmailChange(
      userId: string,
      input: ChangeEmailBody,
    ): Promise<Result<{ message: string }, SessionInvalid | CurrentPasswordIncorrect | EmailUnchanged>> {
      const user = await activeUser(userId);
      if (!user) return fail('session_invalid');
      if (!(await verifyPassword(user.passwordHash, input.current_password))) return fail('current_password_incorrect');
      if (sameEmail(input.email, user.email)) return fail('email_unchanged');
      background.run('email-change-mails', () => mailEmailChange(user, input.email));
      return ok({ message: ACCOUNT_MSG.emailChangeRequested(input.email) });
    },

    /**
     * Applies an e-mail change from its mailed link: the link is spent, the address re-checked (another
     * account may have taken it since: `email_taken`, and the link stays unspent), and every other
     * session of the user ends — the caller's own goes on when it is the user's (`endOtherAccess`). The
     * old address is told.
     */
    async confirmEmail(
      token: string,
      caller?: Pick<AccessClaims, 'userId' | 'sessionId'>,
    ): Promise<Result<{ message: string }, EmailLinkFailure>> {
      const found = await repo.emailChangeByHash(hashToken(token));
      if (!found) return fail('email_link_invalid');
      if (found.usedAt) return fail('email_link_used');
      if (found.expiresAt <= clock.now()) return fail('email_link_expired');

      // A failure, returned or from setEmail, rolls back every write of the transaction.
      const changed = await transactionResult<UserRow, EmailLinkFailure>(db, async (tx) => {
        const now = clock.now();
        const claimedBy = await repo.claimEmailChange(tx, found.id, now);
        if (!claimedBy) return fail('email_link_used');
        const user = await repo.user(claimedBy, tx);
        if (!user || user.disabled) return fail('email_link_invalid');
        await setEmail(tx, user.id, found.newEmail, now);
        await repo.endOtherAccess(tx, user.id, caller?.userId === user.id ? caller.sessionId : undefined, now);
        return ok(user);
      });
      if (!changed.ok) return changed;
      const old = changed.value;
      background.run('email-changed-notice', () => mailEmailChanged(old, found.newEmail));
      return ok({ message: ACCOUNT_MSG.emailChanged(found.newEmail) });
    },

    /**
     * Sets a new password (argon2id) after checking the current one. Every session of the user ends
     * — a thief holding a refresh or access token is out — and the caller gets a fresh token set so it
     * stays signed in ("other sessions end"). Open reset and e-mail change links die as well.
     */
    async changePassword(
      userId: string,
      current: string,
      next: string,
    ): Promise<Result<TokenSet, SessionInvalid | CurrentPasswordIncorrect>> {
      const user = await activeUser(userId);
      if (!user) return fail('session_invalid');
      if (!(await verifyPassword(user.passwordHash, current))) return fail('current_password_incorrect');
      const passwordHash = await hashPassword(next);
      return db.transaction(async (tx) => {
        const locked = await activeUser(userId, tx);
        if (!locked) return fail('session_invalid');
        // A parallel change may have committed since the check above; the old password no longer counts.
        if (locked.passwordHash !== user.passwordHash) return fail('current_password_incorrect');
        await repo.setPassword(tx, userId, passwordHash, clock.now());
        return ok(await auth.startSession(locked, tx));
      });
    },

    /** The address book, the default first, then oldest first (the order they were added). */
    async listAddresses(userId: string): Promise<Result<SavedAddress[], SessionInvalid>> {
      if (!(await activeUser(userId))) return fail('session_invalid');
      return ok((await repo.addresses(userId)).map(toSavedAddress));
    },

    /**
     * Saves an address. The first one becomes the default unless it says otherwise; a new default
     * replaces the old one. The user row is locked so parallel requests cannot make two defaults or
     * pass the limit together.
     */
    async addAddress(
      userId: string,
      input: AddressInput,
    ): Promise<Result<SavedAddress, SessionInvalid | TooManyAddresses>> {
      return db.transaction(async (tx) => {
        if (!(await activeUser(userId, tx))) return fail('session_invalid');
        const n = await repo.countAddresses(tx, userId);
        if (n >= MAX_ADDRESSES) return fail('too_many_addresses');
        const isDefault = input.is_default ?? n === 0;
        const now = clock.now();
        if (isDefault) await repo.clearDefaultAddress(tx, userId);
        return ok(toSavedAddress(await repo.insertAddress(tx, userId, input, isDefault, now)));
      });
    },

    /** Changes the caller's own address; anyone else's id is `address_not_found`, like an unknown one. */
    async updateAddress(
      userId: string,
      id: string,
      input: AddressPatch,
    ): Promise<Result<SavedAddress, SessionInvalid | AddressNotFound | AddressInvalid>> {
      return transactionResult(db, async (tx) => {
        if (!(await activeUser(userId, tx))) return fail('session_invalid');
        const current = await repo.ownAddress(tx, userId, id);
        if (!current) return fail('address_not_found');
        const patch = checkPatch(current, input);
        if (!patch.ok) return patch;
        if (input.is_default) await repo.clearDefaultAddress(tx, userId);
        const row = await repo.updateAddress(tx, userId, id, patch.value, clock.now());
        if (!row) return fail('address_not_found');
        return ok(toSavedAddress(row));
      });
    },

    /** Removes the caller's own address (`address_not_found` for anyone else's). No other address becomes default by itself. */
    async deleteAddress(userId: string, id: string): Promise<Result<void, SessionInvalid | AddressNotFound>> {
      if (!(await activeUser(userId))) return fail('session_invalid');
      if (!(await repo.deleteAddress(userId, id))) return fail('address_not_found');
      return ok(undefined);
    },

    /**
     * Deletes the account after checking the password (orders kept, personal data
     * anonymised). The user row stays, so orders and reviews keep their owner, but it can never sign
     * in again: anonymised names, an unguessable password, disabled. Everything else that is only
     * about the person goes: addresses, wishlist, cart, back-in-stock subscriptions, sessions, reset
     * and e-mail change links and the newsletter subscription of the old e-mail. Orders keep their
     * rows; their e-mail is anonymised too. The old e-mail and username are free for a new sign-up at once.
     */
    async deleteAccount(
      userId: string,
      password: string,
    ): Promise<Result<void, SessionInvalid | PasswordIncorrect | AdminCannotDelete>> {
      const user = await activeUser(userId);
      if (!user) return fail('session_invalid');
      if (!(await verifyPassword(user.passwordHash, password))) return fail('password_incorrect');
      // Staff accounts are managed in the admin area; deleting the last admin would lock the store.
      if (user.role !== 'customer') return fail('admin_cannot_delete');
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const anonEmail = `deleted-${user.id}@${ANON_DOMAIN}`;

      return db.transaction(async (tx) => {
        const locked = await activeUser(userId, tx);
        if (!locked) return fail('session_invalid');
        await repo.anonymise(tx, locked, { anonEmail, passwordHash: unusable, now: clock.now() });
        return ok(undefined);
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
