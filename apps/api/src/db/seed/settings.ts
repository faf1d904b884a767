import type { PresentmentCurrency } from '@shop/contracts/currency';
import type { ShippingZone, ZoneMethod } from '@shop/contracts/shipping';
import type { TaxSettings } from '@shop/contracts/tax';
import type { Db, Tx } from '../client.ts';
import { discountCodes, type FooterColumn, storeSettings } from '../schema.ts';

const STANDARD: ZoneMethod = {
  code: 'standard',
  name: 'Standard shipping',
  estimate: '5–7 business days',
  rate: { kind: 'flat', priceCents: 599 },
  freeOverCents: 5000,
  afterDiscount: true,
};
const EXPRESS: ZoneMethod = {
  code: 'express',
  name: 'Express shipping',
  estimate: '1–2 business days',
  rate: { kind: 'flat', priceCents: 1499 },
  freeOverCents: null,
  afterDiscount: true,
};

/**
 * The checkout settings every shop starts with, edited later in admin Settings: 8 % tax, one zone
 * shipping everywhere — standard $5.99 (free from $50 after discount), express $14.99 (never free) —
 * and pay-later invoices due in 14 days.
 */
export const DEFAULT_SHIPPING_ZONES: ShippingZone[] = [
  {
    id: '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b01',
    name: 'Everywhere',
    countries: [],
    regions: [],
    postcodePrefixes: [],
    everywhereElse: true,
    methods: [STANDARD, EXPRESS],
  },
];

const zone = (id: string, name: string, countries: string[], methods: ZoneMethod[]): ShippingZone => ({
  id,
  name,
  countries,
  regions: [],
  postcodePrefixes: [],
  everywhereElse: false,
  methods,
});
const flat = (code: string, name: string, estimate: string, priceCents: number): ZoneMethod => ({
  code,
  name,
  estimate,
  rate: { kind: 'flat', priceCents },
  freeOverCents: null,
  afterDiscount: true,
});

/** The member states of the European Union, the demo's VAT zone. */
const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

/**
 * The demo shop's zones, only with SEED=demo, as a real shop draws them: the US (standard by weight,
 * express, pick-up in store), the EU, the UK, and the rest of the world.
 */
export const DEMO_SHIPPING_ZONES: ShippingZone[] = [
  zone(
    '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b02',
    'United States',
    ['US'],
    [
      {
        ...STANDARD,
        rate: {
          kind: 'weight',
          bands: [
            { from: 0, to: 2000, priceCents: 599 },
            { from: 2000, to: 10_000, priceCents: 999 },
            { from: 10_000, to: null, priceCents: 1999 },
          ],
        },
      },
      EXPRESS,
      flat('pick-up', 'Pick up in store', 'Ready the next business day', 0),
    ],
  ),
  zone('5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b03', 'European Union', EU, [
    {
      code: 'standard',
      name: 'Standard shipping',
      estimate: '3–6 business days',
      rate: {
        kind: 'weight',
        bands: [
          { from: 0, to: 2000, priceCents: 990 },
          { from: 2000, to: null, priceCents: 1990 },
        ],
      },
      freeOverCents: 10_000,
      afterDiscount: true,
    },
    flat('express', 'Express shipping', '1–3 business days', 2490),
  ]),
  zone(
    '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b04',
    'United Kingdom',
    ['GB'],
    [
      flat('standard', 'Standard shipping', '3–5 business days', 799),
      flat('express', 'Express shipping', '1–2 business days', 1999),
    ],
  ),
  {
    id: '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b05',
    name: 'Rest of world',
    countries: [],
    regions: [],
    postcodePrefixes: [],
    everywhereElse: true,
    methods: [
      flat('standard', 'International standard', '7–14 business days', 1999),
      flat('express', 'International express', '3–5 business days', 3999),
    ],
  },
];

/** One rate everywhere, added at checkout: 8 %, the reduced class at it too, zero-rated and exempt goods at 0. */
export const DEFAULT_TAX: TaxSettings = {
  pricesIncludeTax: false,
  name: 'Tax',
  originCountry: null,
  shippingClass: 'standard',
  inclusiveZones: [],
  classes: [
    { code: 'standard', name: 'Standard', rateBasisPoints: 800 },
    { code: 'reduced', name: 'Reduced', rateBasisPoints: 800 },
    { code: 'zero', name: 'Zero-rated', rateBasisPoints: 0 },
    { code: 'exempt', name: 'Exempt', rateBasisPoints: 0 },
  ],
  rates: [],
};

const [US_ZONE, EU_ZONE, UK_ZONE] = [
  '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b02',
  '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b03',
  '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b04',
];
const rate = (zoneId: string, classCode: string, country: string | null, region: string | null, bp: number) => ({
  zoneId,
  classCode,
  country,
  region,
  rateBasisPoints: bp,
  reverseCharge: zoneId === EU_ZONE,
});

/**
 * The demo shop's tax, only with SEED=demo: a US shop (prices without tax) with sales tax for a few
 * states, and VAT in Germany, France and the Netherlands — standard and reduced (books) — which a
 * business buyer there with a VAT number does not pay (the reverse charge), and in the UK (books
 * zero-rated). Shoppers in the EU and the UK see prices with their VAT.
 */
export const DEMO_TAX: TaxSettings = {
  ...DEFAULT_TAX,
  originCountry: 'US',
  rates: [
    rate(US_ZONE, 'standard', 'US', 'CA', 725),
    rate(US_ZONE, 'standard', 'US', 'NY', 400),
    rate(US_ZONE, 'standard', 'US', 'WA', 650),
    rate(EU_ZONE, 'standard', 'DE', null, 1900),
    rate(EU_ZONE, 'reduced', 'DE', null, 700),
    rate(EU_ZONE, 'standard', 'FR', null, 2000),
    rate(EU_ZONE, 'reduced', 'FR', null, 550),
    rate(EU_ZONE, 'standard', 'NL', null, 2100),
    rate(EU_ZONE, 'reduced', 'NL', null, 900),
    rate(UK_ZONE, 'standard', 'GB', null, 2000),
    rate(UK_ZONE, 'reduced', 'GB', null, 0),
  ],
  // Prices are entered without tax, as in the US; shoppers in the EU and the UK see them with their VAT.
  inclusiveZones: [EU_ZONE, UK_ZONE],
  zoneNames: { [EU_ZONE]: 'VAT', [UK_ZONE]: 'VAT' },
};

export const DEFAULT_STORE_SETTINGS = {
  id: 1,
  storeName: 'Shop',
  currency: 'USD',
  tax: DEFAULT_TAX,
  shippingZones: DEFAULT_SHIPPING_ZONES,
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

/**
 * The demo's presentment currencies: euros for the euro area (Bulgaria since 2026), pounds for the UK,
 * both at a rate an owner would set and with prices ending in .99.
 */
export const DEMO_CURRENCIES: PresentmentCurrency[] = [
  {
    code: 'EUR',
    digits: 2,
    rate: 0.92,
    rounding: 'charm',
    countries: [
      'AT',
      'BE',
      'BG',
      'CY',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
    ],
  },
  { code: 'GBP', digits: 2, rate: 0.79, rounding: 'charm', countries: ['GB'] },
];

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
  const demo =
    mode === 'demo'
      ? {
          ...DEMO_BANK_DETAILS,
          ...DEMO_PROFILE,
          shippingZones: DEMO_SHIPPING_ZONES,
          tax: DEMO_TAX,
          presentmentCurrencies: DEMO_CURRENCIES,
        }
      : {};
  await ex
    .insert(storeSettings)
    .values({ ...DEFAULT_STORE_SETTINGS, ...demo })
    .onConflictDoNothing();
  if (mode === 'demo') await ex.insert(discountCodes).values(DEMO_DISCOUNTS).onConflictDoNothing();
}
