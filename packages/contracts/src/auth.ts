import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';
import { stopAt } from './text.ts';

/**
 * Bodies refuse unknown fields (no mass assignment: `role`, `id`, `is_admin` never reach a service)
 * and say which fields they did not expect.
 */
function strictBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      }
      if (issue.code === 'invalid_type') {
        return issue.input == null ? 'The request body is required' : 'The request body must be a JSON object';
      }
      return undefined;
    },
  });
}

/**
 * docs/product.md §5's form {name}@{domain}.{tld}: one `@` with no spaces around it, and a dot inside the domain
 * with something on either side. Tested by hand rather than by `/^[^\s@]+@[^\s@]+\.[^\s@]+$/`,
 * whose two open runs around the dot backtrack quadratically.
 */
function hasEmailForm(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

/**
 * docs/product.md §5: required, then the form {name}@{domain}.{tld} with no spaces. We also refuse the
 * characters that RFC 5322 allows only inside quoted local parts (`<>()[]\,;:"`) and control
 * characters: no real shop address needs them and they are the stuff of injected markup.
 */
export const email = z
  .string({ error: MSG.emailRequired })
  .min(1, MSG.emailRequired)
  .max(254, stopAt(MSG.emailInvalid))
  .regex(/^[^\s<>()[\]\\,;:"\p{Cc}]*$/u, MSG.emailInvalid)
  .refine(hasEmailForm, MSG.emailInvalid);

/** docs/product.md §5: the sign-up password rules. */
export const newPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(256, stopAt('Password must be at most 256 characters'))
  // Three scans rather than one pattern of three `(?=.*…)` lookaheads, which is quadratic unanchored.
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), MSG.passwordComplexity);

/** A field checked after trimming (docs/product.md §5): required, then at most `max` characters. */
function requiredTrimmed(label: string, message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, stopAt(`${label} must be at most ${max} characters`));
}

/**
 * Person names: letters (any script) with the marks, spaces, apostrophes, hyphens, periods and
 * commas real names use. This refuses markup (`<`, `>`), control characters and query text
 * (`=`, `;`, quotes other than the apostrophe) without refusing O'Brien, Jean-Luc or 李.
 */
const NAME_CHARS = /^[\p{L}\p{M}' ’.,-]*$/u;
const NAME_HAS_LETTER = /^$|\p{L}/u;

function personName(label: string, message: string) {
  return requiredTrimmed(label, message, 100)
    .regex(NAME_CHARS, `${label} may only contain letters, spaces, apostrophes, hyphens, periods and commas`)
    .regex(NAME_HAS_LETTER, `${label} must contain a letter`);
}

/** Usernames appear in URLs and mentions: ASCII letters, digits, `.`, `_` and `-` only. */
export const username = requiredTrimmed('Username', MSG.usernameRequired, 50).regex(
  /^[A-Za-z0-9._-]*$/,
  'Username may only contain letters, digits, dots (.), underscores (_) and hyphens (-)',
);

/** docs/product.md §5: sign-in validates only the e-mail. The password is passed through as typed. */
export const loginBody = strictBody({
  email,
  password: z.string({ error: MSG.passwordRequired }).max(256, 'Password must be at most 256 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** docs/product.md §7 register payload. Every new account is a customer: the body cannot say otherwise. */
export const registerBody = strictBody({
  first_name: personName('First name', MSG.firstNameRequired),
  last_name: personName('Last name', MSG.lastNameRequired),
  username,
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The sign-up form adds what the server does not need: confirmation and terms (docs/product.md §5). */
export const signupForm = registerBody
  .extend({
    confirm_password: z.string(),
    terms: z.boolean().refine((v) => v, MSG.termsRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MSG.passwordsMismatch,
    path: ['confirm_password'],
  });
export type SignupForm = z.infer<typeof signupForm>;

export const refreshBody = strictBody({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(200),
});

/** The refresh token whose session ends; without it only the access token is forgotten by the client. */
export const logoutBody = strictBody({
  refreshToken: z
    .string({ error: 'refreshToken must be a string' })
    .min(1, 'refreshToken is required')
    .max(200)
    .optional(),
});

export const forgotPasswordBody = strictBody({ email });

export const resetPasswordBody = strictBody({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
  password: newPassword,
});

export const role = z.enum(['customer', 'staff', 'admin']);
export type Role = z.infer<typeof role>;

export const publicUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role,
  name: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const tokenSet = z.object({ access: z.string(), refresh: z.string() });
export type TokenSet = z.infer<typeof tokenSet>;

export const loginAnswer = tokenSet.extend({ user: publicUser });
export type LoginAnswer = z.infer<typeof loginAnswer>;
