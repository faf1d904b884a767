import { z } from 'zod';
import { isoDay, timeZoneField } from './admin-common.ts';
import { email, newPassword, registerBody } from './auth.ts';
import { paged, pageQuery } from './common.ts';
import { errorReport } from './error-reports.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { unknownPlaceholderMessage, unknownPlaceholders } from './placeholders.ts';
import { stopAt } from './text.ts';

// Admin Marketing, Settings, Support and Audit log (issue 5). Wire names are snake_case, money decimal.

/** A decimal amount of dollars with at most two places, zero or more. */
const amount = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must not be negative`)
    .max(1_000_000, `${field} must be at most 1000000`)
    .refine(hasAtMostTwoDecimals, { message: `${field} must have at most two decimal places` });

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, stopAt(`${field} must be at most ${max} characters`));

// ---------------------------------------------------------------------------------------------------
// Audit log

export const auditLogQuery = pageQuery
  .extend({
    action: z.string().trim().max(100, 'action must be at most 100 characters').optional(),
    entity_type: z.string().trim().max(100, 'entity_type must be at most 100 characters').optional(),
    entity_id: z.string().trim().max(200, 'entity_id must be at most 200 characters').optional(),
    actor: z.string().trim().max(254, 'actor must be at most 254 characters').optional(),
    from: isoDay('from').optional(),
    to: isoDay('to').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** What staff call the entity (an order number, a product name, …); null when it is gone. */
  entity_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogList = paged(auditLogEntry);
export type AuditLogList = z.infer<typeof auditLogList>;

// ---------------------------------------------------------------------------------------------------
// Discount codes

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]+$/;

export const discountCodeText = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(40, stopAt('Code must be at most 40 characters'))
  .transform((v) => v.toUpperCase())
  .refine((v) => DISCOUNT_CODE_PATTERN.test(v), 'Code may only contain letters A–Z, digits, - and _');

/** A timestamp as ISO 8601 text (a date-time input's value, with its zone), or null. */
const instant = (field: string) =>
  z
    .string({ error: `${field} must be a date and time` })
    .max(40, stopAt(`${field} must be a date and time`))
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be a date and time`)
    .nullable();

const discountFields = z.strictObject({
  code: discountCodeText,
  kind: z.enum(['percent', 'fixed'], { error: 'Kind must be percent or fixed' }),
  /** Percent (1–100) for `percent`, dollars for `fixed`. */
  value: z.number({ error: 'Value must be a number' }).positive('Value must be greater than 0'),
  min_subtotal: amount('Minimum subtotal').default(0),
  starts_at: instant('Start').default(null),
  expires_at: instant('End').default(null),
  usage_limit: z
    .number({ error: 'Usage limit must be a whole number' })
    .int('Usage limit must be a whole number')
    .min(1, 'Usage limit must be at least 1')
    .nullable()
    .default(null),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});

function checkDiscount(
  v: Partial<z.infer<typeof discountFields>>,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  if (v.kind === 'percent' && v.value !== undefined && (!Number.isInteger(v.value) || v.value > 100)) {
    ctx.addIssue({ code: 'custom', message: 'A percentage must be a whole number from 1 to 100', path: ['value'] });
  }
  if (v.kind === 'fixed' && v.value !== undefined && !hasAtMostTwoDecimals(v.value)) {
    ctx.addIssue({ code: 'custom', message: 'An amount must have at most two decimal places', path: ['value'] });
  }
  if (v.starts_at && v.expires_at && Date.parse(v.expires_at) <= Date.parse(v.starts_at)) {
    ctx.addIssue({ code: 'custom', message: 'The end must be after the start', path: ['expires_at'] });
  }
}

export const discountCreateBody = discountFields.superRefine(checkDiscount);
export type DiscountCreateBody = z.infer<typeof discountCreateBody>;

/** PATCH: any subset; the service checks the merged result (kind and value together, dates). */
export const discountUpdateBody = z
  .strictObject({
    code: discountCodeText.optional(),
    kind: z.enum(['percent', 'fixed'], { error: 'Kind must be percent or fixed' }).optional(),
    value: z.number({ error: 'Value must be a number' }).positive('Value must be greater than 0').optional(),
    min_subtotal: amount('Minimum subtotal').optional(),
    starts_at: instant('Start').optional(),
    expires_at: instant('End').optional(),
    usage_limit: z
      .number({ error: 'Usage limit must be a whole number' })
      .int('Usage limit must be a whole number')
      .min(1, 'Usage limit must be at least 1')
      .nullable()
      .optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .superRefine(checkDiscount);
export type DiscountUpdateBody = z.infer<typeof discountUpdateBody>;

export const adminDiscount = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  min_subtotal: z.number(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;

export const discountListQuery = pageQuery.extend({
  q: z.string().trim().max(40, 'q must be at most 40 characters').optional(),
});
export const adminDiscountList = paged(adminDiscount);
export type AdminDiscountList = z.infer<typeof adminDiscountList>;

export const discountDeleteAnswer = z.object({ message: z.string() });

export const DISCOUNT_ADMIN_MSG = {
  duplicate: (code: string) => `A discount code ${code} already exists`,
  used: (n: number) =>
    `This code has been used ${n} time${n === 1 ? '' : 's'} and cannot be deleted; deactivate it instead`,
  limitBelowUsed: (n: number) => `Usage limit must be at least the ${n} uses so far`,
  notFound: 'Discount code not found',
  deleted: 'Discount code deleted',
} as const;

// ---------------------------------------------------------------------------------------------------
// Newsletter

export const subscriberQuery = pageQuery.extend({
  q: z.string().trim().max(254, 'q must be at most 254 characters').optional(),
  status: z.enum(['confirmed', 'pending'], { error: 'status must be confirmed or pending' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type SubscriberQuery = z.infer<typeof subscriberQuery>;

export const subscriber = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['confirmed', 'pending']),
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriber>;
export const subscriberList = paged(subscriber);
export type SubscriberList = z.infer<typeof subscriberList>;

// ---------------------------------------------------------------------------------------------------
// Settings

/**
 * `https://` then a host with a dot in it, no spaces anywhere: the rule of
 * `/^https:\/\/[^\s/?#]+\.[^\s]+$/i` without its quadratic backtracking (issue 10 point 1).
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

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

const shippingRate = z.strictObject({
  price: amount('Shipping price'),
  /** Orders whose subtotal (after discount) reaches this ship free; null = never free. */
  free_over: amount('Free shipping threshold').nullable(),
  /**
   * Issue 11 point 5: the delivery time checkout shows beside the method and the content pages quote
   * (`{{shipping.standard.delivery}}`). Left out, the stored one stays.
   */
  delivery: z
    .string({ error: 'Delivery time must be text' })
    .trim()
    .min(1, 'Delivery time is required')
    .max(60, stopAt('Delivery time must be at most 60 characters'))
    .refine((v) => !/[\r\n]/.test(v), 'Delivery time must be one line')
    .optional(),
});

/** How long unpaid guest pay-later orders may hold stock, in hours (the database checks the same). */
export const GUEST_HOLD_HOURS = { min: 1, max: 720, default: 72 } as const;

/** Everything admin Settings edits (GET and PUT /api/admin/settings). */
export const adminSettings = z.strictObject({
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
  social_links: z.strictObject({
    facebook: httpsUrl('Facebook link'),
    twitter: httpsUrl('Twitter link'),
    instagram: httpsUrl('Instagram link'),
    youtube: httpsUrl('YouTube link'),
  }),
  shipping: z.strictObject({ standard: shippingRate, express: shippingRate }),
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
  /** Issue 10 point 3: an unpaid guest pay-later order holds its stock this long, then is cancelled. */
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
  /** Issue 11 point 13: every admin time is shown in this IANA zone. */
  time_zone: timeZoneField,
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
  social: { network: SocialNetwork; label: string; url: string }[];
}

export const MAINTENANCE_MSG = 'The shop is under maintenance and will be back shortly. Please try again later.';

// ---------------------------------------------------------------------------------------------------
// Content pages

/** Issue 11 point 5: a page may only use the placeholders the shop knows (they would vanish otherwise). */
function knownPlaceholders(value: string, ctx: z.RefinementCtx) {
  const unknown = unknownPlaceholders(value);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
}

export const adminContentPage = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updated_at: z.string().nullable(),
});
export const adminContentPageList = z.object({ items: z.array(adminContentPage) });
export const contentPageUpdateBody = z.strictObject({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, stopAt('Title must be at most 120 characters'))
    .superRefine(knownPlaceholders),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(300, stopAt('Description must be at most 300 characters'))
    .superRefine(knownPlaceholders),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(1, 'Body is required')
    .max(20_000, stopAt('Body must be at most 20000 characters'))
    .superRefine(knownPlaceholders),
});
export type ContentPageUpdateBody = z.infer<typeof contentPageUpdateBody>;

// ---------------------------------------------------------------------------------------------------
// Staff accounts

export const STAFF_ROLES = ['staff', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.object({ items: z.array(staffMember) });

/**
 * POST /api/admin/staff: promotes the account with this e-mail when one exists (no other field
 * needed), otherwise creates one, which then needs names, username and a password by the shop's rules.
 */
export const staffCreateBody = z.strictObject({
  email,
  role: z.enum(STAFF_ROLES, { error: 'Role must be staff or admin' }),
  first_name: registerBody.shape.first_name.optional(),
  last_name: registerBody.shape.last_name.optional(),
  username: registerBody.shape.username.optional(),
  password: newPassword.optional(),
});
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

export const staffUpdateBody = z
  .strictObject({
    role: z.enum(STAFF_ROLES, { error: 'Role must be staff or admin' }).optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, 'Nothing to change: send role or disabled');
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export const STAFF_MSG = {
  self: 'You cannot demote or disable your own account',
  lastAdmin: 'This is the last active admin: make another admin first',
  notFound: 'Staff account not found',
  missing: 'A new account needs first name, last name, username and password',
  already: (role: string) => `This account is already ${role === 'admin' ? 'an admin' : 'staff'}`,
  usernameTaken: 'This username is already taken',
} as const;

// ---------------------------------------------------------------------------------------------------
// Support

export const TICKET_STATUSES = ['open', 'closed'] as const;
export const ticketQuery = pageQuery.extend({
  status: z.enum(TICKET_STATUSES, { error: 'status must be open or closed' }).optional(),
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
});
export type TicketQuery = z.infer<typeof ticketQuery>;

export const ticketSummary = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  inquiry_type: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  entries: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;
export const ticketList = paged(ticketSummary);

export const ticketEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['reply', 'note']),
  body: z.string(),
  author_email: z.string(),
  created_at: z.string(),
});
export type TicketEntry = z.infer<typeof ticketEntry>;
export const ticketDetail = ticketSummary.extend({
  message: z.string(),
  user_id: z.string().nullable(),
  history: z.array(ticketEntry),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketEntryBody = z.strictObject({
  body: z
    .string({ error: 'Write a message first' })
    .trim()
    .min(1, 'Write a message first')
    .max(10_000, 'The message must be at most 10000 characters'),
});
export const ticketStatusBody = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'status must be open or closed' }),
});

/** GET /api/admin/support/error-reports: newest first (DESIGN §5 lists). */
export const errorReportPage = paged(errorReport);
