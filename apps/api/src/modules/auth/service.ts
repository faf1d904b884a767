import type { LoginAnswer, LoginBody, PublicUser, RegisterBody, Role, TokenSet } from '@shop/contracts/auth';
import { TOKENS } from '@shop/contracts/constants';
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { emailChangeTokens, passwordResetTokens, refreshFamilies, refreshTokens, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
import type { Deps } from '../../services.ts';
import type { AccessClaims } from './tokens.ts';

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

/** Texts the auth routes answer with; tests and the web app compare against them. */
export const AUTH_MSG = {
  invalidCredentials: 'Invalid email or password',
  disabled: 'This account is disabled',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Also the answer for an e-mail that already has an account (issue 10 point 7): its owner gets a mail. */
  registered: 'Your account has been created. You can sign in now.',
  /** Confirming an e-mail change to an address another account took meanwhile (issue 10 point 5). */
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  resetRequested: 'If an account exists for this email, we have sent a link to reset your password.',
  resetDone: 'Your password has been reset. You can sign in now.',
  resetUnknown: 'This password reset link is invalid. Request a new one.',
  resetUsed: 'This password reset link has already been used. Request a new one.',
  resetExpired: 'This password reset link has expired. Request a new one.',
} as const;

/** The account of an e-mail, compared case-insensitively like the unique index. */
export const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
const byUsername = (username: string) => sql`lower(${users.username}) = ${username.toLowerCase()}`;

export function createAuthService({ db, clock, signer, mailer, publicUrl, background }: Deps) {
  const secondsFromNow = (s: number) => new Date(clock.now().getTime() + s * 1000);

  /** A new token in the family; only its hash is stored (DESIGN §5). */
  async function addRefreshToken(tx: Pick<Db, 'insert'>, familyId: string): Promise<string> {
    const { token, hash } = opaqueToken();
    await tx.insert(refreshTokens).values({ familyId, tokenHash: hash, createdAt: clock.now() });
    return token;
  }

  function revokeFamilies(where: SQL | undefined, reason: string) {
    return db
      .update(refreshFamilies)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(where, isNull(refreshFamilies.revokedAt)));
  }

  /**
   * Opens a new session (refresh family + first token, 30 days absolute) and signs its access token,
   * which names the family as its session. Runs inside the caller's transaction when given one.
   */
  async function startSession(user: { id: string; role: Role }, tx: Pick<Db, 'insert'> = db): Promise<TokenSet> {
    const [family] = await tx
      .insert(refreshFamilies)
      .values({ userId: user.id, createdAt: clock.now(), expiresAt: secondsFromNow(TOKENS.refreshAbsoluteTtlSeconds) })
      .returning({ id: refreshFamilies.id });
    if (!family) throw new Error('refresh family not created');
    const refresh = await addRefreshToken(tx, family.id);
    return { access: await signer.signAccess({ userId: user.id, role: user.role, sessionId: family.id }), refresh };
  }

  /** Someone signed up with an e-mail that has an account: its owner hears of it, nobody else does. */
  async function mailSignUpAttempt(email: string) {
    const [owner] = await db.select().from(users).where(byEmail(email));
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
    const [user] = await db.select().from(users).where(byEmail(email));
    if (!user || user.disabled) return;
    const { token, hash } = opaqueToken();
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hash,
      createdAt: clock.now(),
      expiresAt: secondsFromNow(TOKENS.passwordResetTtlSeconds),
    });
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

  async function activeSession({
    userId,
    sessionId,
  }: Pick<AccessClaims, 'userId' | 'sessionId'>): Promise<Role | null> {
    const [row] = await db
      .select({ role: users.role })
      .from(users)
      .innerJoin(refreshFamilies, eq(refreshFamilies.userId, users.id))
      .where(
        and(
          eq(users.id, userId),
          eq(users.disabled, false),
          eq(refreshFamilies.id, sessionId),
          isNull(refreshFamilies.revokedAt),
          gt(refreshFamilies.expiresAt, clock.now()),
        ),
      );
    return row?.role ?? null;
  }

  return {
    /**
     * The account's role as stored now, when the access token's session is still open: one lookup by
     * primary keys that the guards make on every signed-in request. Null when the account was disabled
     * or deleted, or the session was logged out, revoked or has expired, so all of these end the
     * session's access tokens at once rather than when they expire (issue 10 point 4).
     */
    activeSession,

    /**
     * Issue 11 point 9 (ADR 016): the preview token for a signed-in staff session, which lets it see the
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
    async getPublicUser(userId: string): Promise<PublicUser> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || user.disabled) throw unauthorized('Your session is invalid or has expired');
      return toPublicUser(user);
    },

    /**
     * Signs in and opens a new session. One message for a wrong e-mail and a wrong password, and the
     * same argon2 work for both, so neither the answer nor its timing tells which e-mails have accounts.
     */
    async login({ email, password }: LoginBody): Promise<LoginAnswer> {
      const [user] = await db.select().from(users).where(byEmail(email));
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !ok) throw unauthorized(AUTH_MSG.invalidCredentials);
      // Only someone who knows the password learns that the account is disabled.
      if (user.disabled) throw forbidden(AUTH_MSG.disabled);
      const tokens = await db.transaction((tx) => startSession(user, tx));
      return { ...tokens, user: toPublicUser(user) };
    },

    /**
     * Opens a new session for the user, inside the caller's transaction when given one, so e.g. a
     * password change can end every other session and open the caller's new one atomically (issue 4).
     */
    startSession,

    /**
     * Creates a customer account (spec §7). The role is never taken from the request. A taken username
     * is a 409 (usernames are public handles); a taken e-mail is not: the answer, and the argon2 work
     * before it, are those of a new account, and the owner of the address gets a mail instead, so
     * sign-up cannot tell who has an account here (issue 10 point 7).
     */
    async register(body: RegisterBody): Promise<{ message: string }> {
      const [taken] = await db.select({ id: users.id }).from(users).where(byUsername(body.username));
      if (taken) throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });

      const passwordHash = await hashPassword(body.password);
      try {
        await db.insert(users).values({
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
        if (constraint === 'users_username_key') throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });
        if (constraint !== 'users_email_key') throw err;
        background.run('sign-up-attempt-mail', () => mailSignUpAttempt(body.email));
      }
      return { message: AUTH_MSG.registered };
    },

    /**
     * Exchanges a refresh token for a new token set in the same family. Marking the old token used
     * is one conditional UPDATE, so of two parallel uses exactly one wins; the other — and any later
     * use of a spent token — counts as reuse and revokes the whole family (DESIGN §5).
     */
    async refresh(token: string): Promise<TokenSet> {
      const hash = hashToken(token);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
          .returning({ familyId: refreshTokens.familyId });
        if (!claimed) return { kind: 'spent' as const };

        const [row] = await tx
          .select({ family: refreshFamilies, user: users })
          .from(refreshFamilies)
          .innerJoin(users, eq(users.id, refreshFamilies.userId))
          .where(eq(refreshFamilies.id, claimed.familyId));
        if (!row || row.family.revokedAt || row.family.expiresAt <= now) return { kind: 'dead' as const };
        if (row.user.disabled) return { kind: 'disabled' as const, familyId: row.family.id };

        const refresh = await addRefreshToken(tx, row.family.id);
        return { kind: 'ok' as const, refresh, user: row.user, familyId: row.family.id };
      });

      switch (result.kind) {
        case 'ok':
          return {
            access: await signer.signAccess({
              userId: result.user.id,
              role: result.user.role,
              sessionId: result.familyId,
            }),
            refresh: result.refresh,
          };
        case 'disabled':
          await revokeFamilies(eq(refreshFamilies.id, result.familyId), 'disabled');
          throw forbidden(AUTH_MSG.disabled);
        case 'dead':
          throw unauthorized(AUTH_MSG.sessionExpired);
        case 'spent':
          // Unknown, or used before: a used token coming back means a copy exists somewhere else.
          await revokeFamilies(
            inArray(
              refreshFamilies.id,
              db.select({ id: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)),
            ),
            'reuse',
          );
          throw unauthorized(AUTH_MSG.sessionExpired);
      }
    },

    /**
     * Ends the caller's session (the access token's, so its access tokens stop at once) and the session
     * of the given refresh token, if that is the caller's own.
     */
    async logout(userId: string, sessionId: string, refreshToken: string | undefined): Promise<void> {
      const ofRefreshToken = refreshToken
        ? inArray(
            refreshFamilies.id,
            db
              .select({ id: refreshTokens.familyId })
              .from(refreshTokens)
              .where(eq(refreshTokens.tokenHash, hashToken(refreshToken))),
          )
        : undefined;
      await revokeFamilies(
        and(eq(refreshFamilies.userId, userId), or(eq(refreshFamilies.id, sessionId), ofRefreshToken)),
        'logout',
      );
    },

    /**
     * Mails a single-use reset link valid for one hour. The lookup and the mail run after the answer,
     * which is the same, at once, whether or not the e-mail has an account: neither the answer nor its
     * timing tells who shops here, and a slow mail server cannot hold the request (issue 10 point 7).
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
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const hash = hashToken(token);
      const [found] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hash));
      if (!found) throw badRequest(AUTH_MSG.resetUnknown);
      if (found.usedAt) throw badRequest(AUTH_MSG.resetUsed);
      if (found.expiresAt <= clock.now()) throw badRequest(AUTH_MSG.resetExpired);

      const passwordHash = await hashPassword(password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) throw badRequest(AUTH_MSG.resetUsed);
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
        await tx
          .update(refreshFamilies)
          .set({ revokedAt: now, revokedReason: 'password-reset' })
          .where(and(eq(refreshFamilies.userId, claimed.userId), isNull(refreshFamilies.revokedAt)));
        // Whoever knew the old password may have asked to move the account to their own address.
        await tx
          .update(emailChangeTokens)
          .set({ usedAt: now })
          .where(and(eq(emailChangeTokens.userId, claimed.userId), isNull(emailChangeTokens.usedAt)));
      });
      return { message: AUTH_MSG.resetDone };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
