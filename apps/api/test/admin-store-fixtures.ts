import { randomUUID } from 'node:crypto';
import { contactMessages, newsletterSubscribers } from '../src/db/schema.ts';
import { settingsToAdmin } from '../src/modules/settings/index.ts';
import type { TestApp } from './helpers.ts';

/** A contact message as the storefront's form stores it: an open support ticket. */
export async function createTicket(t: TestApp, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(contactMessages)
    .values({
      name: 'Grace Hopper',
      email: `shopper-${randomUUID().slice(0, 8)}@example.com`,
      inquiryType: 'order',
      subject: `Where is my order ${randomUUID().slice(0, 6)}?`,
      message: 'It has not arrived yet.\nCan you check?',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('ticket not created');
  return row;
}

export async function createSubscriber(t: TestApp, email: string, confirmed: boolean) {
  const [row] = await t.db
    .insert(newsletterSubscribers)
    .values({ email, createdAt: t.clock.now(), confirmedAt: confirmed ? t.clock.now() : null })
    .returning();
  if (!row) throw new Error('subscriber not created');
  return row;
}

/** The settings as admin Settings shows them now (a valid PUT body). */
export async function currentSettings(t: TestApp) {
  return settingsToAdmin(await t.app.services.settings.current(t.db));
}

/** A unique, valid discount code text. */
export const uniqueCode = (prefix = 'ADM') => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
