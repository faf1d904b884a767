/**
 * What `npm start` prints once the shop listens: where to go, where the data is,
 * and — on the first start only, when the password was generated — the first admin's sign-in in a box.
 * Plain text for a person, whatever the log format: it is the command's answer, not a log record.
 */
export interface StartFacts {
  publicUrl: string;
  /** PUBLIC_URL was set (else links are built from HOST and PORT). */
  publicUrlSet: boolean;
  dataDir: string;
  /** The embedded cluster's directory; undefined with DATABASE_URL. */
  databaseDir?: string;
  /** Who takes cards (config `cardProvider`). */
  cardProvider?: 'stripe' | 'demo' | null;
  /** Whether pay later is offered: the store has saved its bank details (settings `payLaterOffered`). */
  payLater?: boolean;
  /** Set on the first start only; `password` only when it was generated. */
  firstAdmin?: { email: string; password?: string };
}

const CARD_WORDS = {
  stripe: 'cards through Stripe',
  demo: 'demo mode — no real payment (test cards); set the STRIPE_* settings to take money',
} as const;
const NO_PAY_LATER = 'pay later once bank details are saved in admin Settings';

function paymentWords(cards: 'stripe' | 'demo' | null, payLater: boolean): string {
  if (cards) return `${CARD_WORDS[cards]}${payLater ? ', and pay later' : `; ${NO_PAY_LATER}`}`;
  return payLater
    ? 'pay later only: cards need the STRIPE_* settings (docs/payments.md)'
    : `none yet — no order can be placed: ${NO_PAY_LATER}, cards with the STRIPE_* settings (docs/payments.md)`;
}

export function startSummary(facts: StartFacts): string {
  const url = facts.publicUrl;
  const rows: [string, string][] = [
    ['Storefront', `${url}/`],
    ['Admin', `${url}/admin`],
    ['API docs', `${url}/api/docs/`],
    ['Data', facts.dataDir],
    ['Database', facts.databaseDir ? `embedded PostgreSQL in ${facts.databaseDir}` : 'DATABASE_URL'],
  ];
  if (facts.cardProvider !== undefined)
    rows.push(['Payments', paymentWords(facts.cardProvider, facts.payLater ?? true)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ['', 'The shop is running.', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  if (!facts.publicUrlSet) lines.push(`  Links in pages and mail use ${url}: set PUBLIC_URL for a public address.`);
  const admin = facts.firstAdmin;
  if (admin?.password) {
    lines.push(
      '',
      ...box([
        'First admin — shown only this once: keep it safe.',
        `E-mail    ${admin.email}`,
        `Password  ${admin.password}`,
        `Sign in at ${url}/admin`,
      ]),
    );
  } else if (admin) {
    lines.push(`  First admin ${admin.email} created with the password from ADMIN_PASSWORD.`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** Lines framed by a box drawn in Unicode line characters, two spaces in. */
export function box(content: string[]): string[] {
  const width = Math.max(...content.map((line) => line.length));
  return [
    `  ┌${'─'.repeat(width + 2)}┐`,
    ...content.map((line) => `  │ ${line.padEnd(width)} │`),
    `  └${'─'.repeat(width + 2)}┘`,
  ];
}
