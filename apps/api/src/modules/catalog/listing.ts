import { createHash } from 'node:crypto';
import type { BrandFacetQuery, ProductListQuery } from '@shop/contracts/catalog';
import { toMinor } from '@shop/contracts/currency';
import { searchWords } from './search.ts';

/**
 * The listing's SQL as text: one statement per listing, sent as a named prepared statement, so
 * PostgreSQL parses it once per connection. The text depends only on which filters are set and the sort —
 * never on their values, which are parameters — so a process holds a bounded set of statements (each name is
 * a hash of its text). docs/performance.md "Queries" shows the plans.
 */

/** A statement ready for `pool.query`: its name (none: parsed each time), text and parameters. */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * How many statement texts one process names. A prepared listing holds about 175 kB in each PostgreSQL
 * connection that ran it (measured: its query tree and cached plan), and the filters combine into a few
 * thousand texts: the first texts asked for get a name — the storefront's usual listings — and any beyond
 * are sent unnamed, parsed each time, so no sequence of requests can grow the database's memory past
 * about 5.6 MB per connection.
 */
export const MAX_NAMED_STATEMENTS = 32;
const namedTexts = new Set<string>();

/** The name a statement text is prepared under: a hash of the text, so one name never means two texts. */
export const nameOf = (text: string) => `catalog_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

function named(text: string, values: unknown[]): Statement {
  const name = nameOf(text);
  if (!namedTexts.has(name)) {
    if (namedTexts.size >= MAX_NAMED_STATEMENTS) return { text, values };
    namedTexts.add(name);
  }
  return { name, text, values };
}

/**
 * The WHERE conditions of the listing filters (docs/product.md §2 lists, price, stock, search) over `products p`, with
 * `brand` when asked (the listing; the brand facets leave it out), and the search's relevance for ordering.
 * Values go to `values` as parameters; prices are decimals of the base currency, which has `digits`.
 */
export function whereOf(
  query: Partial<ProductListQuery>,
  values: unknown[],
  opts: { brand: boolean; digits: number },
): { where: string; rank: string | undefined } {
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['p.published'];
  if (query.category && query.category !== 'all') {
    // A category by its id, else by one of its aliases or an address it had (the owner's data, the first in
    // menu order); an unknown name matches nothing.
    const name = param(query.category);
    where.push(
      `p.category_id = coalesce((select c.id from categories c where c.id = ${name}), (select c.id from categories c where ${name} = any(c.aliases) or ${name} = any(c.former_ids) order by c.position, c.id limit 1))`,
    );
  }
  if (query.subcategory) {
    // A slug is unique within its category only: any subcategory of that slug. A slug a subcategory had
    // before a rename still finds it, unless another subcategory of its category is called that now.
    const slug = param(query.subcategory);
    where.push(
      `p.subcategory_id in (select s.id from subcategories s where s.slug = ${slug} or (${slug} = any(s.former_slugs) and not exists (select from subcategories now where now.category_id = s.category_id and now.slug = ${slug})))`,
    );
  }
  if (query.featured) where.push(`p.featured @> array[${param(query.featured)}::text]`);
  if (query.tag) where.push(`p.tags @> array[${param(query.tag)}::text]`);
  let rank: string | undefined;
  if (query.q) {
    const words = searchWords(query.q);
    if (words === undefined) {
      where.push('false');
    } else {
      const tsquery = `plainto_tsquery('english', ${param(words)}::text)`;
      where.push(`p.search @@ ${tsquery}`);
      rank = `ts_rank(p.search, ${tsquery})`;
    }
  }
  if (query.min_price !== undefined)
    where.push(`p.sale_price_cents >= ${param(toMinor(query.min_price, opts.digits))}::int`);
  if (query.max_price !== undefined)
    where.push(`p.sale_price_cents <= ${param(toMinor(query.max_price, opts.digits))}::int`);
  if (query.in_stock) where.push('p.available > 0');
  if (opts.brand && query.brand && query.brand !== 'all') where.push(`p.brand_id = ${param(query.brand)}`);
  return { where: where.join(' and '), rank };
}

/** A sort key: what it reads of `products p` and its direction. */
type Key = [expression: string, direction: 'asc' | 'desc'];

/** docs/product.md §2 sort list; `id` last so pages never overlap or skip rows with equal keys. */
export function keysOf(sort: ProductListQuery['sort'], rank: string | undefined): Key[] {
  switch (sort) {
    case 'newest':
      return [['p.date_added', 'desc']];
    case 'price-low':
      return [['p.sale_price_cents', 'asc']];
    case 'price-high':
      return [['p.sale_price_cents', 'desc']];
    case 'rating':
      return [
        ['p.rating_average', 'desc'],
        ['p.rating_count', 'desc'],
      ];
    case 'popular':
      return [['p.sold_count', 'desc']];
    default:
      return rank
        ? [
            [rank, 'desc'],
            ['p.sold_count', 'desc'],
          ]
        : [['p.sold_count', 'desc']];
  }
}

/** The columns of a product answer (wire.ts `ProductRow`), read from `products p`. */
const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.category_id as "categoryId",
  (select s.slug from subcategories s where s.id = p.subcategory_id) as "subcategorySlug",
  p.brand_id as "brandId", p.regular_price_cents as "regularPriceCents", p.sale_price_cents as "salePriceCents",
  p.percentage_discount as "percentageDiscount", p.tax_class as "taxClass", p.images, p.colors, p.available_sizes as "availableSizes",
  p.features, p.available, p.published, p.rating_average::float8 as "ratingAverage",
  p.rating_count as "ratingCount", p.date_added as "dateAdded", p.modified_date as "modifiedDate"`;

/**
 * One page of a listing and its total, in one statement:
 * - `k` finds the page's ids and sort keys. With the listing indexes (migration 0003) it reads an index
 *   only, so a deep page skips its offset in the index without visiting the rows it passes (the `page`
 *   parameter keeps its meaning; a cursor would need a contract change for little more).
 * - the rows of those ids are then read by primary key, twenty lookups (a lateral join: a nested loop
 *   whatever the plan, also the generic plan of a prepared statement).
 * - the total is the page's own count when the page tells it (a short page, or an empty first page);
 *   only a full page (or one past the end) counts the matches, and with `count` false not even then —
 *   the caller knows the total. Nothing is counted twice.
 * One row per product in order, each with `total`; an empty page is one row with `total` and no product
 * (`id` null).
 */
export function listingStatement(query: Partial<ProductListQuery>, count: boolean, digits: number): Statement {
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const values: unknown[] = [limit, offset];
  const { where, rank } = whereOf(query, values, { brand: true, digits });
  const keys = keysOf(query.sort, rank);
  const keyColumns = keys.map(([expression], i) => `${expression} as k${i}`).join(', ');
  const innerOrder = [...keys.map(([expression, direction]) => `${expression} ${direction}`), 'p.id'].join(', ');
  const outerOrder = [...keys.map(([, direction], i) => `r.k${i} ${direction}`), 'r.id'].join(', ');
  const pageRows = '(select count(*) from k)';
  const total = count
    ? `case when ${pageRows} < $1 and (${pageRows} > 0 or $2 = 0) then $2 + ${pageRows}
         else (select count(*) from products p where ${where}) end`
    : 'null';
  const text = `with k as (
  select p.id, ${keyColumns} from products p where ${where} order by ${innerOrder} limit $1 offset $2
)
select t.total, r.* from (select (${total})::int as total) t
left join lateral (
  select ${PRODUCT_COLUMNS}, ${keys.map((_, i) => `k.k${i}`).join(', ')}
  from k cross join lateral (select * from products p where p.id = k.id limit 1) p
) r on true
order by ${outerOrder}`;
  return named(text, values);
}

/**
 * Every brand with the number of published products matching `filters` (the listing's
 * brand list is the facets of its current result): one grouped count over the filtered products, joined to
 * the brands table so brands without a match are listed with 0.
 */
export function brandCountStatement(filters: Partial<BrandFacetQuery>, digits: number): Statement {
  const values: unknown[] = [];
  const { where } = whereOf(filters, values, { brand: false, digits });
  const text = `select b.id, b.name, b.slug, coalesce(c.n, 0)::int as count
from brands b left join (select p.brand_id, count(*) as n from products p where ${where} group by p.brand_id) c
  on c.brand_id = b.id
order by b.name, b.id`;
  return named(text, values);
}
