import { and, count, eq, gt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Clock } from './clock.ts';

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

/** At most this many mails an hour go to one address, whoever asks for them (issue 10 point 3). */
export const MAIL_HOURLY_CAP = 10;
const HOUR_MS = 60 * 60 * 1000;

/** What the outbox shows in place of a secret (issue 10 point 2). */
export const SECRET_HIDDEN = '[link hidden — sent only to the recipient]';
/** The outbox's note on a mail with a secret that no SMTP server could take. */
export const NOT_SENT_NO_SMTP = 'no SMTP server is configured (SMTP_URL), and the link in it was not kept';
/** The outbox's note on a mail over the hourly cap. */
export const NOT_SENT_OVER_CAP = `this address already got ${MAIL_HOURLY_CAP} mails within the hour (a limit against mail floods)`;

/** Advisory-lock namespace of the per-address cap (two-key form; the other key is the address). */
const CAP_LOCK = 7316010;

/** The text with every secret replaced; longest first, so a secret inside another never leaves a part. */
function hideSecrets(text: string, secrets: readonly string[]): string {
  return [...secrets]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((kept, secret) => kept.replaceAll(secret, SECRET_HIDDEN), text);
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
}

/**
 * Every mail is recorded in the outbox (the admin area lists it). With SMTP_URL it is also sent and
 * marked; a failed send keeps its error beside it and never fails the request that caused it.
 *
 * issue 10 point 2: the outbox row holds the mail with its `secrets` (reset and confirmation links)
 * replaced, so staff reading the outbox, a log or a database dump never get a working link: only the
 * SMTP message carries them. Without SMTP such a mail cannot reach anyone, and its row says so.
 *
 * issue 10 point 3: at most MAIL_HOURLY_CAP mails an hour go to one address (case-insensitively, by
 * the injected clock). A mail over the cap is not sent; it is kept as suppressed, with the reason, so
 * staff can tell a shopper why it never arrived. The request that caused it still succeeds.
 */
export function createMailer({ db, clock, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  if (!transport) {
    log.warn(
      {},
      'SMTP_URL is not set: no mail is sent. Mails are kept in the admin outbox without their links, so password reset and newsletter confirmation mails never arrive.',
    );
  }

  /**
   * Stores the mail, suppressed when its address had its hourly share. The lock on the address makes
   * the count exact when mails to it are sent at once.
   */
  async function record(mail: Omit<Mail, 'secrets'>, error: string | null) {
    return db.transaction(async (tx) => {
      const address = mail.to.toLowerCase();
      await tx.execute(sql`select pg_advisory_xact_lock(${CAP_LOCK}, hashtext(${address}))`);
      const now = clock.now();
      const [recent] = await tx
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          and(
            sql`lower(${mailOutbox.to}) = ${address}`,
            gt(mailOutbox.createdAt, new Date(now.getTime() - HOUR_MS)),
            eq(mailOutbox.suppressed, false),
          ),
        );
      const suppressed = (recent?.n ?? 0) >= MAIL_HOURLY_CAP;
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...mail, createdAt: now, suppressed, error: suppressed ? NOT_SENT_OVER_CAP : error })
        .returning({ id: mailOutbox.id, suppressed: mailOutbox.suppressed });
      if (!row) throw new Error('mail not recorded');
      return row;
    });
  }

  return {
    async send({ secrets = [], ...mail }) {
      const kept = {
        to: mail.to,
        subject: mail.subject,
        text: hideSecrets(mail.text, secrets),
        html: mail.html === undefined ? undefined : hideSecrets(mail.html, secrets),
      };
      const undeliverable = !transport && secrets.length > 0;
      const { id, suppressed } = await record(kept, undeliverable ? NOT_SENT_NO_SMTP : null);
      if (suppressed) {
        log.warn({ to: mail.to, subject: mail.subject }, `mail not sent: ${NOT_SENT_OVER_CAP}`);
        return;
      }
      if (!transport) return;
      try {
        await transport.sendMail({ from, ...mail });
        await db.update(mailOutbox).set({ sentAt: clock.now() }).where(eq(mailOutbox.id, id));
      } catch (err) {
        // An SMTP server may echo what it refused: the error is kept and logged without secrets.
        const error = hideSecrets((err as Error).message, secrets);
        log.warn({ err: error, to: mail.to }, 'mail not sent');
        await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
      }
    },
  };
}
