// The browser tests' mailbox (reset and confirmation links reach only the
// recipient, never the admin outbox). Playwright starts it beside the shop, whose SMTP_URL points here:
// an SMTP server on MAIL_SINK_SMTP_PORT keeps every mail, and GET /mails?to=… on MAIL_SINK_HTTP_PORT
// answers the mails to that address, newest first, as { items: [{ to, subject, text, from, html }] }.
// Run: node --import tsx e2e/support/mail-sink.ts
import http from 'node:http';
import { startSmtpSink } from '../../apps/api/test/smtp-sink.ts';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('Set MAIL_SINK_SMTP_PORT and MAIL_SINK_HTTP_PORT');

// The first mail to a refuse-once-… address is refused, so the outbox shows a failed mail to retry.
const sink = await startSmtpSink(smtpPort, { refuseOnceTo: /^refuse-once-/ });
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to');
  if (request.method !== 'GET' || url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  (to ? sink.mailsTo(to) : sink.mails()).then(
    (items) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
    },
    (err: Error) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(err.message);
    },
  );
});
server.listen(httpPort, '127.0.0.1', () => {
  console.log(`mail sink: SMTP on 127.0.0.1:${smtpPort}, mails at http://127.0.0.1:${httpPort}/mails`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close();
    void sink.close().then(() => process.exit(0));
  });
}
