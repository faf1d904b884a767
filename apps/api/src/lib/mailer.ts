import { and, count, eq, gt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { enqueue } from '../jobs/queue.ts';
import type { Clock } from './clock.ts';
import { seal, unseal } from './seal.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Substrings of `text` (links with tokens) the outbox must never show; only the recipient gets them. */
  secrets?: string[];
}

export interface Mailer {
  /**
   * Records the mail and queues its sending: with `tx`, both commit or roll back with the
   * caller's change; without, in a transaction of their own. Never talks to the SMTP server.
   */
  send(mail: Mail, opts?: { tx?: Tx }): Promise<void>;
}

/** The worker's side of the outbox (the send-mail job). */
export interface MailDelivery {
  /** Sends the outbox row `id` if it is still queued; throws on a failure to be retried. */
  deliver(id: string): Promise<void>;
}

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** The outbox's note on a mail whose link was dropped after its last failed attempt. */
export const LINK_NOT_KEPT = 'the link in it was not kept after the last failed attempt';

/** The job that sends outbox row `id`: one per row, so a retry replaces a waiting one. */
export const sendMailJobKey = (id: string) => `send-mail:${id}`;

/** Bounds on one SMTP conversation, so a silent server frees the worker instead of holding it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** At most this many mails an hour go to one address, whoever asks for them. */
export const MAIL_HOURLY_CAP = 10;
const HOUR_MS = 60 * 60 * 1000;

/** What the outbox shows in place of a secret. */
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

/** Who the shop's mails come from: the store's name, and its logo's PNG (an absolute URL) if it has one. */
export interface Letterhead {
  name: string;
  logoUrl: string | null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * A text mail as HTML: the store's logo, then the text as written (line breaks kept; mail programs link
 * its addresses as they do in the text part).
 */
export function letterheadHtml(head: Letterhead, text: string): string {
  const logo = head.logoUrl
    ? `<p><img src="${escapeHtml(head.logoUrl)}" alt="${escapeHtml(head.name)}" height="48" style="height:48px;width:auto;border:0"></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">${logo}<div style="white-space:pre-wrap">${escapeHtml(text)}</div></body></html>`;
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  smtpUrl: string | undefined;
  /** The sender's address; its name is the store's (`letterhead`). */
  fromAddress: string;
  /** The store as mails show it, read when a mail is recorded and sent (docs/adr/040-store-logo.md). */
  letterhead: () => Promise<Letterhead>;
  log: Logger;
  /** Seals the real text of a queued mail (lib/seal.ts). */
  sealKey: Buffer;
  /** After this many failed attempts a mail is `failed` (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
}

/** What is sealed beside a queued mail: the text the recipient gets, and the secrets to hide in errors. */
interface Sealed {
  text: string;
  html?: string;
  secrets: string[];
}

/**
 * Every mail is recorded in the outbox (the admin area lists it). With SMTP_URL its row is `queued` and a
 * send-mail job is queued in the same transaction; the worker sends it and marks it `sent`, or records
 * the error and attempt and lets the queue retry with backoff, until `maxAttempts`: then it is `failed`
 * with its reason (ADR 021). A job for a row that is no longer queued does nothing, so the
 * queue's at-least-once runs never send twice what was marked sent.
 *
 * The outbox row holds the mail with its `secrets` (reset and confirmation links)
 * replaced, so staff reading the outbox, a log or a database dump never get a working link. The real
 * text waits for the worker sealed (AES-256-GCM, a key from the JWT secret) in `sealed`, which is
 * cleared once the mail is sent or finally failed. Without SMTP such a mail cannot reach anyone, and its
 * row says so.
 *
 * At most MAIL_HOURLY_CAP mails an hour go to one address (case-insensitively, by
 * the injected clock). A mail over the cap is not sent; it is kept as suppressed, with the reason, so
 * staff can tell a shopper why it never arrived. The request that caused it still succeeds.
 */
export function createMailer({
  db,
  clock,
  smtpUrl,
  fromAddress,
  letterhead,
  log,
  sealKey,
  maxAttempts,
}: MailerOptions): Mailer & MailDelivery {
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : undefined;
  if (!transport) {
    log.warn(
      {},
      'SMTP_URL is not set: no mail is sent. Mails are kept in the admin outbox without their links, so password reset and newsletter confirmation mails never arrive.',
    );
  }

  /**
   * Stores the mail (suppressed when its address had its hourly share) and queues it. The lock on the
   * address makes the count exact when mails to it are sent at once.
   */
  async function record(tx: Tx, { secrets = [], ...written }: Mail) {
    // A mail written as text gets the store's logo above it in an HTML part, once the store has one.
    const head = written.html === undefined ? await letterhead() : null;
    const mail = head?.logoUrl ? { ...written, html: letterheadHtml(head, written.text) } : written;
    // The HTML part holds each secret escaped as well.
    const hidden = [...secrets, ...secrets.map(escapeHtml)];
    const kept = {
      to: mail.to,
      subject: mail.subject,
      text: hideSecrets(mail.text, secrets),
      html: mail.html === undefined ? undefined : hideSecrets(mail.html, hidden),
    };
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
    const hasSecrets = secrets.length > 0;
    const state = suppressed ? 'suppressed' : transport ? 'queued' : 'kept';
    const error = suppressed ? NOT_SENT_OVER_CAP : !transport && hasSecrets ? NOT_SENT_NO_SMTP : null;
    const sealed =
      state === 'queued' && hasSecrets
        ? seal(sealKey, JSON.stringify({ text: mail.text, html: mail.html, secrets } satisfies Sealed))
        : null;
    const [row] = await tx
      .insert(mailOutbox)
      .values({ ...kept, createdAt: now, suppressed, error, state, hasSecrets, sealed })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail not recorded');
    if (state === 'queued') {
      await enqueue(tx, 'send-mail', { id: row.id }, { jobKey: sendMailJobKey(row.id) });
      // Written within the request that caused the mail: its id ties the request to the outbox row.
      log.info({ mail: row.id, to: mail.to }, 'mail queued');
    }
    if (suppressed) log.warn({ to: mail.to, subject: mail.subject }, `mail not sent: ${NOT_SENT_OVER_CAP}`);
  }

  return {
    async send(mail, { tx } = {}) {
      if (tx) await record(tx, mail);
      else await db.transaction((own) => record(own, mail));
    },

    async deliver(id) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (row?.state !== 'queued') return;
      const content: Sealed = row.sealed
        ? (JSON.parse(unseal(sealKey, row.sealed)) as Sealed)
        : { text: row.text, html: row.html ?? undefined, secrets: [] };
      if (!transport || (row.hasSecrets && !row.sealed)) {
        const error = transport ? LINK_NOT_KEPT : NOT_SENT_NO_SMTP;
        await db
          .update(mailOutbox)
          .set({ state: transport ? 'failed' : 'kept', error, sealed: null })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'queued')));
        return;
      }
      try {
        const from = { name: (await letterhead()).name, address: fromAddress };
        await transport.sendMail({ from, to: row.to, subject: row.subject, text: content.text, html: content.html });
      } catch (err) {
        // An SMTP server may echo what it refused: the error is kept and logged without secrets.
        const error = hideSecrets((err as Error).message, content.secrets);
        const attempts = row.attempts + 1;
        const last = attempts >= maxAttempts;
        log.warn({ err: error, to: row.to, attempts }, last ? 'mail not sent: no attempts left' : 'mail not sent yet');
        await db
          .update(mailOutbox)
          .set({ attempts, error, ...(last ? { state: 'failed' as const, sealed: null } : {}) })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'queued')));
        if (last) return;
        throw new Error(`mail ${id} not sent (attempt ${attempts} of ${maxAttempts}): ${error}`);
      }
      await db
        .update(mailOutbox)
        .set({ state: 'sent', sentAt: clock.now(), attempts: row.attempts + 1, error: null, sealed: null })
        .where(eq(mailOutbox.id, id));
    },
  };
}
