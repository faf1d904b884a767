import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backupName, backupSchedule, backupsToPrune, loadOrder } from './backup-rules.ts';

describe('loadOrder (tables load in foreign-key order)', () => {
  it('puts every table after the tables it references, ties by name', () => {
    const order = loadOrder(
      ['order_lines', 'orders', 'users', 'products', 'categories'],
      [
        { from: 'order_lines', to: 'orders' },
        { from: 'order_lines', to: 'products' },
        { from: 'orders', to: 'users' },
        { from: 'products', to: 'categories' },
        { from: 'categories', to: 'categories' },
      ],
    );
    expect(order).toEqual(['categories', 'users', 'orders', 'products', 'order_lines']);
  });

  it('holds for any acyclic graph: each reference points backwards, every table once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 }),
        (tables, pairs) => {
          // An edge from a later table to an earlier one in the generated list: acyclic by construction.
          const refs = pairs.map(([a, b]) => {
            const i = Math.min(a, b) % tables.length;
            const j = Math.max(i, Math.max(a, b) % tables.length);
            return { from: tables[j]!, to: tables[i]! };
          });
          const order = loadOrder(tables, refs);
          expect([...order].sort()).toEqual([...tables].sort());
          for (const { from, to } of refs) {
            if (from !== to) expect(order.indexOf(to)).toBeLessThan(order.indexOf(from));
          }
        },
      ),
    );
  });

  it('refuses a cycle between tables, naming them', () => {
    expect(() =>
      loadOrder(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('foreign keys form a cycle among a, b');
  });
});

describe('retention (BACKUP_KEEP)', () => {
  it('names backups by time so that names sort as times do', () => {
    expect(backupName(new Date('2026-11-24T07:30:00.123Z'))).toBe('shop-20261124T073000123Z.backup');
    const early = backupName(new Date('2026-01-02T03:04:05.006Z'));
    const late = backupName(new Date('2026-10-02T03:04:05.006Z'));
    expect([late, early].sort()).toEqual([early, late]);
  });

  it('removes all but the newest `keep` scheduled backups and never another file', () => {
    const names = [
      'shop-20261120T000000000Z.backup',
      'shop-20261124T000000000Z.backup',
      'shop-20261122T000000000Z.backup',
      'shop-20261121T000000000Z.backup',
      'before-upgrade.backup',
      'shop-20261119T000000000Z.backup.partial-123',
      'notes.txt',
    ];
    expect(backupsToPrune(names, 2)).toEqual(['shop-20261120T000000000Z.backup', 'shop-20261121T000000000Z.backup']);
    expect(backupsToPrune(names, 10)).toEqual([]);
    // keep is at least one: retention never removes the backup just written.
    expect(backupsToPrune(names, 0)).toEqual(backupsToPrune(names, 1));
    expect(backupsToPrune(names, 1)).not.toContain('shop-20261124T000000000Z.backup');
  });

  it('turns BACKUP_EVERY into the job queue’s cron expression, none when off', () => {
    expect(backupSchedule('off')).toBeUndefined();
    expect(backupSchedule('hourly')).toBe('0 * * * *');
    expect(backupSchedule('daily')).toBe('30 3 * * *');
  });
});
