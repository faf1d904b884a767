import { NEWSLETTER_MSG } from '@shop/contracts/newsletter';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
import type { Deps } from '../../services.ts';

/** A confirmation token that is unknown or was used already. */
export type NewsletterFailure = Failure<'confirm_invalid'>;

/**
 * The newsletter form. docs/product.md shows it unwired (docs/product.md §2); docs/product.md §10 stores it: a subscription is
 * confirmed by mail (double opt-in).
 */
export function createNewsletterService({
  db,
  clock,
  mailer,
  publicUrl,
}: Pick<Deps, 'db' | 'clock' | 'mailer' | 'publicUrl'>) {
  return {
    /**
     * Records the address and mails a confirmation link. Subscribing again is fine: one row, a fresh
     * link while unconfirmed, nothing new once confirmed, and always the same answer, so the form
     * never tells a stranger whether an address is on the list.
     */
    async subscribe(email: string): Promise<{ message: string }> {
      const { token, hash } = opaqueToken();
      const rows = await db.execute<{ id: string }>(sql`
        insert into newsletter_subscribers (email, confirm_token_hash, created_at)
        values (${email}, ${hash}, ${clock.now()})
        on conflict (lower(email)) do update set confirm_token_hash = excluded.confirm_token_hash
          where newsletter_subscribers.confirmed_at is null
        returning id`);
      if (rows.rows.length > 0) {
        const link = `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: email,
          subject: 'Please confirm your newsletter subscription',
          text: `Thanks for subscribing!\n\nConfirm your subscription by opening this link:\n${link}\n\nIf you did not subscribe, ignore this mail and nothing will be sent to you.`,
          // Staff reading the outbox must not confirm anyone's subscription.
          secrets: [link],
        });
      }
      return { message: NEWSLETTER_MSG.subscribed };
    },

    /** Confirms the subscription a mailed token belongs to; a token works once. */
    async confirmSubscription(token: string): Promise<Result<{ message: string }, NewsletterFailure>> {
      const confirmed = await db
        .update(newsletterSubscribers)
        .set({ confirmedAt: clock.now(), confirmTokenHash: null })
        .where(
          and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), isNull(newsletterSubscribers.confirmedAt)),
        )
        .returning({ id: newsletterSubscribers.id });
      if (confirmed.length === 0) return fail('confirm_invalid');
      return ok({ message: NEWSLETTER_MSG.confirmed });
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
