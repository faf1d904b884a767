import { z } from 'zod';
import { email, newPassword, registerBody } from './auth.ts';

// Admin staff accounts.

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
