import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

/** spec §5: required, then the form {name}@{domain}.{tld} with no spaces. */
export const email = z
  .string({ error: MSG.emailRequired })
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.emailInvalid);

/** spec §5: the sign-up password rules. */
export const newPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(256, 'Password must be at most 256 characters')
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, MSG.passwordComplexity);

/** A name checked after trimming (spec §5). */
function requiredName(message: string, max = 100) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/** spec §5: sign-in validates only the e-mail. The password is passed through as typed. */
export const loginBody = z.strictObject({
  email,
  password: z.string({ error: MSG.passwordRequired }).max(256, 'Password must be at most 256 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.strictObject({
  first_name: requiredName(MSG.firstNameRequired),
  last_name: requiredName(MSG.lastNameRequired),
  username: requiredName(MSG.usernameRequired, 50),
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The sign-up form adds what the server does not need: confirmation and terms (spec §5). */
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

export const refreshBody = z.strictObject({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(200),
});

export const logoutBody = z.strictObject({ refreshToken: z.string().min(1).max(200).optional() });

export const forgotPasswordBody = z.strictObject({ email });

export const resetPasswordBody = z.strictObject({
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
