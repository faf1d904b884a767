import type { LoginAnswer, LoginBody, PublicUser, RegisterBody, Role, TokenSet } from '@shop/contracts/auth';
import { TOKENS } from '@shop/contracts/constants';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
import type { Deps } from '../../services.ts';
import { AUTH_MSG } from './messages.ts';
import { scaledLoginAddressLimit } from './rate-limits.ts';
import { createAuthRepository } from './repository.ts';
import type { AccessClaims } from './tokens.ts';
import { toPublicUser } from './wire.ts';

/** A still-valid access token whose account was deleted or disabled since it was signed. */
export type SessionInvalid = Failure<'session_invalid'>;
/** A wrong e-mail or a wrong password: one outcome, so the answer never tells which. */
export type InvalidCredentials = Failure<'invalid_credentials'>;
/** The account is disabled (told only to someone who knows its password, or holds its session). */
export type AccountDisabled = Failure<'account_disabled'>;
/** The session a refresh token belongs to is over (spent, reused, revoked or expired). */
export type SessionExpired = Failure<'session_expired'>;
/** Usernames are public handles: a taken one is said so (e-mails are not). */
export type UsernameTaken = Failure<'username_taken'>;
/** What a password reset link can be besides valid. */
export type ResetLinkFailure =
  | Failure<'reset_link_unknown'>
  | Failure<'reset_link_used'>
  | Failure<'reset_link_expired'>;

/** Every expected outcome of the auth service besides success. */
export type AuthFailure =
  | SessionInvalid
  | InvalidCredentials
  | AccountDisabled
  | SessionExpired
  | UsernameTaken
  | ResetLinkFailure;

export function createAuthService({ db, config, clock, signer, mailer, publicUrl, background }: Deps) {
  const repo = createAuthRepository(db, clock);
  const secondsFromNow = (s: number) => new Date(clock.now().getTime() + s * 1000);

  /** A new token in the family; only its hash is stored (docs/architecture.md §5). */
  async function addRefreshToken(tx: Pick<Db, 'insert'>, familyId: string): Promise<string> {
    const { token, hash } = opaqueToken();
    await repo.insertRefreshToken(tx, familyId, hash);
    return token;
  }

  /**
   * Opens a new session (refresh family + first token, 30 days absolute) and signs its access token,
   * which names the family as its session. Runs inside the caller's transaction when given one.
   */
  async function startSession(user: { id: string; role: Role }, tx: Pick<Db, 'insert'> = db): Promise<TokenSet> {
    const familyId = await repo.insertFamily(tx, user.id, secondsFromNow(TOKENS.refreshAbsoluteTtlSeconds));
    const refresh = await addRefreshToken(tx, familyId);
    return { access: await signer.signAccess({ userId: user.id, role: user.role, sessionId: familyId }), refresh };
  }

  /** Someone signed up with an e-mail that has an account: its owner hears of it, nobody else does. */
  async function mailSignUpAttempt(email: string) {
    const owner = await repo.userByEmail(email);
    if (!owner || owner.disabled) return;
    await mailer.send({
      to: owner.email,
      subject: 'Someone tried to create an account with your e-mail',
      text: [
        `Hello ${owner.firstName},`,
        '',
        'Someone tried to create a new account at our shop with this e-mail address, which already has one.',
        `If it was you, sign in at ${publicUrl}/auth/login, or choose a new password at ${publicUrl}/auth/forgot-password.`,
        '',
        'If it was not you, you can ignore this mail: nothing was changed.',
      ].join('\n'),
    });
  }

  /** The reset link for an account that exists and is enabled; the caller's answer never waits for it. */
  async function mailResetLink(email: string) {
    const user = await repo.userByEmail(email);
    if (!user || user.disabled) return;
    const { token, hash } = opaqueToken();
    await repo.insertResetToken(user.id, hash, secondsFromNow(TOKENS.passwordResetTtlSeconds));
    const link = `${publicUrl}/auth/reset-password/${token}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone asked to reset the password of your account. To choose a new password, open:',
        link,
        '',
        'The link works once and expires in one hour. If you did not ask for this, ignore this mail.',
      ].join('\n'),
      secrets: [link],
    });
  }

  function activeSession(claims: Pick<AccessClaims, 'userId' | 'sessionId'>): Promise<Role | null> {
    return repo.activeSessionRole(claims);
  }

  return {
    /**
     * The limit the auth routes count themselves (logins per address), RATE_LIMIT_SCALE
     * applied as app.ts applies it to every route's declared limit.
     */
    loginAddressLimit: () => scaledLoginAddressLimit(config.RATE_LIMIT_SCALE),

    /**
     * The account's role as stored now, when the access token's session is still open: one lookup by
     * primary keys that the guards make on every signed-in request. Null when the account was disabled
     * or deleted, or the session was logged out, revoked or has expired, so all of these end the
     * session's access tokens at once rather than when they expire.
     */
    activeSession,

    /**
     * The preview token for a signed-in staff session, which lets it see the
     * storefront while maintenance mode is on. Bound to the session: logging out ends it.
     */
    staffPreviewToken(claims: AccessClaims): Promise<string> {
      return signer.signPreview(claims);
    },

    /** Whether a preview token belongs to a staff or admin session that is still open, as stored now. */
    async isStaffPreview(token: string): Promise<boolean> {
      const claims = await signer.verifyPreview(token);
      const role = claims && (await activeSession(claims));
      return role === 'staff' || role === 'admin';
    },

    /** The signed-in user's public profile; a deleted or disabled account is no longer signed in. */
    async getPublicUser(userId: string): Promise<Result<PublicUser, SessionInvalid>> {
      const user = await repo.userById(userId);
      if (!user || user.disabled) return fail('session_invalid');
      return ok(toPublicUser(user));
    },

    /**
     * Signs in and opens a new session. One message for a wrong e-mail and a wrong password, and the
     * same argon2 work for both, so neither the answer nor its timing tells which e-mails have accounts.
     */
    async login({ email, password }: LoginBody): Promise<Result<LoginAnswer, InvalidCredentials | AccountDisabled>> {
      const user = await repo.userByEmail(email);
      const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !matches) return fail('invalid_credentials');
      // Only someone who knows the password learns that the account is disabled.
      if (user.disabled) return fail('account_disabled');
      const tokens = await db.transaction((tx) => startSession(user, tx));
      return ok({ ...tokens, user: toPublicUser(user) });
    },

    /**
     * Opens a new session for the user, inside the caller's transaction when given one, so e.g. a
     * password change can end every other session and open the caller's new one atomically.
     */
    startSession,

    /**
     * Creates a customer account (docs/product.md §7). The role is never taken from the request. A taken username
     * is said so (409; usernames are public handles); a taken e-mail is not: the answer, and the argon2 work
     * before it, are those of a new account, and the owner of the address gets a mail instead, so
     * sign-up cannot tell who has an account here.
     */
    async register(body: RegisterBody): Promise<Result<{ message: string }, UsernameTaken>> {
      if (await repo.usernameTaken(body.username)) return fail('username_taken');

      const passwordHash = await hashPassword(body.password);
      try {
        await repo.insertUser({
          email: body.email,
          username: body.username,
          firstName: body.first_name,
          lastName: body.last_name,
          passwordHash,
          role: 'customer',
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
      } catch (err) {
        // The unique indexes decide, also between two sign-ups at once.
        const constraint = uniqueViolation(err);
        if (constraint === 'users_username_key') return fail('username_taken');
        if (constraint !== 'users_email_key') throw err;
        background.run('sign-up-attempt-mail', () => mailSignUpAttempt(body.email));
      }
      return ok({ message: AUTH_MSG.registered });
    },

    /**
     * Exchanges a refresh token for a new token set in the same family. Marking the old token used
     * is one conditional UPDATE, so of two parallel uses exactly one wins; the other — and any later
     * use of a spent token — counts as reuse and revokes the whole family (docs/architecture.md §5).
     */
    async refresh(token: string): Promise<Result<TokenSet, AccountDisabled | SessionExpired>> {
      const hash = hashToken(token);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const familyId = await repo.claimRefreshToken(tx, hash, now);
        if (!familyId) return { kind: 'spent' as const };

        const row = await repo.familyWithUser(tx, familyId);
        if (!row || row.family.revokedAt || row.family.expiresAt <= now) return { kind: 'dead' as const };
        if (row.user.disabled) return { kind: 'disabled' as const, familyId: row.family.id };

        const refresh = await addRefreshToken(tx, row.family.id);
        return { kind: 'ok' as const, refresh, user: row.user, familyId: row.family.id };
      });

      switch (result.kind) {
        case 'ok':
          return ok({
            access: await signer.signAccess({
              userId: result.user.id,
              role: result.user.role,
              sessionId: result.familyId,
            }),
            refresh: result.refresh,
          });
        case 'disabled':
          await repo.revokeFamily(result.familyId, 'disabled');
          return fail('account_disabled');
        case 'dead':
          return fail('session_expired');
        case 'spent':
          // Unknown, or used before: a used token coming back means a copy exists somewhere else.
          await repo.revokeFamiliesOfToken(hash, 'reuse');
          return fail('session_expired');
      }
    },

    /**
     * Ends the caller's session (the access token's, so its access tokens stop at once) and the session
     * of the given refresh token, if that is the caller's own.
     */
    async logout(userId: string, sessionId: string, refreshToken: string | undefined): Promise<void> {
      await repo.revokeOwnSessions(userId, sessionId, refreshToken ? hashToken(refreshToken) : undefined, 'logout');
    },

    /**
     * Mails a single-use reset link valid for one hour. The lookup and the mail run after the answer,
     * which is the same, at once, whether or not the e-mail has an account: neither the answer nor its
     * timing tells who shops here, and a slow mail server cannot hold the request.
     */
    forgotPassword(email: string): { message: string } {
      background.run('password-reset-mail', () => mailResetLink(email));
      return { message: AUTH_MSG.resetRequested };
    },

    /**
     * Sets a new password from a reset link: the link is spent, every other open link of the user
     * dies (pending e-mail changes too), and every session (refresh family) is revoked so a thief's
     * tokens, access tokens included, stop working.
     */
    async resetPassword(token: string, password: string): Promise<Result<{ message: string }, ResetLinkFailure>> {
      const found = await repo.resetTokenByHash(hashToken(token));
      if (!found) return fail('reset_link_unknown');
      if (found.usedAt) return fail('reset_link_used');
      if (found.expiresAt <= clock.now()) return fail('reset_link_expired');

      const passwordHash = await hashPassword(password);
      if (!(await repo.resetPassword(found.id, passwordHash, clock.now()))) return fail('reset_link_used');
      return ok({ message: AUTH_MSG.resetDone });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
