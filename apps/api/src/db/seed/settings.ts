import type { Db, Tx } from '../client.ts';
import { discountCodes, type FooterColumn, type ShippingMethodRow, storeSettings } from '../schema.ts';

/**
 * The checkout settings every shop starts with, edited later in admin Settings: 8 % tax,
 * standard shipping $5.99 (free from $50 after discount), express $14.99 (never free), pay-later
 * invoices due in 14 days.
 */
export const DEFAULT_SHIPPING: ShippingMethodRow[] = [
  {
    id: 'standard',
    name: 'Standard shipping',
    description: '5–7 business days',
    priceCents: 599,
    freeOverCents: 5000,
  },
  { id: 'express', name: 'Express shipping', description: '1–2 business days', priceCents: 1499, freeOverCents: null },
];

export const DEFAULT_STORE_SETTINGS = {
  id: 1,
  storeName: 'Shop',
  currency: 'USD',
  taxRateBasisPoints: 800,
  shippingMethods: DEFAULT_SHIPPING,
  payLaterDays: 14,
} satisfies typeof storeSettings.$inferInsert;

/**
 * The demo shop's account for pay-later invoices, only with SEED=demo: pay later is offered only once a
 * shop has saved its bank details, and the demo shows it. The IBAN is the well-known example one (valid
 * check digits, no real account); the bank's name says it is the demo's, to be replaced in Settings.
 */
export const DEMO_BANK_DETAILS = {
  bankAccountHolder: 'Demo Shop Ltd',
  bankAccount: 'GB33 BUKB 2020 1555 5555 55',
  bankCode: 'BUKBGB22',
  bankName: 'Demo bank (replace in admin Settings)',
} satisfies Partial<typeof storeSettings.$inferInsert>;

/** The demo shop's footer columns: the pages docs/product.md §2 lists, grouped as shoppers look for them. */
export const DEMO_FOOTER_MENU: FooterColumn[] = [
  {
    title: 'Company',
    links: [
      { label: 'About Us', href: '/about' },
      { label: 'Careers', href: '/careers' },
      { label: 'Press', href: '/press' },
      { label: 'Blog', href: '/blog' },
      { label: 'Investors', href: '/investors' },
    ],
  },
  {
    title: 'Customer Service',
    links: [
      { label: 'Contact Us', href: '/contact' },
      { label: 'FAQ', href: '/faq' },
      { label: 'Shipping Info', href: '/shipping' },
      { label: 'Returns', href: '/returns' },
      { label: 'Size Guide', href: '/size-guide' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: '/terms' },
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Cookie Policy', href: '/cookies' },
      { label: 'Accessibility', href: '/accessibility' },
    ],
  },
];

/**
 * The demo shop's footer, only with SEED=demo: placeholder contact details, opening hours, links to the
 * social networks themselves, the badges V, M, P and its columns of links. A shop of its own starts with none of them: its
 * footer shows what its owner sets in admin Settings, and the payment methods it takes.
 */
export const DEMO_PROFILE = {
  contactPhone: '+1 (555) 123-4567',
  contactEmail: 'support@shop.example',
  openingHours: 'Monday to Friday, 9:00–18:00',
  socialLinks: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    twitter: 'https://x.com/',
    youtube: 'https://www.youtube.com/',
  },
  paymentBadges: ['visa', 'mastercard', 'paypal'],
  footerMenu: DEMO_FOOTER_MENU,
} satisfies Partial<typeof storeSettings.$inferInsert>;

/** Demo codes, only with SEED=demo: a percentage and a fixed amount with a minimum subtotal. */
const DEMO_DISCOUNTS: (typeof discountCodes.$inferInsert)[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10 },
  { code: 'SAVE5', kind: 'fixed', value: 500, minSubtotalCents: 2500 },
];

/**
 * Writes the settings row unless it exists (settings belong to every shop); demo bank details, footer
 * and codes with `demo`.
 */
export async function seedSettings(ex: Db | Tx, mode: 'demo' | 'none'): Promise<void> {
  const demo = mode === 'demo' ? { ...DEMO_BANK_DETAILS, ...DEMO_PROFILE } : {};
  await ex
    .insert(storeSettings)
    .values({ ...DEFAULT_STORE_SETTINGS, ...demo })
    .onConflictDoNothing();
  if (mode === 'demo') await ex.insert(discountCodes).values(DEMO_DISCOUNTS).onConflictDoNothing();
}
