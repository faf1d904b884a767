import type { Db } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type Failure, ok, type Result } from '../../lib/result.ts';
import type { PaymentProvider } from './provider.ts';

/** What the `payment-event` job is handed: the event's identity, never its claims. */
export interface PaymentEventJob {
  eventId: string;
  type: string;
  objectId: string;
  paymentRef: string | null;
}

/**
 * The webhook's intake: a delivery whose signature holds is stored by its event id and its
 * handling queued in the same transaction (jobs/queue.ts), so a repeated delivery finds its id and
 * queues nothing, and a stored event is always handled (the job retries until the provider answers).
 * The job retrieves the object from the provider, so the order events arrive in does not matter.
 */
export function createPaymentEvents(db: Db, provider: PaymentProvider) {
  return {
    async receive(
      rawBody: string,
      signature: string | undefined,
    ): Promise<Result<{ duplicate: boolean }, Failure<'bad_signature'>>> {
      const read = provider.readEvent?.(rawBody, signature);
      if (!read) throw new Error(`${provider.name} sends no webhooks`);
      if (!read.ok) return read;
      const event = read.value;
      const duplicate = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentEvents)
          .values({ id: event.id, provider: provider.name, type: event.type, objectId: event.objectId })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (inserted.length === 0) return true;
        const job: PaymentEventJob = {
          eventId: event.id,
          type: event.type,
          objectId: event.objectId,
          paymentRef: event.paymentRef,
        };
        await enqueue(tx, 'payment-event', { ...job }, { jobKey: `payment-event:${event.id}` });
        return false;
      });
      return ok({ duplicate });
    },
  };
}
export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
