/** Pure rules of backups: the order tables load in, and which backups retention removes. */

/**
 * The tables in an order where each comes after every table its foreign keys point at (Kahn's
 * algorithm, ties by name so the order is stable). A table's references to itself need no order: one
 * `COPY` loads the whole table and its foreign keys are checked at the end of that statement. A cycle
 * between tables has no such order; the shop's schema has none, and one added later must be made
 * deferrable before backups can load it, so it is an error here rather than a guess.
 */
export function loadOrder(tables: string[], references: { from: string; to: string }[]): string[] {
  const known = new Set(tables);
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { from, to } of references) {
    if (from === to || !known.has(from) || !known.has(to)) continue;
    needs.get(from)?.add(to);
  }
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = [...needs]
      .filter(([t, deps]) => !placed.has(t) && [...deps].every((d) => placed.has(d)))
      .map(([t]) => t)
      .sort();
    if (ready.length === 0) {
      const rest = tables.filter((t) => !placed.has(t)).sort();
      throw new Error(`foreign keys form a cycle among ${rest.join(', ')}: make one of them deferrable`);
    }
    for (const t of ready) {
      placed.add(t);
      order.push(t);
    }
  }
  return order;
}

/** `shop-20261124T073000123Z.backup`: what scheduled backups are named, sortable by time. */
const BACKUP_NAME = /^shop-\d{8}T\d{9}Z\.backup$/;

export function backupName(at: Date): string {
  return `shop-${at.toISOString().replace(/[-:.]/g, '')}.backup`;
}

/**
 * The backups retention removes: of the files named like scheduled backups, all but the newest `keep`.
 * Other files in the folder (a backup named by hand, a download) are never touched.
 */
export function backupsToPrune(names: string[], keep: number): string[] {
  const ours = names.filter((n) => BACKUP_NAME.test(n)).sort();
  return ours.slice(0, Math.max(0, ours.length - Math.max(1, keep)));
}

/** The cron expression of BACKUP_EVERY for the job queue's schedule: on the hour, or daily at 03:30 (UTC). */
export function backupSchedule(every: 'off' | 'hourly' | 'daily'): string | undefined {
  return { off: undefined, hourly: '0 * * * *', daily: '30 3 * * *' }[every];
}
