// The memory twin: the same routes, schemas and serializer as the API, answering from fixtures held in
// memory. Whatever the real route costs beyond this is the database and the domain logic.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { dashboard, insightsRangeQuery, salesReport, salesReportQuery } from '@shop/contracts/admin-insights';
import { adminOrderList, adminOrdersQuery } from '@shop/contracts/admin-orders';
import { addToCartBody, cart } from '@shop/contracts/cart';
import { product, productList, productListQuery } from '@shop/contracts/catalog';
import { quote, quoteBody } from '@shop/contracts/orders';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface Fixtures {
  list: z.infer<typeof productList>;
  product: z.infer<typeof product>;
  search: z.infer<typeof productList>;
  cart: z.infer<typeof cart>;
  dashboard: z.infer<typeof dashboard>;
  sales: z.infer<typeof salesReport>;
  orders: z.infer<typeof adminOrderList>;
  quote: z.infer<typeof quote>;
  /** The catalogue bench: the real answer of each listing it measures, by its path. */
  listings?: Record<string, z.infer<typeof productList>>;
  /** Server-rendered pages by path, as the shop sent them. */
  pages?: Record<string, string>;
}

// The fixtures' file (bench/shop.ts startTwin): pages and listings make them larger than one argument may be.
const fixtures = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Fixtures;
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);

app.get(
  '/api/products',
  { schema: { querystring: productListQuery, response: { 200: productList } } },
  async (req) => fixtures.listings?.[req.url] ?? (req.query.q ? fixtures.search : fixtures.list),
);
app.get(
  '/api/products/:id',
  { schema: { params: z.object({ id: z.string() }), response: { 200: product } } },
  async () => fixtures.product,
);
app.post('/api/products/add-to-cart', { schema: { body: addToCartBody, response: { 200: cart } } }, async (req) => {
  if (!req.headers.authorization) throw new Error('unauthenticated');
  return fixtures.cart;
});

app.post('/api/checkout/quote', { schema: { body: quoteBody, response: { 200: quote } } }, async () => fixtures.quote);

// The admin routes: a token must be sent (the real guard checks it), the query is validated the same way.
const staffRoutes = [
  ['/api/admin/dashboard', insightsRangeQuery, dashboard, () => fixtures.dashboard],
  ['/api/admin/reports/sales', salesReportQuery, salesReport, () => fixtures.sales],
  ['/api/admin/orders', adminOrdersQuery, adminOrderList, () => fixtures.orders],
] as const;
for (const [url, querystring, response, answer] of staffRoutes) {
  app.get(url, { schema: { querystring, response: { 200: response } } }, async (req) => {
    if (!req.headers.authorization) throw new Error('unauthenticated');
    return answer();
  });
}

// Pages: the document from memory, brotli-compressed once, as the page cache holds it; the
// query string is ignored (the bench's "missed" run varies it).
for (const [pagePath, html] of Object.entries(fixtures.pages ?? {})) {
  const body = Buffer.from(html);
  const br = zlib.brotliCompressSync(body);
  app.get(pagePath, async (req, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (!String(req.headers['accept-encoding'] ?? '').includes('br')) return reply.send(body);
    return reply.header('content-encoding', 'br').send(br);
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
