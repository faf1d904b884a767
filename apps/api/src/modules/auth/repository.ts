import type { Role } from '@shop/contracts/auth';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChangeTokens, passwordResetTokens, refreshFamilies, refreshTokens, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessClaims } from './tokens.ts';
import type { UserRow } from './wire.ts';

/** The account of an e-mail, compared case-insensitively like the unique index. */
export const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
/** The account of a username, compared case-insensitively like the unique index. */
export const byUsername = (username: string) => sql`lower(${users.username}) = ${username.toLowerCase()}`;

/**
 * The guards' session check as one subquery: a row with the account's role when the
 * account is enabled and the session (refresh family) is open and unexpired at `now`, no row otherwise.
 * A statement that confirms the session itself (add-to-cart in one round trip) embeds this, so
 * there is one definition of "signed in" whichever statement asks.
 */
export function activeSessionRoleSql(
  { userId, sessionId }: Pick<AccessClaims, 'userId' | 'sessionId'>,
  now: Date,
): SQL {
  return sql`select ${users.role} as role from ${users}
    join ${refreshFamilies} on ${refreshFamilies.userId} = ${users.id}
    where ${users.id} = ${userId}::uuid and not ${users.disabled} and ${refreshFamilies.id} = ${sessionId}::uuid
      and ${refreshFamilies.revokedAt} is null and ${refreshFamilies.expiresAt} > ${now.toISOString()}::timestamptz`;
}

/** What a write inside a transaction needs of the database handle. */
type Writer = Pick<Db, 'insert' | 'update' | 'select'>;

/**
 * After a password is set by a reset: every session of the user ended, and every open reset or e-mail
 * change link spent (whoever knew the old password may have asked to move the account to their address).
 */
export async function endSessionsAndLinks(tx: Pick<Db, 'update'>, userId: string, now: Date): Promise<void> {
  await tx
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: 'password-reset' })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await tx
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
}

/** The SQL of sign-in, sessions (refresh families and their tokens) and password reset links. */
export function createAuthRepository(db: Db, clock: Clock) {
  /** The families (sessions) a refresh token belongs to, as a subquery. */
  const familiesOfToken = (hash: string) =>
    inArray(
      refreshFamilies.id,
      db.select({ id: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)),
    );

  /** Revokes the open families `where` selects. */
  function revokeFamilies(where: SQL | undefined, reason: string) {
    return db
      .update(refreshFamilies)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(where, isNull(refreshFamilies.revokedAt)));
  }

  return {
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(byEmail(email));
      return user;
    },

    async userById(userId: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user;
    },

    async usernameTaken(username: string): Promise<boolean> {
      const [taken] = await db.select({ id: users.id }).from(users).where(byUsername(username));
      return taken !== undefined;
    },

    /** Inserts a user; the unique indexes on e-mail and username throw on a clash. */
    async insertUser(values: typeof users.$inferInsert): Promise<void> {
      await db.insert(users).values(values);
    },

    /** The role of an enabled account whose session (refresh family) is open and unexpired, else null. */
    async activeSessionRole(claims: Pick<AccessClaims, 'userId' | 'sessionId'>): Promise<Role | null> {
      const { rows } = await db.execute<{ role: Role }>(activeSessionRoleSql(claims, clock.now()));
      return rows[0]?.role ?? null;
    },

    async insertFamily(tx: Pick<Db, 'insert'>, userId: string, expiresAt: Date): Promise<string> {
      const [family] = await tx
        .insert(refreshFamilies)
        .values({ userId, createdAt: clock.now(), expiresAt })
        .returning({ id: refreshFamilies.id });
      if (!family) throw new Error('refresh family not created');
      return family.id;
    },

    /** Stores a refresh token of the family; only its hash is kept (docs/architecture.md §5). */
    async insertRefreshToken(tx: Pick<Db, 'insert'>, familyId: string, tokenHash: string): Promise<void> {
      await tx.insert(refreshTokens).values({ familyId, tokenHash, createdAt: clock.now() });
    },

    revokeFamily(familyId: string, reason: string) {
      return revokeFamilies(eq(refreshFamilies.id, familyId), reason);
    },

    /** Revokes the session (family) a refresh token belongs to, whoever's it is. */
    revokeFamiliesOfToken(hash: string, reason: string) {
      return revokeFamilies(familiesOfToken(hash), reason);
    },

    /** Revokes the user's session `sessionId`, and that of the refresh token with this hash when it is the user's. */
    revokeOwnSessions(userId: string, sessionId: string, refreshTokenHash: string | undefined, reason: string) {
      const ofRefreshToken = refreshTokenHash ? familiesOfToken(refreshTokenHash) : undefined;
      return revokeFamilies(
        and(eq(refreshFamilies.userId, userId), or(eq(refreshFamilies.id, sessionId), ofRefreshToken)),
        reason,
      );
    },

    /**
     * Marks an unused refresh token used: one conditional UPDATE, so of two parallel uses exactly one
     * wins. Its family when it was this call that spent it.
     */
    async claimRefreshToken(tx: Writer, hash: string, now: Date): Promise<string | undefined> {
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
        .returning({ familyId: refreshTokens.familyId });
      return claimed?.familyId;
    },

    async familyWithUser(tx: Writer, familyId: string) {
      const [row] = await tx
        .select({ family: refreshFamilies, user: users })
        .from(refreshFamilies)
        .innerJoin(users, eq(users.id, refreshFamilies.userId))
        .where(eq(refreshFamilies.id, familyId));
      return row;
    },

    async insertResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, createdAt: clock.now(), expiresAt });
    },

    async resetTokenByHash(hash: string) {
      const [found] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hash));
      return found;
    },

    /**
     * In one transaction: spends the reset link (unless a parallel use spent it first: then nothing
     * happens and the answer is false), sets the password, and ends every other open link of the
     * user (pending e-mail changes too) and every session.
     */
    resetPassword(resetTokenId: string, passwordHash: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.id, resetTokenId), isNull(passwordResetTokens.usedAt)))
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) return false;
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
        await endSessionsAndLinks(tx, claimed.userId, now);
        return true;
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
