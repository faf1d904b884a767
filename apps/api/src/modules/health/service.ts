import { sql } from 'drizzle-orm';
import type { Deps } from '../../services.ts';

/** Readiness: whether the database answers. */
export function createHealthService({ db }: Pick<Deps, 'db'>) {
  return {
    /** True when a trivial query succeeds; false (never a throw) when the database cannot be reached. */
    async databaseReady(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
