import { formatMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { statesWhere } from '@shop/contracts/order-lifecycle';
import { sql } from 'drizzle-orm';
import { statusNotIn } from '../../db/order-status.ts';
import type { OrdersContext } from './context.ts';
import { utcMinute } from './mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The pay-later reminder, a daily job: every open invoice due within a day whose order is
 * still open gets one mail. Claiming the invoice (`reminded_at` null → now) and recording the mail are
 * one transaction, so a repeated or parallel run mails nobody twice, and a failed one mails nobody.
 */
export function createReminders(ctx: OrdersContext) {
  const { db, clock, settings, mailer } = ctx;
  return {
    /** Answers how many invoices were reminded. */
    async remindDueInvoices(): Promise<number> {
      const now = clock.now();
      const { storeName } = await settings.get();
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{
          number: string;
          email: string;
          invoice: string;
          amount: number;
          currency: string;
          due: Date;
        }>(
          sql`update invoices i set reminded_at = ${now.toISOString()}::timestamptz
                from orders o
               where o.id = i.order_id and i.status = 'open' and i.reminded_at is null
                 and i.due_at <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz
                 and ${statusNotIn(
                   statesWhere((s) => s.closed),
                   sql.raw('o.status'),
                 )}
           returning o.number, o.email, i.number as invoice, i.amount_cents as amount, o.currency, i.due_at as due`,
        );
        for (const r of rows) {
          await mailer.send(
            {
              to: r.email,
              subject: `Reminder: invoice ${r.invoice} for order ${r.number} is due soon`,
              text: [
                `Your invoice ${r.invoice} for order ${r.number} at ${storeName} is due ${utcMinute(new Date(r.due).toISOString())}.`,
                `Amount: ${formatMinor(r.amount, currencyUnit(r.currency))}.`,
                '',
                'If you have paid already, thank you: please ignore this mail.',
              ].join('\n'),
            },
            { tx },
          );
        }
        return rows.length;
      });
    },
  };
}
