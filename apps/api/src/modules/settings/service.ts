import { uploadUrl } from '@shop/contracts/admin-catalog';
import {
  type AdminSettings,
  type FooterColumn,
  LOGO_ICON_SIZES,
  logoFileUrl,
  type MenuLink,
  PAYMENT_BADGES,
  type PaymentBadge,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  type StoreProfile,
} from '@shop/contracts/admin-settings';
import { DEFAULT_BRAND_COLORS, HEX_COLOR } from '@shop/contracts/colors';
import type { CurrencySettings } from '@shop/contracts/currency';
import { type BankDetails, hasBankAccount } from '@shop/contracts/invoices';
import { isoCurrency } from '@shop/contracts/iso-currencies';
import type { StoreSettings } from '@shop/contracts/orders';
import type { ShippingZone } from '@shop/contracts/shipping';
import { STANDARD_CLASS, standardRate, type TaxSettings } from '@shop/contracts/tax';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type BrandColors, type SocialLinks, storeSettings, uploadedImages } from '../../db/schema.ts';
import { DEFAULT_STORE_SETTINGS } from '../../db/seed/settings.ts';
import type { Deps } from '../../services.ts';

/** The checkout settings as pricing uses them: cents and basis points. */
export interface Settings {
  storeName: string;
  /** The base currency's code (`currencies.base`). */
  currency: string;
  /** The base currency and the ones shoppers may pay in besides it (docs/adr/050-currencies.md). */
  currencies: CurrencySettings;
  /** The standard class's own rate (`tax`): what a shop with one rate charges everywhere. */
  taxRateBasisPoints: number;
  shippingZones: ShippingZone[];
  tax: TaxSettings;
  payLaterDays: number;
  /** Unpaid guest pay-later orders are cancelled this many hours after placing. */
  guestHoldHours: number;
  /** The store profile the footer shows. */
  contactEmail: string;
  contactPhone: string;
  address: string;
  openingHours: string;
  socialLinks: SocialLinks;
  /** The footer's badges as the owner chose them; null: the payment methods the shop takes. */
  paymentBadges: PaymentBadge[] | null;
  brandColors: BrandColors;
  /** The store's logo: its upload id and the size of the header's picture (`thumb`); null: none. */
  logo: { id: string; width: number; height: number } | null;
  headerMenu: MenuLink[];
  footerMenu: FooterColumn[];
  /** On: storefront pages and shoppers' changes answer 503. */
  maintenanceMode: boolean;
  lowStockThreshold: number;
  /** The IANA zone the admin area shows times and counts days in. */
  timeZone: string;
  /** What pay-later invoices print for the transfer (empty = not set), and the seller's tax id. */
  bank: BankDetails;
  taxId: string;
  /** The seller's name on invoices; empty: the store's name. */
  legalName: string;
}

/**
 * How long one process trusts its copy. Admin changes call `invalidate()`, which empties the copy of every
 * process at once; this is only the backstop should a message be lost.
 */
const CACHE_MS = 5_000;

/** The single `store_settings` row, cached briefly because every quote and order reads it. */
export function createSettingsService(
  { db, clock, invalidation }: Pick<Deps, 'db' | 'clock' | 'invalidation'>,
  /** Who takes the shop's cards, chosen at start: the footer's badges follow it. */
  { card = null }: { card?: CardPayments['card'] } = {},
) {
  let cached: { value: Promise<Settings>; at: number } | undefined;
  invalidation.subscribe('settings', () => {
    cached = undefined;
  });

  async function load(): Promise<Settings> {
    let [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    if (!row) {
      // A database seeded before settings existed gets the defaults, once, race-free.
      await db.insert(storeSettings).values(DEFAULT_STORE_SETTINGS).onConflictDoNothing();
      [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    }
    if (!row) throw new Error('store settings missing');
    return settingsOf(row, await logoOf(db, row.logo));
  }

  /** The current settings (at most CACHE_MS old in this process). */
  function get(): Promise<Settings> {
    // Cache age is plumbing, not a business rule: the real time, not deps.clock. Parallel callers
    // share one load; a failed load is not kept.
    if (cached && performance.now() - cached.at < CACHE_MS) return cached.value;
    const value = load();
    const entry = { value, at: performance.now() };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  }

  return {
    get,

    /** What the storefront footer shows, from the cached settings. */
    async profile(): Promise<StoreProfile> {
      return storeProfile(await get(), card);
    },

    /** Who takes the shop's cards, chosen at start (null: nobody). */
    cardProvider(): CardPayments['card'] {
      return card;
    },

    /** Maintenance mode, from the cached settings: one cheap look per request. */
    async maintenance(): Promise<boolean> {
      return (await get()).maintenanceMode;
    },

    /**
     * Forget the cached copy here and in every other process (after an admin change has committed, or in
     * tests that change the row). This process's copy is gone when it returns.
     */
    invalidate(): Promise<void> {
      return invalidation.publish('settings');
    },

    /** The settings as stored right now (no cache); `lock` in the transaction of a change, for its "before". */
    async current(ex: Db | Tx, opts: { lock?: boolean } = {}): Promise<Settings> {
      const query = ex.select().from(storeSettings).where(eq(storeSettings.id, 1));
      const [row] = opts.lock ? await query.for('update') : await query;
      if (!row) return load();
      return settingsOf(row, await logoOf(ex, row.logo));
    },

    /**
     * Writes everything admin Settings edits in the caller's transaction. Call `invalidate()`
     * once it committed: checkout then uses the new rates at once, in every process.
     */
    async saveAdmin(ex: Db | Tx, next: AdminSettings, previous: Settings): Promise<void> {
      const social: SocialLinks = {};
      for (const network of SOCIAL_NETWORKS) {
        const url = next.social_links[network];
        if (url) social[network] = url;
      }
      await ex
        .update(storeSettings)
        .set({
          storeName: next.store_name,
          // Settings' one tax rate is the standard class's own (docs/adr/049-tax-by-destination.md).
          tax: {
            ...previous.tax,
            classes: previous.tax.classes.map((c) =>
              c.code === STANDARD_CLASS ? { ...c, rateBasisPoints: Math.round(next.tax_rate_percent * 100) } : c,
            ),
          },
          payLaterDays: next.pay_later_days,
          guestHoldHours: next.guest_hold_hours,
          contactEmail: next.contact_email,
          contactPhone: next.contact_phone,
          address: next.address,
          openingHours: next.opening_hours,
          paymentBadges: next.payment_badges,
          brandColors: next.brand_colors,
          legalName: next.legal_name ?? previous.legalName,
          headerMenu: next.header_menu ?? previous.headerMenu,
          footerMenu: next.footer_menu ?? previous.footerMenu,
          socialLinks: social,
          maintenanceMode: next.maintenance_mode,
          lowStockThreshold: next.low_stock_threshold,
          timeZone: next.time_zone,
          bankAccountHolder: next.bank_account_holder,
          bankAccount: next.bank_account,
          bankCode: next.bank_code,
          bankName: next.bank_name,
          paymentReference: next.payment_reference,
          taxId: next.tax_id,
          updatedAt: clock.now(),
        })
        .where(eq(storeSettings.id, 1));
    },

    /** The logo as the PNG mails and invoices carry (contracts `LOGO_FILES`), or null without a logo. */
    async logoPng(): Promise<Buffer | null> {
      const { logo } = await get();
      if (!logo) return null;
      const [row] = await db
        .select({ data: uploadedImages.data })
        .from(uploadedImages)
        .where(and(eq(uploadedImages.id, logo.id), eq(uploadedImages.variant, 'logo')));
      return row?.data ?? null;
    },

    /** Makes upload `id` the store's logo (null: none), in the caller's transaction; `invalidate()` once committed. */
    async setLogo(ex: Db | Tx, id: string | null): Promise<void> {
      await ex.update(storeSettings).set({ logo: id, updatedAt: clock.now() }).where(eq(storeSettings.id, 1));
    },

    /**
     * Replaces the shipping zones in the caller's transaction (admin Settings › Shipping). Call
     * `invalidate()` once it committed: checkout then offers the new methods at once, in every process.
     */
    async saveShipping(ex: Db | Tx, zones: ShippingZone[], previous: Settings): Promise<void> {
      // A removed zone's tax rates go with it.
      const kept = new Set(zones.map((z) => z.id));
      const tax = { ...previous.tax, rates: previous.tax.rates.filter((r) => kept.has(r.zoneId)) };
      await ex
        .update(storeSettings)
        .set({ shippingZones: zones, tax, updatedAt: clock.now() })
        .where(eq(storeSettings.id, 1));
    },

    /** Replaces the currencies in the caller's transaction; `invalidate()` once committed. */
    async saveCurrencies(ex: Db | Tx, currencies: CurrencySettings): Promise<void> {
      await ex
        .update(storeSettings)
        .set({
          currency: currencies.base.code,
          presentmentCurrencies: currencies.presentment,
          updatedAt: clock.now(),
        })
        .where(eq(storeSettings.id, 1));
    },

    /** Replaces the tax settings in the caller's transaction; `invalidate()` once committed. */
    async saveTax(ex: Db | Tx, tax: TaxSettings): Promise<void> {
      await ex.update(storeSettings).set({ tax, updatedAt: clock.now() }).where(eq(storeSettings.id, 1));
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * Whether shoppers may choose pay later: only once the store has saved an account to pay its invoices
 * into, so that no invoice goes out that the shopper cannot pay.
 */
export const payLaterOffered = (s: Settings) => hasBankAccount(s.bank);

/** How the shop takes cards (contracts `storeSettings.payments`, without pay later, which settings decide). */
export type CardPayments = Omit<StoreSettings['payments'], 'pay_later'>;

/** The wire form of the settings (contracts `storeSettings`); `cards` is how the shop takes cards. */
export function settingsToWire(s: Settings, cards: CardPayments): StoreSettings {
  return {
    store_name: s.storeName,
    currency: s.currency,
    currencies: {
      base: s.currencies.base,
      presentment: s.currencies.presentment.map((c) => ({ ...c, countries: [...c.countries] })),
    },
    tax_rate_percent: s.taxRateBasisPoints / 100,
    pay_later_days: s.payLaterDays,
    guest_hold_hours: s.guestHoldHours,
    payments: { ...cards, pay_later: payLaterOffered(s) },
  };
}

/** The admin wire form of everything Settings edits (contracts `adminSettings`). */
export function settingsToAdmin(s: Settings): AdminSettings {
  return {
    store_name: s.storeName,
    contact_email: s.contactEmail,
    contact_phone: s.contactPhone,
    address: s.address,
    opening_hours: s.openingHours,
    payment_badges: s.paymentBadges,
    brand_colors: s.brandColors,
    social_links: {
      facebook: s.socialLinks.facebook ?? '',
      twitter: s.socialLinks.twitter ?? '',
      instagram: s.socialLinks.instagram ?? '',
      youtube: s.socialLinks.youtube ?? '',
    },
    tax_rate_percent: s.taxRateBasisPoints / 100,
    pay_later_days: s.payLaterDays,
    guest_hold_hours: s.guestHoldHours,
    low_stock_threshold: s.lowStockThreshold,
    maintenance_mode: s.maintenanceMode,
    time_zone: s.timeZone,
    ...s.bank,
    tax_id: s.taxId,
    legal_name: s.legalName,
    header_menu: s.headerMenu,
    footer_menu: s.footerMenu,
  };
}

/** The header picture's size of the logo upload `id` (null: none, or its upload is gone). */
async function logoOf(ex: Db | Tx, id: string | null): Promise<Settings['logo']> {
  if (id === null) return null;
  const [thumb] = await ex
    .select({ width: uploadedImages.width, height: uploadedImages.height })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.id, id), eq(uploadedImages.variant, 'thumb')));
  return thumb ? { id, ...thumb } : null;
}

/** The settings of the stored row. */
function settingsOf(row: typeof storeSettings.$inferSelect, logo: Settings['logo']): Settings {
  return {
    storeName: row.storeName,
    currency: row.currency,
    currencies: {
      base: { code: row.currency, digits: isoCurrency(row.currency)?.digits ?? 2 },
      presentment: row.presentmentCurrencies,
    },
    taxRateBasisPoints: standardRate(row.tax),
    // Saved before zones could show prices with tax: none does.
    tax: { ...row.tax, inclusiveZones: row.tax.inclusiveZones ?? [] },
    shippingZones: row.shippingZones,
    payLaterDays: row.payLaterDays,
    guestHoldHours: row.guestHoldHours,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    address: row.address,
    openingHours: row.openingHours,
    socialLinks: row.socialLinks,
    paymentBadges: row.paymentBadges === null ? null : row.paymentBadges.filter(isPaymentBadge),
    brandColors: brandColorsOf(row.brandColors),
    maintenanceMode: row.maintenanceMode,
    lowStockThreshold: row.lowStockThreshold,
    timeZone: row.timeZone,
    bank: bankOf(row),
    taxId: row.taxId,
    legalName: row.legalName,
    logo,
    headerMenu: row.headerMenu,
    footerMenu: row.footerMenu,
  };
}

/** The stored colours, each one that is not `#rrggbb` (a row written by hand) as the default. */
function brandColorsOf(stored: Partial<BrandColors>): BrandColors {
  const color = (key: keyof BrandColors) => {
    const value = stored[key];
    return typeof value === 'string' && HEX_COLOR.test(value) ? value : DEFAULT_BRAND_COLORS[key];
  };
  return { primary: color('primary'), primary_text: color('primary_text'), accent: color('accent') };
}

const isPaymentBadge = (id: string): id is PaymentBadge => Object.hasOwn(PAYMENT_BADGES, id);

/** The bank details of the settings row, as invoices print them. */
function bankOf(row: typeof storeSettings.$inferSelect): BankDetails {
  return {
    bank_account_holder: row.bankAccountHolder,
    bank_account: row.bankAccount,
    bank_code: row.bankCode,
    bank_name: row.bankName,
    payment_reference: row.paymentReference,
  };
}

/**
 * What the storefront footer shows: the name, the contact details and links that are set, and the payment
 * badges — the owner's choice, else the methods the shop takes (`card`: who takes its cards, if anyone).
 */
export function storeProfile(s: Settings, card: CardPayments['card']): StoreProfile {
  return {
    name: s.storeName,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    address: s.address,
    openingHours: s.openingHours,
    social: SOCIAL_NETWORKS.flatMap((network) => {
      const url = s.socialLinks[network];
      return url ? [{ network, label: SOCIAL_LABELS[network], url }] : [];
    }),
    paymentBadges: (s.paymentBadges ?? acceptedMethods(s, card)).map((id) => ({ id, ...PAYMENT_BADGES[id] })),
    colors: { primary: s.brandColors.primary, primaryText: s.brandColors.primary_text, accent: s.brandColors.accent },
    logo: s.logo && { url: uploadUrl(s.logo.id, 'thumb'), width: s.logo.width, height: s.logo.height },
    icons: s.logo
      ? LOGO_ICON_SIZES.map((size) => ({ size, url: logoFileUrl(s.logo?.id ?? '', `icon-${size}.png`) }))
      : [],
    headerMenu: s.headerMenu,
    footerMenu: s.footerMenu,
  };
}

/** The badges of the payment methods a shop takes: the card brands of its card provider, and invoices. */
export function acceptedMethods(s: Settings, card: CardPayments['card']): PaymentBadge[] {
  const brands: PaymentBadge[] = card ? ['visa', 'mastercard', 'amex'] : [];
  return payLaterOffered(s) ? [...brands, 'invoice'] : brands;
}
