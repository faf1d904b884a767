import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ADDRESS, card } from '../orders-fixtures.ts';
import { inStockVariant } from './db-faults.ts';
import { startShop, stopEverything, waitFor } from './harness.ts';

/**
 * Point 7, with a real shop process: a mail server that accepts connections and
 * then never says a word held the shopper's checkout answer for 20 s after the order was paid (the
 * confirmation was sent inside the request). Now the request only queues the mail; the answer arrives
 * while the server is still silent.
 */

const sockets = new Set<net.Socket>();
let silent: net.Server | undefined;
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await stopEverything();
  await new Promise<void>((r) => (silent ? silent.close(() => r()) : r()));
});

describe('an SMTP server that stops answering', () => {
  it("does not hold the shopper's checkout answer", async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((r) => silent?.listen(0, '127.0.0.1', () => r()));
    const { port } = silent.address() as net.AddressInfo;
    const shop = await startShop({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMIT_SCALE: '100' } });

    const list = await (await shop.api('products?limit=50&in_stock=true')).json();
    const product = (list.items as { id: string }[])[0];
    if (!product) throw new Error('no product in the demo catalogue');
    const order = {
      email: `silent-smtp-${randomUUID().slice(0, 8)}@example.com`,
      // The variant a shopper would pick on the product page.
      items: [{ product_id: product.id, variant_id: await inStockVariant(shop, product.id), quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: card(),
    };
    // Fault bound, not a speed figure: the server stays silent longer than any SMTP timeout the shop
    // has (nodemailer's greeting timeout: 30 s by default, 10 s in the worker). An answer held by the
    // mail would take at least that long; 8 s is far more than placing and paying an order needs.
    const answer = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(order),
      signal: AbortSignal.timeout(8_000),
    });
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { status: string }).status).toBe('paid');
    // The mail server is reached (by the worker, after the answer) and answers no one.
    await waitFor('the worker to reach the silent server', () => sockets.size > 0, { timeoutMs: 20_000 });
    expect([...sockets].every((s) => s.bytesWritten === 0)).toBe(true);
    expect(shop.output()).not.toContain('"statusCode":500');
  });
});
