import type { LoginAnswer, LoginBody, PublicUser, RegisterBody, Role, TokenSet } from '@shop/contracts/auth';
import { TOKENS } from '@shop/contracts/constants';
import { trimEndChar } from '@shop/contracts/text';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, refreshFamilies, refreshTokens, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
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

/** Texts the auth routes answer with; tests and the web app compare against them. */
export const AUTH_MSG = {
  invalidCredentials: 'Invalid email or password',
  disabled: 'This account is disabled',
  sessionExpired: 'Your session has expired. Please sign in again.',
  registered: 'Your account has been created. You can sign in now.',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  resetRequested: 'If an account exists for this email, we have sent a link to reset your password.',
  resetDone: 'Your password has been reset. You can sign in now.',
  resetUnknown: 'This password reset link is invalid. Request a new one.',
  resetUsed: 'This password reset link has already been used. Request a new one.',
  resetExpired: 'This password reset link has expired. Request a new one.',
} as const;

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
const byUsername = (username: string) => sql`lower(${users.username}) = ${username.toLowerCase()}`;

/** PostgreSQL's unique_violation, possibly wrapped by drizzle; names the violated constraint. */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}

export function createAuthService({ db, clock, signer, mailer, publicUrl }: Deps) {
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

  return {
    /**
     * The account's role as stored now; null when it was disabled or deleted. The guards ask on every
     * signed-in request, so a disabled account or a demoted admin loses access at once.
     */
    async activeRole(userId: string): Promise<Role | null> {
      const [user] = await db
        .select({ disabled: users.disabled, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      return user && !user.disabled ? user.role : null;
    },

    /** The signed-in user's public profile; a deleted or disabled account is no longer signed in. */
    async getPublicUser(userId: string): Promise<PublicUser> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || user.disabled) throw unauthorized('Your session is invalid or has expired');
      return toPublicUser(user);
    },

    /**
     * Signs in and opens a new refresh family (one per sign-in, 30 days absolute). One message for
     * a wrong e-mail and a wrong password, and the same argon2 work for both, so neither the answer
     * nor its timing tells which e-mails have accounts.
     */
    async login({ email, password }: LoginBody): Promise<LoginAnswer> {
      const [user] = await db.select().from(users).where(byEmail(email));
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !ok) throw unauthorized(AUTH_MSG.invalidCredentials);
      // Only someone who knows the password learns that the account is disabled.
      if (user.disabled) throw forbidden(AUTH_MSG.disabled);

      const refresh = await db.transaction(async (tx) => {
        const [family] = await tx
          .insert(refreshFamilies)
          .values({
            userId: user.id,
            createdAt: clock.now(),
            expiresAt: secondsFromNow(TOKENS.refreshAbsoluteTtlSeconds),
          })
          .returning({ id: refreshFamilies.id });
        if (!family) throw new Error('refresh family not created');
        return addRefreshToken(tx, family.id);
      });
      const access = await signer.signAccess({ userId: user.id, role: user.role });
      return { access, refresh, user: toPublicUser(user) };
    },

    /**
     * Opens a new session (refresh family + first token) and signs its access token. Runs inside the
     * caller's transaction when given one, so e.g. a password change can end every other session and
     * open the caller's new one atomically (issue 4, account module).
     */
    async startSession(user: { id: string; role: UserRow['role'] }, tx: Pick<Db, 'insert'> = db): Promise<TokenSet> {
      const [family] = await tx
        .insert(refreshFamilies)
        .values({
          userId: user.id,
          createdAt: clock.now(),
          expiresAt: secondsFromNow(TOKENS.refreshAbsoluteTtlSeconds),
        })
        .returning({ id: refreshFamilies.id });
      if (!family) throw new Error('refresh family not created');
      const refresh = await addRefreshToken(tx, family.id);
      return { access: await signer.signAccess({ userId: user.id, role: user.role }), refresh };
    },

    /** Creates a customer account (spec §7). The role is never taken from the request. */
    async register(body: RegisterBody): Promise<{ message: string }> {
      const taken = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(or(byEmail(body.email), byUsername(body.username)));
      if (taken.some((u) => u.email.toLowerCase() === body.email.toLowerCase())) {
        throw conflict(AUTH_MSG.emailTaken, { field: 'email' });
      }
      if (taken.length > 0) throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });

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
        // Two sign-ups with the same e-mail or username at once: the unique indexes decide.
        const constraint = uniqueViolation(err);
        if (constraint === 'users_email_key') throw conflict(AUTH_MSG.emailTaken, { field: 'email' });
        if (constraint === 'users_username_key') throw conflict(AUTH_MSG.usernameTaken, { field: 'username' });
        throw err;
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
        return { kind: 'ok' as const, refresh, user: row.user };
      });

      switch (result.kind) {
        case 'ok':
          return {
            access: await signer.signAccess({ userId: result.user.id, role: result.user.role }),
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

    /** Ends the session the refresh token belongs to, only if it is the caller's own. */
    async logout(userId: string, refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      await revokeFamilies(
        and(
          eq(refreshFamilies.userId, userId),
          inArray(
            refreshFamilies.id,
            db
              .select({ id: refreshTokens.familyId })
              .from(refreshTokens)
              .where(eq(refreshTokens.tokenHash, hashToken(refreshToken))),
          ),
        ),
        'logout',
      );
    },

    /**
     * Mails a single-use reset link valid for one hour. The answer is the same whether or not the
     * e-mail has an account, so this cannot be used to find out who shops here.
     */
    async forgotPassword(email: string): Promise<{ message: string }> {
      const [user] = await db.select().from(users).where(byEmail(email));
      if (user && !user.disabled) {
        const { token, hash } = opaqueToken();
        await db.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: hash,
          createdAt: clock.now(),
          expiresAt: secondsFromNow(TOKENS.passwordResetTtlSeconds),
        });
        const link = `${trimEndChar(publicUrl, '/')}/auth/reset-password/${token}`;
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
      return { message: AUTH_MSG.resetRequested };
    },

    /**
     * Sets a new password from a reset link: the link is spent, every other open link of the user
     * dies, and every session (refresh family) is revoked so a thief's tokens stop working.
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
      });
      return { message: AUTH_MSG.resetDone };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
