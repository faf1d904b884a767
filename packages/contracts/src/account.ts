import { z } from 'zod';
import { email, newPassword, registerBody, username } from './auth.ts';
import { variantId } from './cart.ts';
import { MSG } from './messages.ts';
import { address, addressFields, postalCode, storedAddress } from './orders.ts';

/** The shopper's own account. */

/**
 * The profile form of /account. Names follow the sign-up rules (docs/product.md §5, trimmed; letters, not markup):
 * an edit must not let in what sign-up refuses. The e-mail has a form of its own.
 */
export const profileForm = z.object({
  first_name: registerBody.shape.first_name,
  last_name: registerBody.shape.last_name,
  username,
});
export type ProfileForm = z.infer<typeof profileForm>;

/**
 * PATCH /api/users/me: any subset of the profile form's fields. `email` is accepted only unchanged
 * (older clients send the whole profile); a new address goes through POST /api/users/me/email.
 */
export const updateProfileBody = z
  .strictObject({
    first_name: profileForm.shape.first_name.optional(),
    last_name: profileForm.shape.last_name.optional(),
    username: username.optional(),
    email: email.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(256, 'Password must be at most 256 characters');

/**
 * POST /api/users/me/email: a new sign-in e-mail needs the current password and
 * takes effect only when the link mailed to the new address is opened.
 */
export const changeEmailBody = z.strictObject({ email, current_password: currentPassword });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** POST /api/users/confirm-email: the token from the link mailed to the new address. */
export const confirmEmailBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is invalid'),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

export const changePasswordBody = z.strictObject({
  current_password: currentPassword,
  new_password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The change-password form adds the confirmation the server does not need (docs/product.md §5). */
export const changePasswordForm = changePasswordBody
  .extend({ confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: MSG.passwordsMismatch,
    path: ['confirm_password'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const savedAddress = storedAddress.extend({ id: z.string(), is_default: z.boolean() });
export type SavedAddress = z.infer<typeof savedAddress>;
/**
 * Why a saved address cannot go on an order as it is — saved before its country's rules, with a country
 * code not on the list, a postcode of another shape or no state — or null when it can.
 */
export function savedAddressProblem(saved: SavedAddress): string | null {
  const { id: _id, is_default: _default, ...fields } = saved;
  const checked = address.safeParse(fields);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'This address is incomplete');
}
export const addressBody = address.extend({ is_default: z.boolean().optional() });
export type AddressBody = z.infer<typeof addressBody>;
export const addressList = z.array(savedAddress);

export const deleteAccountBody = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});

export const reviewBody = z.strictObject({
  rating: z
    .number({ error: 'Rating is required' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Title must be at most 120 characters'),
  body: z
    .string({ error: 'Review text is required' })
    .trim()
    .min(1, 'Review text is required')
    .max(5000, 'Review text must be at most 5000 characters'),
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author: z.string(),
  /** What the reviewer bought, as its option values ("Red / M"); null when unknown or without options. */
  variant: z.string().nullable(),
  created_at: z.string(),
});
export const reviewList = z.object({
  items: z.array(review),
  average: z.number(),
  count: z.number().int(),
  /** Whether the signed-in caller may review (bought it, not reviewed yet); false for guests. */
  can_review: z.boolean(),
  /** Whether the signed-in caller has already reviewed it; false for guests. */
  reviewed: z.boolean(),
});
export type Review = z.infer<typeof review>;
export type ReviewList = z.infer<typeof reviewList>;

/**
 * PATCH /api/users/me/addresses/:id: any subset of the fields (e.g. only `is_default: true`). Each field
 * is checked here; the country's rules need the whole address, so the API checks them on the address
 * the patch makes (`address`).
 */
export const updateAddressBody = addressFields
  // Without the default: a patch that leaves the postcode out keeps it.
  .extend({ postal_code: postalCode, is_default: z.boolean().optional() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

/** POST/DELETE /api/products/:id/subscribe, GET …/subscription: whether a back-in-stock mail is pending. */
export const subscriptionStatus = z.object({ subscribed: z.boolean() });
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/**
 * The variant a back-in-stock subscription waits for (POST body, or `?variant_id=` on the
 * GET and DELETE); without it, any variant of the product (the documented subscription).
 */
export const subscriptionBody = z.strictObject({ variant_id: variantId.optional() }).nullish();
export const subscriptionQuery = z.object({ variant_id: variantId.optional() });

/** Texts the account, review and back-in-stock endpoints answer with; tests and the web compare against them. */
export const ACCOUNT_MSG = {
  currentPasswordIncorrect: 'Current password is incorrect',
  /** PATCH users/me with a new e-mail. */
  emailNeedsConfirmation:
    'To change your e-mail address, use POST /api/users/me/email with your current password: the new address must be confirmed.',
  emailUnchanged: 'This is already your e-mail address',
  /** The same answer whether or not the new address has an account. */
  emailChangeRequested: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes when you open it (within 24 hours).`,
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  emailLinkInvalid: 'This confirmation link is invalid. Request a new one from your account page.',
  emailLinkUsed: 'This confirmation link has already been used.',
  emailLinkExpired: 'This confirmation link has expired. Request a new one from your account page.',
  passwordIncorrect: 'Password is incorrect',
  addressNotFound: 'Address not found',
  tooManyAddresses: 'You can save at most 20 addresses',
  adminCannotDelete: 'An admin account cannot be deleted here; ask another admin to remove it',
  notABuyer: 'Only customers who bought this product can review it',
  alreadyReviewed: 'You have already reviewed this product',
  inStock: 'This product is in stock',
} as const;
export const MAX_ADDRESSES = 20;
