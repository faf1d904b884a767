import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { orders } from '../src/db/schema.ts';
import type { Mail } from '../src/lib/mailer.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { freshOrder, PAY_LATER } from './orders-fixtures.ts';

/**
 * An order's
 * confirmation mail is recorded in the transaction that confirms the order — placed on pay-later terms,
 * or paid by card — so no crash between the two can leave a confirmed order without its mail. Shown by
 * a mailer that looks, from inside the transaction it is given, at the order's state there.
 */
interface Seen {
  subject: string;
  inTransaction: boolean;
  /** The order's status as the mail's own transaction sees it. */
  statusThere: string | undefined;
}
const seen: Seen[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      async send(mail: Mail, opts?: { tx?: Tx }) {
        const number = /Your order (\S+) at /.exec(mail.subject)?.[1];
        let statusThere: string | undefined;
        if (number && opts?.tx) {
          const [row] = await opts.tx.select({ status: orders.status }).from(orders).where(eq(orders.number, number));
          statusThere = row?.status;
        }
        seen.push({ subject: mail.subject, inTransaction: opts?.tx !== undefined, statusThere });
      },
    },
  });
});
afterAll(() => t.close());

const confirmationOf = (number: string) => seen.filter((s) => s.subject.startsWith(`Your order ${number} at `));

describe('an order’s confirmation mail', () => {
  it('is queued in the transaction that pays a card order', async () => {
    const { order } = await freshOrder(t);
    expect(order.status).toBe('paid');
    expect(confirmationOf(order.number)).toEqual([
      { subject: expect.any(String), inTransaction: true, statusThere: 'paid' },
    ]);
  });

  it('is queued in the transaction that places a pay-later order', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    expect(confirmationOf(order.number)).toEqual([
      { subject: expect.any(String), inTransaction: true, statusThere: order.status },
    ]);
  });
});
