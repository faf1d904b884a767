import { orderLines, orders } from '../src/db/schema.ts';
import type { TestApp } from './helpers.ts';

type OrderStatus = (typeof orders.$inferInsert)['status'];

/**
 * An order of `userId` with one line of `productId`, written directly: the review and account tests
 * are about who bought what, not about checkout (the orders module's own tests cover placing orders).
 */
export async function createOrder(
  t: TestApp,
  user: { id: string; email: string },
  productId: string,
  status: OrderStatus = 'paid',
  variantId: string | null = null,
) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: user.id,
      email: user.email,
      status,
      subtotalCents: 1999,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1999,
      taxRateBasisPoints: 0,
      shippingMethod: 'standard',
      shippingMethodName: 'Standard shipping',
      shippingAddress: { name: 'Ada Lovelace', line1: '1 Main St', city: 'London', postal_code: 'N1', country: 'GB' },
    })
    .returning();
  if (!order) throw new Error('order not created');
  await t.db
    .insert(orderLines)
    .values({ orderId: order.id, productId, variantId, name: 'Bought', unitPriceCents: 1999, quantity: 1 });
  return order;
}

/** A valid address body; override fields per test. */
export function addressInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    line1: '12 St James’s Square',
    city: 'London',
    postal_code: 'SW1Y 4JH',
    country: 'gb',
    ...overrides,
  };
}
