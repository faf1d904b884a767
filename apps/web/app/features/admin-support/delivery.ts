import type { OutboxMail } from '@shop/contracts/admin-outbox';

/** How staff read a mail's state: the state, its attempts, and why it was not sent. */
export function deliveryText(m: Pick<OutboxMail, 'state' | 'attempts' | 'error'>): string {
  const tries = m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`;
  switch (m.state) {
    case 'sent':
      return m.attempts > 1 ? `Sent after ${tries}` : 'Sent';
    case 'queued':
      return m.attempts > 0 ? `Queued, retrying (${tries}): ${m.error ?? ''}` : 'Queued';
    case 'failed':
      return `Failed after ${tries}: ${m.error ?? 'unknown error'}`;
    case 'suppressed':
      return `Not sent: ${m.error ?? 'over the hourly limit'}`;
    case 'kept':
      return m.error ? `Not sent: ${m.error}` : 'In outbox (no SMTP)';
  }
}
