import { z } from 'zod';
import { timeZoneField } from './admin-common.ts';
import { email } from './auth.ts';
import { AA_CONTRAST, contrastRatio, formatRatio, HEX_COLOR } from './colors.ts';
import {
  hasValidIbanChecksum,
  isPlainLine,
  looksLikeIban,
  printableOnInvoice,
  REFERENCE_PLACEHOLDER,
} from './invoices.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { stopAt } from './text.ts';

// Admin store settings and the store profile and time zone they give the rest of the shop.

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, stopAt(`${field} must be at most ${max} characters`));

/**
 * `https://` then a host with a dot in it, no spaces anywhere: the rule of
 * `/^https:\/\/[^\s/?#]+\.[^\s]+$/i` without its quadratic backtracking.
 */
function isHttpsLink(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  const rest = value.slice('https://'.length);
  const hostEnd = rest.search(/[/?#]/);
  const host = hostEnd === -1 ? rest : rest.slice(0, hostEnd);
  const dot = host.indexOf('.', 1);
  return dot !== -1 && dot < rest.length - 1;
}

const httpsUrl = (field: string) =>
  z
    .string({ error: `${field} must be a link` })
    .trim()
    .max(300, stopAt(`${field} must be at most 300 characters`))
    .refine((v) => v === '' || isHttpsLink(v), `${field} must be an https:// link`);

/** A colour as `#rrggbb` (upper case taken, kept lower case). */
const hexColor = (field: string) =>
  z
    .string({ error: `${field} must be a colour such as #1d4ed8` })
    .trim()
    .toLowerCase()
    .max(7, stopAt(`${field} must be a colour such as #1d4ed8`))
    .regex(HEX_COLOR, `${field} must be a colour such as #1d4ed8`);

/** The payment badges a footer can show: a letter on the badge and the name read out. */
export const PAYMENT_BADGES = {
  visa: { letter: 'V', name: 'Visa' },
  mastercard: { letter: 'M', name: 'Mastercard' },
  amex: { letter: 'A', name: 'American Express' },
  paypal: { letter: 'P', name: 'PayPal' },
  invoice: { letter: 'I', name: 'Invoice' },
} as const;
export type PaymentBadge = keyof typeof PAYMENT_BADGES;
const PAYMENT_BADGE_IDS = Object.keys(PAYMENT_BADGES) as [PaymentBadge, ...PaymentBadge[]];

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

/**
 * A line printed on every pay-later invoice — one plain line (no control characters), in
 * characters the PDF's standard fonts can print. Empty means not set.
 */
const invoiceLine = (field: string, max: number) =>
  optionalText(field, max)
    .refine(isPlainLine, `${field} must be one plain line (no line breaks or control characters)`)
    .refine(printableOnInvoice, `${field} may only use characters the PDF invoice can print (Latin letters)`);

/** Letters, digits, spaces and `-`: an IBAN or account number, a BIC or routing number as printed. */
const ACCOUNT_CHARS = /^[A-Za-z\d -]*$/;

/** What a bank transfer's reference may hold (the SEPA character set), beside `{number}`. */
const REFERENCE_CHARS = /^[A-Za-z\d /?:().,'+-]*$/;

/** The bank details and tax id pay-later invoices print (migration 0002). */
const bankSettings = {
  bank_account_holder: invoiceLine('Account holder', 100),
  bank_account: optionalText('Account number (IBAN)', 42)
    .regex(ACCOUNT_CHARS, 'Account number (IBAN) may only contain letters, digits, spaces and -')
    .refine(
      (v) => !looksLikeIban(v) || hasValidIbanChecksum(v),
      'This IBAN is not valid: its check digits do not match (look for a typing error)',
    ),
  bank_code: optionalText('Bank code (BIC / routing number)', 20).regex(
    ACCOUNT_CHARS,
    'Bank code (BIC / routing number) may only contain letters, digits, spaces and -',
  ),
  bank_name: invoiceLine('Bank name', 100),
  payment_reference: z
    .string({ error: 'Payment reference must be text' })
    .trim()
    .max(60, stopAt('Payment reference must be at most 60 characters'))
    .refine((v) => v.includes(REFERENCE_PLACEHOLDER), `Payment reference must contain ${REFERENCE_PLACEHOLDER}`)
    .refine(
      (v) => REFERENCE_CHARS.test(v.replaceAll(REFERENCE_PLACEHOLDER, '')),
      `Payment reference may only contain letters, digits, spaces, / - ? : ( ) . , ' + and ${REFERENCE_PLACEHOLDER}`,
    ),
  /** The seller's name on invoices when it is not the store's name; empty: the store's name. */
  legal_name: invoiceLine('Legal name', 120).optional(),
  tax_id: optionalText('Tax ID', 30).regex(
    /^[A-Za-z\d ./-]*$/,
    'Tax ID may only contain letters, digits, spaces and . / -',
  ),
};

/**
 * Where a menu link may go: a path of the shop (`/products?tag=gift`, not `//host`) or an http(s) address
 * of another site — never a script. One plain token, no spaces or backslashes; checked in one pass.
 */
export function isMenuHref(value: string): boolean {
  if (/[\s\\]/.test(value) || !isPlainLine(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\/[^/?#]/i.test(value);
}

/** What a menu may hold: links (label and address) and, in the footer, columns of them. */
export const MENU_LIMITS = { headerLinks: 6, footerColumns: 4, columnLinks: 8, label: 40, href: 300 } as const;

const menuLabel = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(MENU_LIMITS.label, stopAt(`${field} must be at most ${MENU_LIMITS.label} characters`))
    .refine(isPlainLine, `${field} must be one plain line`);

const menuLink = z.strictObject({
  label: menuLabel('A link’s text'),
  href: z
    .string({ error: 'A link’s address must be text' })
    .trim()
    .min(1, 'A link’s address is required')
    .max(MENU_LIMITS.href, stopAt(`A link’s address must be at most ${MENU_LIMITS.href} characters`))
    .refine(isMenuHref, 'A link’s address must be a path of the shop (/…) or an http(s):// address'),
});
export type MenuLink = z.infer<typeof menuLink>;

/** The header's and footer's links (docs/adr/041-menus.md). Left out of a save, the stored ones stay. */
const menuSettings = {
  header_menu: z
    .array(menuLink, { error: 'The header menu must be a list of links' })
    .max(MENU_LIMITS.headerLinks, `The header menu has at most ${MENU_LIMITS.headerLinks} links`)
    .optional(),
  footer_menu: z
    .array(
      z.strictObject({
        title: menuLabel('A column’s heading'),
        links: z
          .array(menuLink, { error: 'A column’s links must be a list' })
          .min(1, 'A column needs at least one link')
          .max(MENU_LIMITS.columnLinks, `A column has at most ${MENU_LIMITS.columnLinks} links`),
      }),
      { error: 'The footer menu must be a list of columns' },
    )
    .max(MENU_LIMITS.footerColumns, `The footer has at most ${MENU_LIMITS.footerColumns} columns`)
    .optional(),
};
export type FooterColumn = NonNullable<z.infer<typeof menuSettings.footer_menu>>[number];

/** How long unpaid guest pay-later orders may hold stock, in hours (the database checks the same). */
export const GUEST_HOLD_HOURS = { min: 1, max: 720, default: 72 } as const;

/** Everything admin Settings edits (GET and PUT /api/admin/settings). */
const settingsFields = z.strictObject({
  store_name: z
    .string({ error: 'Store name is required' })
    .trim()
    .min(1, 'Store name is required')
    .max(80, 'Store name must be at most 80 characters'),
  contact_email: z
    .string({ error: 'Contact e-mail must be a valid e-mail address' })
    .trim()
    .max(254, stopAt('Contact e-mail must be a valid e-mail address'))
    .refine((v) => v === '' || email.safeParse(v).success, 'Contact e-mail must be a valid e-mail address'),
  contact_phone: optionalText('Phone', 40).refine(
    (v) => v === '' || /^[+()\d\s.-]{5,40}$/.test(v),
    'Phone may only contain digits, spaces and + ( ) . -',
  ),
  address: optionalText('Address', 300),
  opening_hours: optionalText('Opening hours', 120),
  /** The footer's badges as chosen; null shows the payment methods the shop takes. */
  payment_badges: z
    .array(z.enum(PAYMENT_BADGE_IDS, { error: 'Payment badges must be among the known ones' }), {
      error: 'Payment badges must be a list',
    })
    .max(PAYMENT_BADGE_IDS.length, 'Payment badges must not repeat')
    .refine((list) => new Set(list).size === list.length, 'Payment badges must not repeat')
    .nullable(),
  /** The storefront's colours (docs/adr/039-brand-colours.md); every text on them is checked at AA. */
  brand_colors: z.strictObject({
    primary: hexColor('Primary colour'),
    primary_text: hexColor('Text on the primary colour'),
    accent: hexColor('Accent colour'),
  }),
  social_links: z.strictObject({
    facebook: httpsUrl('Facebook link'),
    twitter: httpsUrl('Twitter link'),
    instagram: httpsUrl('Instagram link'),
    youtube: httpsUrl('YouTube link'),
  }),
  tax_rate_percent: z
    .number({ error: 'Tax rate must be a number' })
    .min(0, 'Tax rate must not be negative')
    .max(50, 'Tax rate must be at most 50 %')
    .refine(hasAtMostTwoDecimals, 'Tax rate must have at most two decimal places'),
  pay_later_days: z
    .number({ error: 'Pay-later days must be a whole number' })
    .int('Pay-later days must be a whole number')
    .min(1, 'Pay-later days must be at least 1')
    .max(120, 'Pay-later days must be at most 120'),
  /** An unpaid guest pay-later order holds its stock this long, then is cancelled. */
  guest_hold_hours: z
    .number({ error: 'Unpaid guest orders must be held a whole number of hours' })
    .int('Unpaid guest orders must be held a whole number of hours')
    .min(GUEST_HOLD_HOURS.min, `Unpaid guest orders must be held at least ${GUEST_HOLD_HOURS.min} hour`)
    .max(GUEST_HOLD_HOURS.max, `Unpaid guest orders are held at most ${GUEST_HOLD_HOURS.max} hours (30 days)`),
  low_stock_threshold: z
    .number({ error: 'Low-stock threshold must be a whole number' })
    .int('Low-stock threshold must be a whole number')
    .min(0, 'Low-stock threshold must not be negative')
    .max(10_000, 'Low-stock threshold must be at most 10000'),
  maintenance_mode: z.boolean({ error: 'maintenance_mode must be true or false' }),
  /** Every admin time is shown in this IANA zone. */
  time_zone: timeZoneField,
  ...bankSettings,
  ...menuSettings,
});

/** An account to pay into is printed with whose it is, and the other way round. */
export const adminSettings = settingsFields.superRefine((s, ctx) => {
  // WCAG AA for text of normal size: button labels on the primary colour, sale badges' white on the accent.
  const pairs = [
    ['primary_text', 'Text on the primary colour', s.brand_colors.primary_text, s.brand_colors.primary],
    ['accent', 'White text on the accent colour', '#ffffff', s.brand_colors.accent],
  ] as const;
  for (const [field, what, text, background] of pairs) {
    const ratio = contrastRatio(text, background);
    if (ratio < AA_CONTRAST) {
      ctx.addIssue({
        code: 'custom',
        path: ['brand_colors', field],
        message: `${what} has a contrast of ${formatRatio(ratio)}; WCAG AA needs at least ${AA_CONTRAST}:1`,
      });
    }
  }
  if (s.bank_account !== '' && s.bank_account_holder === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['bank_account_holder'],
      message: 'Account holder is required with an account number',
    });
  }
  if (s.bank_account === '' && (s.bank_account_holder !== '' || s.bank_code !== '' || s.bank_name !== '')) {
    ctx.addIssue({
      code: 'custom',
      path: ['bank_account'],
      message: 'Account number (IBAN) is required with the other bank details',
    });
  }
});
export type AdminSettings = z.infer<typeof adminSettings>;

/** What every staff member's pages need to show times (GET /api/admin/time-zone, staff too). */
export const storeTimeZone = z.object({ time_zone: z.string() });
export type StoreTimeZone = z.infer<typeof storeTimeZone>;

/** The store profile the storefront footer shows (public). */
export interface StoreProfile {
  name: string;
  contactEmail: string;
  contactPhone: string;
  address: string;
  openingHours: string;
  social: { network: SocialNetwork; label: string; url: string }[];
  /** The badges under "We accept": the owner's choice, else the payment methods the shop takes. */
  paymentBadges: { id: PaymentBadge; letter: string; name: string }[];
  /** The storefront's brand colours, `#rrggbb` each. */
  colors: { primary: string; primaryText: string; accent: string };
  /** The header's picture of the logo, or null: the header shows the name. */
  logo: { url: string; width: number; height: number } | null;
  /** The icons made from the logo (browser tab, home screens), largest last; none without a logo. */
  icons: { url: string; size: number }[];
  /** The owner's links after the header's own. */
  headerMenu: MenuLink[];
  /** The footer's columns of links. */
  footerMenu: FooterColumn[];
}

/** The square icons made from the logo: browser tabs (32), Apple home screens (180), Android (192, 512). */
export const LOGO_ICON_SIZES = [32, 180, 192, 512] as const;
/** The logo's files beside the uploads' `large.webp` and `thumb.webp`: the mails' and invoices' PNG and the icons. */
export const LOGO_FILES = ['logo.png', ...LOGO_ICON_SIZES.map((size) => `icon-${size}.png` as const)] as const;
export const logoFileUrl = (id: string, file: (typeof LOGO_FILES)[number]) => `/media/uploads/${id}/${file}`;

/** The store's logo as admin Settings shows it (GET, PUT and DELETE /api/admin/settings/logo). */
export const storeLogo = z.object({
  logo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type StoreLogo = z.infer<typeof storeLogo>;

export const MAINTENANCE_MSG = 'The shop is under maintenance and will be back shortly. Please try again later.';
