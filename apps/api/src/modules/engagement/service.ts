import { type ContactBody, ENGAGEMENT_MSG } from '@shop/contracts/engagement';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { contactMessages, newsletterSubscribers } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { hashToken, opaqueToken } from '../../lib/secrets.ts';
import type { Deps } from '../../services.ts';

/**
 * Newsletter and contact form. The spec shows both forms unwired (spec §2, §5); DESIGN §7 stores them:
 * a newsletter subscription is confirmed by mail (double opt-in), a contact message becomes a support
 * ticket for the admin area.
 */
export function createEngagementService({ db, clock, mailer, publicUrl }: Deps) {
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
          // Staff reading the outbox must not confirm anyone's subscription (issue 10 point 2).
          secrets: [link],
        });
      }
      return { message: ENGAGEMENT_MSG.subscribed };
    },

    /** Confirms the subscription a mailed token belongs to; a token works once. */
    async confirmSubscription(token: string): Promise<{ message: string }> {
      const confirmed = await db
        .update(newsletterSubscribers)
        .set({ confirmedAt: clock.now(), confirmTokenHash: null })
        .where(
          and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), isNull(newsletterSubscribers.confirmedAt)),
        )
        .returning({ id: newsletterSubscribers.id });
      if (confirmed.length === 0) throw badRequest(ENGAGEMENT_MSG.confirmInvalid);
      return { message: ENGAGEMENT_MSG.confirmed };
    },

    /**
     * Stores a contact message (linked to the user when signed in). Subject and message are free text
     * and are stored exactly as sent (after trimming): escaping is the job of whoever displays them.
     */
    async contact(input: ContactBody, userId: string | undefined): Promise<{ message: string }> {
      await db.insert(contactMessages).values({
        userId: userId ?? null,
        name: input.name || null,
        email: input.email,
        inquiryType: input.inquiry_type,
        subject: input.subject,
        message: input.message,
        createdAt: clock.now(),
      });
      return { message: ENGAGEMENT_MSG.contactSent };
    },
  };
}
