import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { endSessionsAndLinks } from '../modules/auth/index.ts';

export type ResetResult = { ok: true; email: string; password: string } | { ok: false; reason: 'unknown_email' };

/**
 * `npm run admin -- reset-password <email>`: a new generated password for an account (for the admin who
 * lost the one shown once at the first start; reset links are mailed, and mail may not be set up yet).
 * In one transaction: the password (argon2id), every session ended, every open reset or e-mail change
 * link spent, and an audit-log entry by "command line". The password is returned to be shown once.
 */
export async function resetPasswordFromCommandLine(db: Db, email: string, now = new Date()): Promise<ResetResult> {
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .returning({ id: users.id, email: users.email });
    if (!user) return { ok: false, reason: 'unknown_email' } as const;
    await endSessionsAndLinks(tx, user.id, now);
    await tx.insert(auditLog).values({
      actorId: null,
      actorEmail: 'command line (npm run admin)',
      action: 'user.password_reset',
      entityType: 'user',
      entityId: user.id,
      createdAt: now,
    });
    return { ok: true, email: user.email, password } as const;
  });
}
