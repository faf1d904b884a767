import type { StaffCreateBody, StaffMember, StaffUpdateBody } from '@shop/contracts/admin-staff';
import { hashPassword } from '../../lib/passwords.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import { staffRepository as repo } from './repository.ts';
import { staffToWire } from './wire.ts';

/** What creating or changing a staff account can end in besides success. */
export type AdminStaffFailure =
  | Failure<'already', { role: 'admin' | 'staff' }>
  | Failure<'missing_fields'>
  | Failure<'username_taken'>
  | Failure<'email_taken'>
  | Failure<'not_found'>
  /** The acting admin's token outlived their demotion or disabling. */
  | Failure<'not_admin'>
  | Failure<'cannot_change_self'>
  | Failure<'last_admin'>;

/**
 * Staff accounts (admin only). Promotion and creation share one form; an admin can never
 * demote or disable themselves, and the shop always keeps one active admin. Every change is audited
 * in its transaction and ends the changed account's sessions.
 */
export function createAdminStaffService({ db, clock }: Pick<Deps, 'db' | 'clock'>, { audit }: { audit: AuditService }) {
  return {
    async list(): Promise<{ items: StaffMember[] }> {
      return { items: (await repo.list(db)).map(staffToWire) };
    },

    /** Creates the account, or promotes the existing one with this e-mail. */
    async create(actor: Actor, body: StaffCreateBody): Promise<Result<StaffMember, AdminStaffFailure>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        let before: StaffMember | null = null;
        let after: StaffMember;
        const existing = await repo.lockByEmail(tx, body.email);
        if (existing) {
          if (existing.role === body.role) return fail('already', { role: body.role });
          const updated = await repo.setRole(tx, existing.id, { role: body.role }, now);
          if (!updated) return fail('not_found');
          await repo.revokeSessions(tx, existing.id, 'role changed', now);
          before = existing.role === 'customer' ? null : staffToWire(existing);
          after = staffToWire(updated);
        } else {
          if (!body.first_name || !body.last_name || !body.username || !body.password) return fail('missing_fields');
          const passwordHash = await hashPassword(body.password);
          const row = await repo.insert(tx, {
            email: body.email,
            username: body.username,
            firstName: body.first_name,
            lastName: body.last_name,
            passwordHash,
            role: body.role,
            createdAt: now,
            updatedAt: now,
          });
          if (row && 'taken' in row) return fail(row.taken === 'username' ? 'username_taken' : 'email_taken');
          if (!row) throw new Error('user not created');
          after = staffToWire(row);
        }
        await audit.record(tx, actor, {
          action: 'staff.create',
          entityType: 'user',
          entityId: after.id,
          before,
          after,
        });
        return ok(after);
      });
    },

    /** Changes a role or disables an account. */
    async update(actor: Actor, id: string, patch: StaffUpdateBody): Promise<Result<StaffMember, AdminStaffFailure>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const admins = await repo.lockAdmins(tx);
        // An access token outlives a demotion by up to its 15 minutes: the acting admin must still be one.
        if (!admins.some((a) => a.id === actor.userId && !a.disabled)) return fail('not_admin');
        const row = await repo.lockStaffMember(tx, id);
        if (!row) return fail('not_found');
        const role = patch.role ?? (row.role === 'admin' ? 'admin' : 'staff');
        const disabled = patch.disabled ?? row.disabled;
        const losesAdmin = row.role === 'admin' && !row.disabled && (role !== 'admin' || disabled);
        if (id === actor.userId && (role !== row.role || (disabled && !row.disabled)))
          return fail('cannot_change_self');
        if (losesAdmin && !admins.some((a) => a.id !== id && !a.disabled)) return fail('last_admin');
        const updated = await repo.setRole(tx, id, { role, disabled }, now);
        if (!updated) return fail('not_found');
        if (role !== row.role || (disabled && !row.disabled)) {
          await repo.revokeSessions(tx, id, role !== row.role ? 'role changed' : 'disabled', now);
        }
        const before = staffToWire(row);
        const after = staffToWire(updated);
        await audit.record(tx, actor, {
          action: 'staff.update',
          entityType: 'user',
          entityId: after.id,
          before,
          after,
        });
        return ok(after);
      });
    },
  };
}
export type AdminStaffService = ReturnType<typeof createAdminStaffService>;
