import type { PresentmentCurrency } from '@shop/contracts/currency';
import type { HomeSection } from '@shop/contracts/home-page';
import type { ShippingZone } from '@shop/contracts/shipping';
import type { TaxSettings } from '@shop/contracts/tax';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const textList = () => text().array().notNull().default(sql`'{}'::text[]`);

export const roleEnum = pgEnum('role', ['customer', 'staff', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    username: text().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum().notNull().default('customer'),
    disabled: boolean().notNull().default(false),
    createdAt: now(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  ],
);

/** One family per sign-in; every rotation adds a token to it (docs/architecture.md §5). */
export const refreshFamilies = pgTable('refresh_families', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the token was exchanged for a new one; a second use is a reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A requested change of the sign-in e-mail, waiting for the link mailed to the new address. Only the token's hash is stored, as for password resets.
 */
export const emailChangeTokens = pgTable('email_change_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const categories = pgTable('categories', {
  /**
   * The category's address: the value of `/products?category=`, its page's path and the product's
   * `category`. It changes only when the owner gives the category a new one; the old stays in `formerIds`.
   */
  id: text().primaryKey(),
  name: text().notNull(),
  icon: text().notNull(),
  position: integer().notNull().default(0),
  /**
   * Other names the listing's category filter and the category's address take for it (the demo's
   * `clothing` for `fashion`); the first is the one its entry in the filter list carries.
   */
  aliases: text().array().notNull().default(sql`'{}'::text[]`),
  /** The addresses it had before, newest last: each answers a 301 to the current one. */
  formerIds: text('former_ids').array().notNull().default(sql`'{}'::text[]`),
  /** Shown on the category's listing page: sanitized rich text (docs/adr/044-rich-text.md). */
  description: text().notNull().default(''),
  /**
   * The offer box of the category menu's panel (docs/product.md §11): shown only when the owner wrote a title
   * and a text; `offerLink`, when set, makes it a link.
   */
  offerTitle: text('offer_title'),
  offerText: text('offer_text'),
  offerLink: text('offer_link'),
  /** The small label beside the panel's featured cards ("Trending Now" in the demo); none when null. */
  badge: text(),
  /** Hidden: not in the menu, filters, `/categories` or the sitemap, and its page is not found; its products stay. */
  hidden: boolean().notNull().default(false),
  /** A picture uploaded to the shop (`/media/…`), shown on `/categories`; null: its icon only. */
  picture: text(),
  /** The page's title and description for search engines; empty: made from its name and description. */
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial().primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text().notNull(),
    /** The lowercased name, as the documented URLs carry it. */
    slug: text().notNull(),
    /** The slugs it had before a rename, newest last: `?subcategory=` still finds it by them. */
    formerSlugs: text('former_slugs').array().notNull().default(sql`'{}'::text[]`),
    icon: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('subcategories_category_slug_key').on(t.categoryId, t.slug)],
);

export const featuredCards = pgTable('featured_cards', {
  id: serial().primaryKey(),
  categoryId: text('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  name: text().notNull(),
  /**
   * Made from the name when the card is made, and kept when it is renamed (products carry it in
   * `featured`): `/products?featured={slug}` lists the products tagged with it.
   */
  slug: text().notNull().unique(),
  image: text().notNull(),
  /** Where the card leads when the owner chose (a path of this shop or an https:// address); null: its products. */
  link: text(),
  position: integer().notNull().default(0),
});

export const brands = pgTable('brands', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** `/brands/{slug}`; lower case letters, digits and dashes. */
  slug: text().notNull().unique(),
  /** A `/media/…` image, or null. */
  logo: text(),
  description: text().notNull().default(''),
});

/** A product's option (at most three), e.g. `{ name: 'Size', values: ['S', 'M', 'L'] }`. */
export interface ProductOption {
  name: string;
  values: string[];
}

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    /** Sanitized rich text (lib/rich-text.ts, docs/adr/044-rich-text.md). */
    description: text().notNull().default(''),
    /** The owner's product type (Shopify's `Type`), free text. */
    productType: text('product_type').notNull().default(''),
    /** The store tax class its variants are taxed by unless one says otherwise (docs/adr/049-tax-by-destination.md). */
    taxClass: text('tax_class').notNull().default('standard'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onUpdate: 'cascade' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    brandId: text('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /**
     * The options its variants choose among, in order: a variant's option1..3 are values of these
     * (ADR 023). `colors` and `available_sizes` are the documented view of the options named Color and Size.
     */
    options: jsonb().$type<ProductOption[]>().notNull().default(sql`'[]'::jsonb`),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    /** Integer cents (docs/architecture.md §6). */
    regularPriceCents: integer('regular_price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull(),
    percentageDiscount: integer('percentage_discount').notNull().default(0),
    images: textList(),
    colors: textList(),
    availableSizes: text('available_sizes').array().notNull().default(sql`'{}'::text[]`),
    features: textList(),
    /** The owner's tags (kept from imports; shown and edited in admin). */
    tags: textList(),
    /**
     * Picture addresses an import could not fetch: the product was imported without them, and staff
     * can fetch them again from the product (docs/adr/024-product-import-and-export.md).
     */
    missingImages: textList(),
    /** Featured-card slugs this product is listed under. */
    featured: textList(),
    /** The sum of its variants' stock, kept by the `product_variants_roll_up` trigger (ADR 023). */
    available: integer().notNull().default(0),
    published: boolean().notNull().default(true),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Sum of all ratings, so a new review updates the average exactly without re-reading them all. */
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * The seeded ratings (given before written reviews existed). The figures above are these plus the
     * reviews that count (reviews/visibility.ts recomputes them).
     */
    ratingBaseSum: integer('rating_base_sum').notNull().default(0),
    ratingBaseCount: integer('rating_base_count').notNull().default(0),
    /** The sum of its variants' sales, kept by the same trigger. */
    soldCount: integer('sold_count').notNull().default(0),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by'),
    modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
      ),
  },
  (t) => [
    check('products_available_nonnegative', sql`${t.available} >= 0`),
    check('products_prices_nonnegative', sql`${t.salePriceCents} >= 0 and ${t.regularPriceCents} >= 0`),
    check('products_discount_range', sql`${t.percentageDiscount} between 0 and 100`),
    index('products_category_idx').on(t.categoryId, t.published),
    index('products_subcategory_idx').on(t.subcategoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_price_idx').on(t.salePriceCents),
    index('products_sold_idx').on(t.soldCount),
    index('products_date_idx').on(t.dateAdded),
    // The public listing's orders, alone and within a category, over published products only
    // (`id` last, as the listing breaks ties): a page is the first rows of one of these, and a deep page
    // skips its offset in the index alone (docs/performance.md, "Queries"). The staff's list, drafts
    // included, keeps the single-column indexes above.
    index('products_listing_popular_idx').on(t.soldCount.desc().nullsFirst(), t.id).where(sql`${t.published}`),
    index('products_listing_category_popular_idx')
      .on(t.categoryId, t.soldCount.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('products_listing_price_idx').on(t.salePriceCents, t.id).where(sql`${t.published}`),
    index('products_listing_category_price_idx').on(t.categoryId, t.salePriceCents, t.id).where(sql`${t.published}`),
    index('products_listing_newest_idx').on(t.dateAdded.desc().nullsFirst(), t.id).where(sql`${t.published}`),
    index('products_listing_rating_idx')
      .on(t.ratingAverage.desc().nullsFirst(), t.ratingCount.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('products_search_idx').using('gin', t.search),
    index('products_featured_idx').using('gin', t.featured),
    index('products_tags_idx').using('gin', t.tags),
  ],
);

/**
 * What is sold (ADR 023): one combination of the product's options, with its own SKU, stock
 * and, when set, price. Stock moves only by conditional updates of `available` here; the trigger
 * `product_variants_roll_up` keeps `products.available` and `products.sold_count` equal to the sums.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text().notNull(),
    /** Values of the product's options 1..3, null past the product's option count. */
    option1: text(),
    option2: text(),
    option3: text(),
    /** null = the product's sale price. */
    priceCents: integer('price_cents'),
    /** null = the product's regular price. */
    compareAtCents: integer('compare_at_cents'),
    available: integer().notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    image: text(),
    barcode: text(),
    weightGrams: integer('weight_grams'),
    /** null = the product's tax class. */
    taxClass: text('tax_class'),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    unique('product_variants_options_key').on(t.productId, t.option1, t.option2, t.option3).nullsNotDistinct(),
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_available_nonnegative', sql`${t.available} >= 0`),
    check('product_variants_sold_nonnegative', sql`${t.soldCount} >= 0`),
    check(
      'product_variants_prices_nonnegative',
      sql`coalesce(${t.priceCents}, 0) >= 0 and coalesce(${t.compareAtCents}, 0) >= 0`,
    ),
    check('product_variants_weight_nonnegative', sql`coalesce(${t.weightGrams}, 0) >= 0`),
  ],
);

export const catalogImportStateEnum = pgEnum('catalog_import_state', ['running', 'done', 'failed']);

/**
 * A product import being applied or applied: its progress is written outside the import's
 * own transaction so the admin page can show a progress bar, and its outcome stays as a record.
 */
export const catalogImports = pgTable('catalog_imports', {
  id: uuid().primaryKey().defaultRandom(),
  /** 'shop' (our CSV) or 'shopify' (Shopify's product CSV). */
  format: text().notNull(),
  fileName: text('file_name'),
  state: catalogImportStateEnum().notNull().default('running'),
  totalRows: integer('total_rows').notNull().default(0),
  doneRows: integer('done_rows').notNull().default(0),
  /** Counts of products and variants created and updated, refusals with their lines. */
  summary: jsonb().$type<Record<string, unknown>>(),
  error: text(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: now(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A variant row as stored; modules pick the columns they read. */
export type ProductVariant = typeof productVariants.$inferSelect;

/** docs/product.md §3 Product.subscribers: users waiting for a restock. */
export const productSubscribers = pgTable(
  'product_subscribers',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The variant waited for; null = any variant of the product (the documented subscription). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [unique('product_subscribers_key').on(t.productId, t.userId, t.variantId).nullsNotDistinct()],
);

export const carts = pgTable('carts', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** What the line buys (ADR 023); one line per variant and cart. */
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The variant's Color and Size values as the documented cart shows them, '' when it has none. */
    color: text().notNull().default(''),
    size: text().notNull().default(''),
    quantity: integer().notNull(),
    /**
     * The product's price when the line was last added to: checkout answers 409
     * price_changed when the current price differs. null = no snapshot (the current price applies).
     */
    unitPriceCents: integer('unit_price_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_variant_key').on(t.cartId, t.variantId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** The shopper's address book (`/account`); checkout offers these to signed-in users. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    line1: text().notNull(),
    line2: text(),
    city: text().notNull(),
    region: text(),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text().notNull(),
    phone: text(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default address per user, whatever races the requests run.
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Product reviews: one per customer and product; `body` is plain text, rendered as text. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The variant the reviewer bought, when known. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    rating: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`)],
);

export const ticketStatusEnum = pgEnum('ticket_status', ['open', 'closed']);

export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text(),
  email: text().notNull(),
  inquiryType: text('inquiry_type').notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  /** A support ticket: `open` until staff close it. */
  status: ticketStatusEnum().notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A ticket's history: replies mailed to the customer and notes only staff see. */
export const ticketEntryKindEnum = pgEnum('ticket_entry_kind', ['reply', 'note']);
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: serial().primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    kind: ticketEntryKindEnum().notNull(),
    body: text().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_entries_message_idx').on(t.messageId, t.id)],
);

/** The footer's pages and the help centre (docs/product.md §10); `body` is plain text, rendered as text. */
export const contentPages = pgTable('content_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  description: text().notNull(),
  body: text().notNull(),
  /**
   * When staff last saved the page; null for a page as seeded. The seed date is not
   * when anyone wrote or reviewed the text, so shoppers see no "Last updated" line until a real edit.
   */
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/**
 * Reports sent from the storefront's error page (docs/product.md §10: Report posts the error ID and details; staff
 * read them in admin Support). One row per error ID: pressing Report twice stores one report.
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    errorId: text('error_id').notNull().unique(),
    message: text().notNull(),
    code: text(),
    status: integer(),
    path: text().notNull(),
    details: jsonb(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_reports_created_idx').on(t.createdAt)],
);

/**
 * Every mail the shop sent, or would have sent (docs/architecture.md §2). Links with tokens are stored hidden;
 * the index serves the hourly cap per address.
 */
/**
 * Where a mail stands: `queued` waits for the send-mail job; `sent`; `failed` after its last
 * attempt (the reason in `error`); `suppressed` over the hourly cap; `kept` recorded without SMTP_URL.
 */
export const mailStateEnum = pgEnum('mail_state', ['queued', 'sent', 'failed', 'suppressed', 'kept']);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text(),
    /** Over the hourly cap of its address: kept for staff to see, never sent. */
    suppressed: boolean().notNull().default(false),
    state: mailStateEnum().notNull().default('queued'),
    /** Send attempts made so far. */
    attempts: integer().notNull().default(0),
    /** The mail had links only its recipient may get: without `sealed` it cannot be sent again. */
    hasSecrets: boolean('has_secrets').notNull().default(false),
    /** The real text and html, AES-256-GCM sealed (lib/seal.ts); cleared once sent or finally failed. */
    sealed: text(),
  },
  (t) => [
    index('mail_outbox_to_created_idx').on(sql`lower(${t.to})`, t.createdAt),
    index('mail_outbox_state_idx').on(t.state),
  ],
);

/**
 * The job workers of each running process (ADR 021): a process is alive while its liveness
 * connection (application_name `shop-jobs:<process_key>`) is open; the jobs its workers held are
 * unlocked for others once it is gone.
 */
export const jobWorkers = pgTable('job_workers', {
  workerId: text('worker_id').primaryKey(),
  processKey: text('process_key').notNull(),
  startedAt: now(),
});

/** One row per run of a scheduled job: which tick it served, and where it ran. */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    id: serial().primaryKey(),
    task: text().notNull(),
    tick: timestamp({ withTimezone: true }).notNull(),
    ranAt: now(),
    processKey: text('process_key').notNull(),
    outcome: text().notNull(),
  },
  (t) => [index('scheduled_runs_task_tick_idx').on(t.task, t.tick)],
);

/** Answers to requests that carried an Idempotency-Key (docs/architecture.md §5). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

// ---------------------------------------------------------------------------------------------------
// Checkout and orders (docs/architecture.md §6). Money is integer cents; statuses are enums so a typo can
// never become a state.

/** Links the footer shows; an absent network has no icon. */
export interface SocialLinks {
  facebook?: string;
  twitter?: string;
  instagram?: string;
  youtube?: string;
}

/** One link of a navigation menu: what it says and where it goes (a path of the shop or an http(s) URL). */
export interface MenuLink {
  label: string;
  href: string;
}

/** A column of the footer: a heading over its links. */
export interface FooterColumn {
  title: string;
  links: MenuLink[];
}

/** The storefront's colours as stored (`#rrggbb`). */
export interface BrandColors {
  primary: string;
  primary_text: string;
  accent: string;
}

/** The store's checkout settings: exactly one row (id 1), seeded with every database. */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer().primaryKey().default(1),
    storeName: text('store_name').notNull(),
    /** The base currency (ISO 4217): every price is kept in its minor units. */
    currency: text().notNull().default('USD'),
    /** The currencies shoppers may pay in besides the base (docs/adr/050-currencies.md). */
    presentmentCurrencies: jsonb('presentment_currencies').$type<PresentmentCurrency[]>().notNull().default([]),
    /** Tax classes, rates per zone × class, and whether prices include tax (docs/adr/049-tax-by-destination.md). */
    tax: jsonb().$type<TaxSettings>().notNull(),
    /** Where the shop ships and at what rates, in the order checkout tries them (docs/adr/048-shipping-zones.md). */
    shippingZones: jsonb('shipping_zones').$type<ShippingZone[]>().notNull(),
    payLaterDays: integer('pay_later_days').notNull(),
    /** The store profile the footer shows. */
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    address: text().notNull().default(''),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    /** When the shop answers, in the owner's words ("Monday to Friday, 9:00–18:00"); empty shows nothing. */
    openingHours: text('opening_hours').notNull().default(''),
    /**
     * The footer's payment badges as the owner chose them (contracts PAYMENT_BADGES); null: the payment
     * methods the shop takes (docs/adr/036-footer-from-settings.md).
     */
    paymentBadges: text('payment_badges').array(),
    /**
     * The storefront's brand colours, `#rrggbb` each (contracts `DEFAULT_BRAND_COLORS`): buttons in `primary`
     * with text in `primaryText`, sale badges in `accent` with white text (docs/adr/039-brand-colours.md).
     */
    brandColors: jsonb('brand_colors')
      .$type<BrandColors>()
      .notNull()
      .default(sql`'{"primary":"#0f172a","primary_text":"#ffffff","accent":"#b91c1c"}'::jsonb`),
    /**
     * The store's logo: the id of an upload (`uploaded_images`) whose variants are the header's picture,
     * the mails' and invoices' PNG and the icons (docs/adr/040-store-logo.md); null: the store name in text.
     */
    logo: uuid(),
    /** The name invoices print for the seller when it differs from the store's name (the company's legal name). */
    legalName: text('legal_name').notNull().default(''),
    /** Links the header shows after its own (Home, Categories, …); the owner's, empty in a new shop. */
    headerMenu: jsonb('header_menu').$type<MenuLink[]>().notNull().default([]),
    /** The footer's columns of links, in order; the owner's, empty in a new shop. */
    footerMenu: jsonb('footer_menu').$type<FooterColumn[]>().notNull().default([]),
    /** On: the storefront answers 503 with the maintenance page; the admin area and its API keep working. */
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    /** Products at or below this many units count as low stock on the dashboard. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** Unpaid guest pay-later orders hold their stock this long, then are cancelled. */
    guestHoldHours: integer('guest_hold_hours').notNull().default(72),
    /** The IANA zone admin times are shown in; checked against Intl by the API. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * What a pay-later invoice prints for the transfer — the account holder, the IBAN or
     * account number, the BIC/SWIFT or routing code, the bank — and the reference, a format whose
     * `{number}` is the order number. Beside them the seller's tax id (the address is `address`).
     */
    bankAccountHolder: text('bank_account_holder').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    bankCode: text('bank_code').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    paymentReference: text('payment_reference').notNull().default('{number}'),
    taxId: text('tax_id').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('store_settings_single_row', sql`${t.id} = 1`),
    check('store_settings_pay_later_range', sql`${t.payLaterDays} between 1 and 120`),
    check('store_settings_guest_hold_range', sql`${t.guestHoldHours} between 1 and 720`),
  ],
);

export const discountKindEnum = pgEnum('discount_kind', ['percent', 'fixed']);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** As shown to shoppers; matched without regard to case. */
    code: text().notNull(),
    kind: discountKindEnum().notNull(),
    /** Percent (1–100) for `percent`, cents for `fixed`. */
    value: integer().notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** null = unlimited. `used_count` only grows by the conditional update at order time. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(sql`lower(${t.code})`),
    check('discount_codes_value_positive', sql`${t.value} > 0`),
    check('discount_codes_percent_range', sql`${t.kind} <> 'percent' or ${t.value} <= 100`),
    check(
      'discount_codes_usage',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

export const orderStatusEnum = pgEnum('order_status', [
  'awaiting_payment',
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
]);

/** Human order numbers: SO-100001, SO-100002, … (gaps after rolled-back orders are harmless). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull().unique().default(sql`'SO-' || nextval('order_number_seq')`),
    /** null for guests, and after an account is deleted (orders are kept). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    status: orderStatusEnum().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * The amounts above are minor units of `currency`, the shopper's; `exchangeRate` converted the base
     * prices into it (1: the base itself), and `baseTotalCents` is the total back in the base currency at
     * that rate, what reports add up — null when the order is in the base currency, whose total it is
     * (docs/adr/050-currencies.md).
     */
    currency: text().notNull().default('USD'),
    exchangeRate: doublePrecision('exchange_rate').notNull().default(1),
    baseTotalCents: integer('base_total_cents'),
    /** The standard class's rate at the destination; `taxLines` has every rate the order was taxed at. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    /** true: the amounts hold their tax, and `total` does not add it (docs/adr/046-tax-rounding.md). */
    taxIncluded: boolean('tax_included').notNull().default(false),
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    /** A business buyer's VAT number, and whether it made the sale reverse-charged (no VAT charged). */
    vatNumber: text('vat_number'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    discountCode: text('discount_code'),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    /** The method's code in its zone, and its name when the order was placed. */
    shippingMethod: text('shipping_method').notNull(),
    shippingMethodName: text('shipping_method_name').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address'),
    trackingNumber: text('tracking_number'),
    /** Guest pay-later orders: unpaid at this time, the sweep cancels them and frees the stock. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    check(
      'orders_amounts',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents} and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + case when ${t.taxIncluded} then 0 else ${t.taxCents} end`,
    ),
  ],
);

/** What an order was taxed at one rate: the amount taxed (without its tax) and the tax; in which shipping zone. */
export interface OrderTaxLine {
  name: string;
  zone: string;
  rateBasisPoints: number;
  taxableCents: number;
  taxCents: number;
}

/** One option value of a sold variant, named as the product named it then. */
export interface OrderLineOption {
  name: string;
  value: string;
}

/** A line as sold: name and price are copied at order time (docs/architecture.md §6). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** The variant's SKU when sold (kept if the variant is deleted since). */
    sku: text(),
    name: text().notNull(),
    image: text(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer().notNull(),
    color: text(),
    size: text(),
    /**
     * Every option of the variant as sold, in the product's order (`[{ name: 'Storage', value: '128GB' }]`):
     * frozen here so that renaming or deleting the variant later never changes what the order says.
     */
    options: jsonb().$type<OrderLineOption[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_variant_idx').on(t.variantId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
  ],
);

/** The order's timeline: one row per status it entered. */
export const orderEvents = pgTable(
  'order_events',
  {
    /** Serial, so events written in one transaction (same timestamp) keep their order. */
    id: serial().primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatusEnum().notNull(),
    note: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** One redemption per discounted order; `discount_codes.used_count` is its counter. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    discountCodeId: uuid('discount_code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_redemptions_code_idx').on(t.discountCodeId)],
);

export const paymentMethodEnum = pgEnum('payment_method', ['card', 'pay_later']);
/** `processing` = a provider call is in flight (never shown: the API says `pending`). */
export const paymentStatusEnum = pgEnum('payment_status', [
  'processing',
  'requires_action',
  'succeeded',
  'declined',
  'pending',
  'refunded',
  'partially_refunded',
  'cancelled',
]);

/** The order's payment. Of a card only the brand and the last four digits are ever stored. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: paymentMethodEnum().notNull(),
    status: paymentStatusEnum().notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text().notNull().default('USD'),
    provider: text(),
    providerRef: text('provider_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * The confirmation-step token while the card needs it (like a gateway's client secret): the
     * placer gets it in the answer, a replay of the same Idempotency-Key gets it again.
     */
    actionToken: text('action_token'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payments_amounts', sql`${t.amountCents} >= 0 and ${t.refundedCents} between 0 and ${t.amountCents}`)],
);

/**
 * Every event a payment provider sent to the webhook, by the provider's event id: stored in
 * the transaction that queues its handling, so a repeated delivery finds its id and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    /** The object the event is about (a PaymentIntent `pi_…`, a refund `re_…`). */
    objectId: text('object_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('payment_events_object_idx').on(t.objectId)],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Each refund asked of the provider. `pending` until the provider confirms it (Stripe may
 * answer a refund `pending` and settle it later by webhook); only a succeeded refund is in the ledger
 * and in the payment's `refunded_cents`, but a pending one counts against what is left to refund.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: refundStatusEnum().notNull(),
    /** The provider's refund id (`re_…`); null for money returned by hand (pay later). */
    providerRef: text('provider_ref'),
    reason: text().notNull(),
    failureMessage: text('failure_message'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_provider_ref_idx').on(t.providerRef),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const invoiceStatusEnum = pgEnum('invoice_status', ['open', 'paid', 'void']);

/** Pay-later orders get an invoice due `pay_later_days` after placement. */
export const invoices = pgTable('invoices', {
  id: uuid().primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  number: text().notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  status: invoiceStatusEnum().notNull().default('open'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** When the pay-later reminder went out: at most once per invoice. */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
});

export const stockReasonEnum = pgEnum('stock_reason', [
  'order',
  'order_cancelled',
  'payment_declined',
  'payment_expired',
  'adjustment',
]);

/** Every change of a variant's `available` made by checkout or staff, with its reason and order. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** null only for movements recorded before variants existed on a product with several. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Negative when stock leaves (an order), positive when it comes back (a cancel). */
    delta: integer().notNull(),
    reason: stockReasonEnum().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** For staff adjustments: why (a count, damage, a delivery) and who. */
    note: text(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.createdAt),
    index('stock_movements_variant_idx').on(t.variantId, t.createdAt),
    check('stock_movements_delta', sql`${t.delta} <> 0`),
  ],
);

export const transactionKindEnum = pgEnum('transaction_kind', ['charge', 'refund']);

/**
 * The money ledger: one row per charge taken (a card payment, a pay-later invoice marked
 * paid) and per refund given. Amounts are positive cents; the kind says which way the money went.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: transactionKindEnum().notNull(),
    method: paymentMethodEnum().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text().notNull().default('USD'),
    /** The provider's reference for card money; null for pay-later and manual entries. */
    providerRef: text('provider_ref'),
    note: text(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt),
    index('transactions_order_idx').on(t.orderId),
    check('transactions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every change staff make in the admin area: who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written at the time, so the entry still reads right after the account is gone. */
    actorEmail: text('actor_email').notNull(),
    /** e.g. `product.create`, `order.ship`, `settings.update`. */
    action: text().notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * Images staff upload for products, already re-encoded to web formats. Kept in the database so
 * a shop is one thing to back up and every process serves the same files. One row per size of an image.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: uuid().notNull(),
    /** e.g. `large` (the product page) and `thumb` (lists and the cart). */
    variant: text().notNull(),
    contentType: text('content_type').notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    data: customType<{ data: Buffer }>({ dataType: () => 'bytea' })().notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.variant] })],
);

/**
 * The home page's sections in order (docs/adr/043-home-page-sections.md): one row (id 1), replaced whole
 * by admin Home page, validated by contracts `homePage` before it is written. No row: the neutral home
 * (a hero with the store's name and the newest products).
 */
export const homePage = pgTable(
  'home_page',
  {
    id: integer().primaryKey().default(1),
    sections: jsonb().$type<HomeSection[]>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('home_page_single_row', sql`${t.id} = 1`)],
);
