import { CONTACT_MSG, type ContactBody } from '@shop/contracts/contact';
import { contactMessages } from '../../db/schema.ts';
import type { Deps } from '../../services.ts';

/**
 * The contact form. docs/product.md shows it unwired (docs/product.md §5); docs/product.md §10 stores it: a contact message becomes
 * a support ticket for the admin area.
 */
export function createContactService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /**
     * Stores a contact message (linked to the user when signed in). Subject and message are free text
     * and are stored exactly as sent (after trimming): escaping is the job of whoever displays them.
     */
    async send(input: ContactBody, userId: string | undefined): Promise<{ message: string }> {
      await db.insert(contactMessages).values({
        userId: userId ?? null,
        name: input.name || null,
        email: input.email,
        inquiryType: input.inquiry_type,
        subject: input.subject,
        message: input.message,
        createdAt: clock.now(),
      });
      return { message: CONTACT_MSG.sent };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
