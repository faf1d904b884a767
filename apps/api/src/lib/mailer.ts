import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Substrings of `text` (links with tokens) the outbox must never show; only the recipient gets them (issue 10 point 2). */
  secrets?: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Every mail is recorded in the outbox (the admin area lists it). With SMTP_URL it is also sent and
 * marked; a failed send keeps its error beside it and never fails the request that caused it.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({ from, ...mail });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        log.warn({ err: (err as Error).message, to: mail.to }, 'mail not sent');
        await db
          .update(mailOutbox)
          .set({ error: (err as Error).message })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
