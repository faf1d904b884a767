import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
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

/** One family per sign-in; every rotation adds a token to it (DESIGN §5). */
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

export const categories = pgTable('categories', {
  id: text().primaryKey(),
  name: text().notNull(),
  icon: text().notNull(),
  position: integer().notNull().default(0),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial().primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The lowercased name, as the spec's URLs carry it. */
    slug: text().notNull(),
    icon: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('subcategories_category_slug_key').on(t.categoryId, t.slug)],
);

export const featuredCards = pgTable('featured_cards', {
  id: serial().primaryKey(),
  categoryId: text('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  /** The lowercased name: `/products?featured={slug}` lists the products tagged with it. */
  slug: text().notNull().unique(),
  image: text().notNull(),
  position: integer().notNull().default(0),
});

export const brands = pgTable('brands', {
  id: text().primaryKey(),
  name: text().notNull(),
});

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    brandId: text('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** Integer cents (DESIGN §6). */
    regularPriceCents: integer('regular_price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull(),
    percentageDiscount: integer('percentage_discount').notNull().default(0),
    images: textList(),
    colors: textList(),
    availableSizes: text('available_sizes').array().notNull().default(sql`'{}'::text[]`),
    features: textList(),
    /** Featured-card slugs this product is listed under. */
    featured: textList(),
    available: integer().notNull().default(0),
    published: boolean().notNull().default(true),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
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
    index('products_rating_idx').on(t.ratingAverage),
    index('products_search_idx').using('gin', t.search),
    index('products_featured_idx').using('gin', t.featured),
  ],
);

/** spec §3 Product.subscribers: users waiting for a restock. */
export const productSubscribers = pgTable(
  'product_subscribers',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId] })],
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
    /** '' when the product has no colours or sizes, so the unique key below holds. */
    color: text().notNull().default(''),
    size: text().notNull().default(''),
    quantity: integer().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.cartId, t.productId, t.color, t.size),
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

export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text(),
  email: text().notNull(),
  inquiryType: text('inquiry_type').notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  status: text().notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail that was sent over SMTP, or waits here when no SMTP_URL is set (DESIGN §2). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text(),
});

/** Answers to requests that carried an Idempotency-Key (DESIGN §5). */
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
