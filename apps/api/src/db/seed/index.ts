import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import { seedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedHomePage } from './home-page.ts';
import { seedSettings } from './settings.ts';

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface SeedOptions {
  mode: 'demo' | 'none';
  adminEmail?: string;
  adminPassword?: string;
  log: Logger;
  /** The seeding instant the demo orders count back from (default: now). */
  now?: Date;
}

/**
 * Fills an empty database: the demo catalogue (unless SEED=none) and the first admin. It refuses to
 * touch a database that already has products or users, so a restart never re-seeds.
 */
export interface SeedResult {
  seeded: boolean;
  /** The admin just created; `password` only when it was generated (to be shown once, at this start). */
  firstAdmin?: { email: string; password?: string };
}

export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // One starter at a time: several processes may start on one empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(7316002)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return { seeded: false };

    const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
    const email = opts.adminEmail ?? 'admin@shop.local';
    await tx.insert(users).values({
      email,
      username: 'admin',
      firstName: 'Store',
      lastName: 'Admin',
      role: 'admin',
      passwordHash: await hashPassword(password),
    });
    opts.log.info(`first admin: ${email}${opts.adminPassword ? ' (password from ADMIN_PASSWORD)' : ''}`);
    if (opts.mode === 'demo') await seedCatalog(tx);
    // Checkout settings belong to every shop; the demo discount codes only to the demo.
    await seedSettings(tx, opts.mode);
    // The footer's pages and the help centre belong to every shop, demo or not (docs/product.md §10).
    await seedContent(tx);
    // Every shop's home page is a list of sections its owner edits (docs/adr/043-home-page-sections.md).
    await seedHomePage(tx, opts.mode);
    // Customers and six months of orders, so the dashboard and reports mean something.
    if (opts.mode === 'demo') await seedDemoOrders(tx, opts.now ?? new Date());
    // A generated password goes back to the caller, which shows it once (there is no default, ASVS 2.3).
    return { seeded: true, firstAdmin: { email, password: opts.adminPassword ? undefined : password } };
  });
}
