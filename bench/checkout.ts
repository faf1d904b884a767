// The checkout section of `npm run bench`: concurrent shoppers register, fill their carts and
// place card orders with an Idempotency-Key (some keys sent twice), then the invariants are checked
// through the API. Loopback only, bounded by an order count and a time limit.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** The add-to-cart body for one product: the variant a shopper picked. */
export interface CartLine {
  product_id: string;
  variant_id: string;
}

export interface CheckoutOptions {
  port: number;
  /** In-stock products to buy from (each with enough stock that no order is refused for stock). */
  lines: CartLine[];
  shoppers: number;
  maxOrders: number;
  maxSeconds: number;
}

export interface CheckoutResult {
  shoppers: number;
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  errorSamples: string[];
  replays: number;
  replaysSameOrder: number;
  productsChecked: number;
  stockInvariantHolds: boolean;
  keys: number;
  ordersListed: number;
  oneOrderPerKey: boolean;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * One HTTP call from a given loopback address. Each shopper has its own 127.0.0.x, as real shoppers
 * have their own addresses, so per-IP limits (sign-up: 5 a minute) apply per shopper.
 */
function call(
  port: number,
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress,
        agent: false,
        timeout: 15_000,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const ADDRESS = {
  name: 'Bench Shopper',
  line1: '1 Loopback Road',
  city: 'Localhost',
  region: 'TX',
  postal_code: '12345',
  country: 'US',
};
/** A demo card as the browser sends it (brand and last 4 only; the demo provider succeeds on 4242). */
const CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099, name: 'Bench Shopper' };
/** Every n-th order is sent a second time with the same key (a client retry). */
const RETRY_EVERY = 5;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

type OrderAnswer = { id: string; lines: { product_id: string; quantity: number }[]; status: string };

export async function runCheckout(opts: CheckoutOptions): Promise<CheckoutResult> {
  const { port } = opts;
  const run = randomUUID().slice(0, 8);
  const errors: string[] = [];
  const fail = (what: string, a: Answer) =>
    errors.push(`${what} → ${a.status} ${JSON.stringify(a.body).slice(0, 160)}`);

  // Initial stock of the products on offer, read through the API.
  const initial = new Map<string, number>();
  for (const { product_id: id } of opts.lines) {
    const a = await call(port, '127.0.0.1', 'GET', `/api/products/${id}`);
    initial.set(id, (a.body as { available: number }).available);
  }

  // Sign-up and sign-in are set-up, not measured.
  const shoppers = await Promise.all(
    Array.from({ length: opts.shoppers }, async (_, i) => {
      const ip = `127.0.0.${10 + i}`;
      const email = `shopper${i}-${run}@example.com`;
      const password = 'Bench-Passw0rd';
      const reg = await call(port, ip, 'POST', '/api/auth/register', {
        first_name: 'Bench',
        last_name: 'Shopper',
        username: `shopper${i}_${run}`,
        email,
        password,
      });
      if (reg.status >= 300) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
      const login = await call(port, ip, 'POST', '/api/auth/login', { email, password });
      if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
      return { ip, auth: { authorization: `Bearer ${(login.body as { access: string }).access}` } };
    }),
  );

  const latencies: number[] = [];
  const byKey = new Map<string, string>();
  let placed = 0;
  let replays = 0;
  let replaysSameOrder = 0;
  const started = performance.now();
  const deadline = started + opts.maxSeconds * 1000;
  const more = () => placed < opts.maxOrders && performance.now() < deadline;

  await Promise.all(
    shoppers.map(async ({ ip, auth }) => {
      while (more()) {
        const count = 1 + Math.floor(Math.random() * 3);
        const picks = new Set<CartLine>();
        while (picks.size < count) {
          const pick = opts.lines[Math.floor(Math.random() * opts.lines.length)];
          if (pick) picks.add(pick);
        }
        for (const pick of picks) {
          const a = await call(port, ip, 'POST', '/api/products/add-to-cart', pick, {
            ...auth,
            'idempotency-key': randomUUID(),
          });
          if (a.status !== 200) fail('add-to-cart', a);
        }
        const key = randomUUID();
        const body = {
          shipping_address: ADDRESS,
          shipping_method: 'standard',
          payment: { method: 'card', card: CARD },
        };
        const t0 = performance.now();
        const a = await call(port, ip, 'POST', '/api/orders', body, { ...auth, 'idempotency-key': key });
        latencies.push(performance.now() - t0);
        if (a.status !== 201) {
          fail('place order', a);
          continue;
        }
        placed += 1;
        const id = (a.body as OrderAnswer).id;
        byKey.set(key, id);
        if (placed % RETRY_EVERY === 0) {
          replays += 1;
          const again = await call(port, ip, 'POST', '/api/orders', body, { ...auth, 'idempotency-key': key });
          if (again.status === 201 && (again.body as OrderAnswer).id === id && again.headers['idempotent-replayed']) {
            replaysSameOrder += 1;
          } else fail('replayed order', again);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Invariants, through the API: every order each shopper has, with its lines.
  const sold = new Map<string, number>();
  const listed = new Set<string>();
  for (const { ip, auth } of shoppers) {
    for (let page = 1; ; page++) {
      const list = await call(port, ip, 'GET', `/api/orders?limit=100&page=${page}`, undefined, auth);
      const items = (list.body as { items: { id: string }[] }).items;
      for (const { id } of items) {
        listed.add(id);
        const order = (await call(port, ip, 'GET', `/api/orders/${id}`, undefined, auth)).body as OrderAnswer;
        if (order.status === 'cancelled') continue;
        for (const l of order.lines) sold.set(l.product_id, (sold.get(l.product_id) ?? 0) + l.quantity);
      }
      if (items.length < 100) break;
    }
  }
  let stockInvariantHolds = true;
  let productsChecked = 0;
  for (const [id, before] of initial) {
    const now = (await call(port, '127.0.0.1', 'GET', `/api/products/${id}`)).body as { available: number };
    productsChecked += 1;
    if (now.available + (sold.get(id) ?? 0) !== before) {
      stockInvariantHolds = false;
      errors.push(`stock invariant broken for ${id}: ${now.available} + ${sold.get(id) ?? 0} ≠ ${before}`);
    }
  }
  const keyOrders = new Set(byKey.values());
  const oneOrderPerKey =
    keyOrders.size === byKey.size && listed.size === byKey.size && [...keyOrders].every((id) => listed.has(id));

  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    shoppers: opts.shoppers,
    orders: placed,
    seconds: Math.round(seconds * 100) / 100,
    ordersPerSecond: Math.round((placed / seconds) * 10) / 10,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    errors: errors.length,
    errorSamples: errors.slice(0, 5),
    replays,
    replaysSameOrder,
    productsChecked,
    stockInvariantHolds,
    keys: byKey.size,
    ordersListed: listed.size,
    oneOrderPerKey,
  };
}

export function printCheckout(r: CheckoutResult) {
  const ok = (b: boolean) => (b ? 'ok' : 'BROKEN');
  console.log('');
  console.log(`checkout: ${r.shoppers} concurrent shoppers, card orders with an Idempotency-Key`);
  console.log(
    `  ${r.orders} orders in ${r.seconds} s → ${r.ordersPerSecond} orders/s; placement p50 ${r.p50} ms, p99 ${r.p99} ms; errors ${r.errors}`,
  );
  console.log(`  retried keys: ${r.replaysSameOrder}/${r.replays} answered the same order`);
  console.log(`  stock + units sold = initial stock: ${ok(r.stockInvariantHolds)} (${r.productsChecked} products)`);
  console.log(`  one order per Idempotency-Key: ${ok(r.oneOrderPerKey)} (${r.keys} keys, ${r.ordersListed} orders)`);
  for (const e of r.errorSamples) console.log(`  error: ${e}`);
}
