import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A mail as the recipient's mailbox got it. */
export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A local SMTP server that accepts every mail and keeps it (DESIGN §2: test stand-ins only at the
 * network boundary). The shop sends to it over real SMTP when SMTP_URL is `sink.url`; a mail is kept
 * before the server answers 250, so once `mailer.send` resolved, `mailsTo` sees it.
 */
export async function startSmtpSink(port = 0) {
  const raw: { to: string[]; message: Buffer }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
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
        return { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
      }),
    );
  }

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** The mails delivered to an address (case-insensitively), newest first. */
    async mailsTo(to: string): Promise<DeliveredMail[]> {
      const wanted = to.toLowerCase();
      return (await mails()).filter((m) => m.to.some((r) => r.toLowerCase() === wanted)).reverse();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
