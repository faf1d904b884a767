import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A mail as the recipient's mailbox got it. */
export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  /** The sender as the mailbox shows it: name and address. */
  from: { name: string; address: string };
  html: string;
}

/**
 * A local SMTP server that accepts every mail and keeps it (docs/architecture.md §2: test stand-ins only at the
 * network boundary). The shop sends to it over real SMTP when SMTP_URL is `sink.url`; a mail is kept
 * before the server answers 250, so once `mailer.send` resolved, `mailsTo` sees it.
 */
export interface SinkFaults {
  /** Refuse this many messages first, at the end of DATA, with `451 try again later`. */
  refuse?: number;
  /** Take the message but never answer DATA (until `accept()`): the sender waits, nothing is delivered. */
  hold?: boolean;
  /** Refuse the first message to each address matching this (550), accept later ones (browser tests). */
  refuseOnceTo?: RegExp;
}

export async function startSmtpSink(port = 0, faults: SinkFaults = {}) {
  const raw: { to: string[]; message: Buffer }[] = [];
  let refuseLeft = faults.refuse ?? 0;
  let holding = faults.hold ?? false;
  let refused = 0;
  let held = 0;
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (holding) {
          held += 1; // never answered: the DATA phase does not complete, so nothing is delivered
          return;
        }
        const once = session.envelope.rcptTo
          .map((r) => r.address.toLowerCase())
          .find((a) => faults.refuseOnceTo?.test(a) && !refusedOnce.has(a));
        if (once) {
          refusedOnce.add(once);
          refused += 1;
          return done(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        }
        if (refuseLeft > 0) {
          refuseLeft -= 1;
          refused += 1;
          return done(Object.assign(new Error('try again later'), { responseCode: 451 }));
        }
        raw.push({ to: session.envelope.rcptTo.map((r) => r.address), message: Buffer.concat(chunks) });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;

  async function mails(): Promise<DeliveredMail[]> {
    return Promise.all(
      raw.map(async ({ to, message }) => {
        const parsed = await PostalMime.parse(message);
        return {
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          from: { name: parsed.from?.name ?? '', address: parsed.from?.address ?? '' },
          html: parsed.html ?? '',
        };
      }),
    );
  }

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** Messages whose DATA completed (250). */
    delivered: () => raw.length,
    /** Messages refused with 451, and messages held unanswered. */
    refused: () => refused,
    held: () => held,
    /** From now on, answer DATA again (messages held so far stay unanswered). */
    accept() {
      holding = false;
    },
    /** The mails delivered to an address (case-insensitively), newest first. */
    async mailsTo(to: string): Promise<DeliveredMail[]> {
      const wanted = to.toLowerCase();
      return (await mails()).filter((m) => m.to.some((r) => r.toLowerCase() === wanted)).reverse();
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Held conversations would keep close() waiting for ever.
        for (const c of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) c.close();
        server.close(() => resolve());
      }),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
