import { and, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  emailChangeTokens,
  errorReports,
  idempotencyKeys,
  mailOutbox,
  passwordResetTokens,
  refreshFamilies,
  scheduledRuns,
} from '../db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from '../lib/idempotency.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionDays {
  outbox: number;
  errorReports: number;
  tokens: number;
}

/** How many rows each purge removed (or blanked). */
export interface Purged {
  idempotencyKeys: number;
  refreshFamilies: number;
  passwordResetTokens: number;
  emailChangeTokens: number;
  outboxBodies: number;
  errorReports: number;
  scheduledRuns: number;
}

/**
 * The retention purge, a scheduled job: idempotency keys past their 24-hour life, sign-in
 * families (with their refresh tokens) expired or revoked, reset and e-mail-change tokens used or expired
 * more than `days.tokens` ago; error reports older than `days.errorReports`; mail bodies older than
 * `days.outbox` are blanked, their rows (address, subject, state) kept. Each is one statement, so a
 * run that is repeated or interrupted removes nothing twice and leaves nothing half-done.
 */
export async function purgeExpired(db: Db, now: Date, days: RetentionDays): Promise<Purged> {
  const ago = (n: number) => new Date(now.getTime() - n * DAY_MS);
  const tokensBefore = ago(days.tokens);
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    idempotencyKeys: await count(
      db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
        .returning({ k: idempotencyKeys.key }),
    ),
    refreshFamilies: await count(
      db
        .delete(refreshFamilies)
        .where(or(lt(refreshFamilies.expiresAt, tokensBefore), lt(refreshFamilies.revokedAt, tokensBefore)))
        .returning({ id: refreshFamilies.id }),
    ),
    passwordResetTokens: await count(
      db
        .delete(passwordResetTokens)
        .where(or(lt(passwordResetTokens.expiresAt, tokensBefore), lt(passwordResetTokens.usedAt, tokensBefore)))
        .returning({ id: passwordResetTokens.id }),
    ),
    emailChangeTokens: await count(
      db
        .delete(emailChangeTokens)
        .where(or(lt(emailChangeTokens.expiresAt, tokensBefore), lt(emailChangeTokens.usedAt, tokensBefore)))
        .returning({ id: emailChangeTokens.id }),
    ),
    outboxBodies: await count(
      db
        .update(mailOutbox)
        .set({ text: '', html: null, sealed: null })
        .where(
          and(
            lt(mailOutbox.createdAt, ago(days.outbox)),
            ne(mailOutbox.state, 'queued'),
            or(ne(mailOutbox.text, ''), isNotNull(mailOutbox.html), isNotNull(mailOutbox.sealed)),
          ),
        )
        .returning({ id: mailOutbox.id }),
    ),
    errorReports: await count(
      db
        .delete(errorReports)
        .where(lt(errorReports.createdAt, ago(days.errorReports)))
        .returning({ id: errorReports.id }),
    ),
    scheduledRuns: await count(
      db
        .delete(scheduledRuns)
        .where(lt(scheduledRuns.ranAt, ago(days.errorReports)))
        .returning({ id: scheduledRuns.id }),
    ),
  };
}
