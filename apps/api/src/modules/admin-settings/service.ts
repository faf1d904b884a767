import type { AdminSettings } from '@shop/contracts/admin-settings';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import { type SettingsService, settingsToAdmin } from '../settings/index.ts';

/**
 * Admin Settings (issue 5): everything the store's settings row holds, and the time zone every staff
 * member's pages show times in (issue 11 point 13). A change is audited in its transaction, with a
 * second entry when it turns maintenance mode on or off.
 */
export function createAdminSettingsService(
  { db }: Pick<Deps, 'db'>,
  { settings, audit }: { settings: SettingsService; audit: AuditService },
) {
  return {
    /** The IANA time zone the admin area shows times and counts days in. */
    async timeZone(): Promise<{ time_zone: string }> {
      return { time_zone: (await settings.get()).timeZone };
    },

    /** The settings as stored right now (no cache). */
    async get(): Promise<AdminSettings> {
      return settingsToAdmin(await settings.current(db));
    },

    /** Replaces the settings; checkout and the storefront use them at once (the cache is dropped). */
    async save(actor: Actor, body: AdminSettings): Promise<AdminSettings> {
      const saved = await db.transaction(async (tx) => {
        const previous = await settings.current(tx, { lock: true });
        await settings.saveAdmin(tx, body, previous);
        const before = settingsToAdmin(previous);
        const after = settingsToAdmin(await settings.current(tx));
        await audit.record(tx, actor, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'store',
          before,
          after,
        });
        if (before.maintenance_mode !== after.maintenance_mode) {
          await audit.record(tx, actor, {
            action: after.maintenance_mode ? 'maintenance.on' : 'maintenance.off',
            entityType: 'settings',
            entityId: 'store',
            before: { maintenance_mode: before.maintenance_mode },
            after: { maintenance_mode: after.maintenance_mode },
          });
        }
        return after;
      });
      await settings.invalidate();
      return saved;
    },
  };
}
export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
