import type { PublicUser } from '@shop/contracts/auth';
import type { Cart, CartItem, Profile } from '@shop/contracts/cart';
import { toCents } from '@shop/contracts/money';

/**
 * A stand-in for the network under the real API client, for unit tests only: it answers the cart
 * calls of spec §7 the way the API does (apps/api/src/modules/cart), so tests mock nothing but `fetch`.
 */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeProduct {
  id: string;
  name: string;
  sale_price: number;
}

export function fakeCartApi(user: PublicUser) {
  const catalog = new Map<string, FakeProduct>();
  let lines: CartItem[] = [];
  let wishlist: FakeProduct[] = [];
  let nextLine = 1;
  const calls: RecordedCall[] = [];
  /** `METHOD path-prefix` → the status to answer instead (kept until cleared). */
  const failures = new Map<string, number>();
  /** While set, every answer waits for it (to look at the optimistic state before the server answers). */
  let gate: Promise<void> | null = null;
  const seenKeys = new Map<string, Cart>();

  const cart = (): Cart => ({
    id: 'cart-1',
    cart_items: structuredClone(lines),
    total_items: lines.reduce((n, l) => n + l.quantity, 0),
    total_price: lines.reduce((c, l) => c + toCents(l.product.sale_price) * l.quantity, 0) / 100,
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const wireProduct = (p: FakeProduct) => ({
    id: p.id,
    slug: `slug-${p.id}`,
    name: p.name,
    sale_price: p.sale_price,
    regular_price: p.sale_price,
    images: [`/media/${p.id}.svg`],
    available: 100,
    in_stock: true,
  });

  async function handle(method: string, path: string, body: Record<string, unknown>, key: string | null) {
    if (method === 'GET' && path === 'users/me') return json(200, { ...user, cart: cart() } satisfies Profile);
    if (method === 'POST' && path === 'products/add-to-cart') {
      if (key && seenKeys.has(key)) return json(200, seenKeys.get(key));
      const product = catalog.get(String(body.product_id));
      if (!product) return json(404, { message: 'Product not found', code: 'NOT_FOUND' });
      const color = (body.color as string | undefined) ?? null;
      const size = (body.size as string | undefined) ?? null;
      const quantity = (body.quantity as number | undefined) ?? 1;
      const line = lines.find((l) => l.product.id === product.id && l.color === color && l.size === size);
      if (line) line.quantity += quantity;
      else
        lines.push({
          id: `line-${nextLine++}`,
          product: wireProduct(product),
          quantity,
          color,
          size,
          missing_choices: [],
        });
      if (key) seenKeys.set(key, cart());
      return json(200, cart());
    }
    const patch = /^products\/cart-items\/(.+)$/.exec(path);
    if (method === 'PATCH' && patch) {
      const line = lines.find((l) => l.id === decodeURIComponent(patch[1]!));
      if (!line) return json(404, { message: 'Cart item not found', code: 'NOT_FOUND' });
      line.quantity = body.quantity as number;
      return json(200, cart());
    }
    const remove = /^products\/remove-from-cart\/(.+)$/.exec(path);
    if (method === 'DELETE' && remove) {
      const id = decodeURIComponent(remove[1]!);
      if (!lines.some((l) => l.product.id === id)) {
        return json(404, { message: 'This product is not in your cart', code: 'NOT_FOUND' });
      }
      lines = lines.filter((l) => l.product.id !== id);
      return json(200, cart());
    }
    if (method === 'DELETE' && path === 'products/clear-cart') {
      lines = [];
      return json(200, cart());
    }
    const wished = () => wishlist.map((p) => ({ ...wireProduct(p), description: '', category: 'c' }));
    if (method === 'GET' && path === 'wishlist') return json(200, wished());
    if (method === 'POST' && path === 'wishlist') {
      const product = catalog.get(String(body.product_id));
      if (!product) return json(404, { message: 'Product not found', code: 'NOT_FOUND' });
      const created = !wishlist.some((p) => p.id === product.id);
      if (created) wishlist = [product, ...wishlist];
      return json(created ? 201 : 200, wished());
    }
    const unwish = /^wishlist\/(.+)$/.exec(path);
    if (method === 'DELETE' && unwish) {
      const id = decodeURIComponent(unwish[1]!);
      if (!wishlist.some((p) => p.id === id)) return json(404, { message: 'Not in wishlist', code: 'NOT_FOUND' });
      wishlist = wishlist.filter((p) => p.id !== id);
      return json(200, wished());
    }
    return json(404, { message: `No route ${method} ${path}`, code: 'NOT_FOUND' });
  }

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const key = request.headers.get('idempotency-key');
    calls.push({
      method: request.method,
      path,
      body: text ? body : undefined,
      idempotencyKey: key,
      authorization: request.headers.get('authorization'),
    });
    if (gate) await gate;
    for (const [rule, status] of failures) {
      const [m, prefix] = rule.split(' ');
      if (request.method === m && path.startsWith(prefix!)) return json(status, { message: 'Refused', code: 'X' });
    }
    return handle(request.method, path, body, key);
  };

  return {
    fetch,
    calls,
    failures,
    addProduct(p: FakeProduct) {
      catalog.set(p.id, p);
    },
    setLines(next: { product: FakeProduct; quantity: number; color?: string; size?: string }[]) {
      lines = next.map((l) => ({
        id: `line-${nextLine++}`,
        product: wireProduct(l.product),
        quantity: l.quantity,
        missing_choices: [],
        color: l.color ?? null,
        size: l.size ?? null,
      }));
    },
    lines: () => lines,
    setWishlist(products: FakeProduct[]) {
      wishlist = [...products];
    },
    wishlist: () => wishlist,
    /** Holds every answer until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
  };
}
export type FakeCartApi = ReturnType<typeof fakeCartApi>;
