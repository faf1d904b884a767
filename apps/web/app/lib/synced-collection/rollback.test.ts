import { describe, expect, it } from 'vitest';
import { rollback } from './rollback.ts';

interface Line {
  id: string;
  quantity: number;
}
const line = (id: string, quantity = 1): Line => ({ id, quantity });
const identity = { key: (l: Line) => l.id, value: (l: Line) => l.quantity };
const undo = (before: Line[], after: Line[], now: Line[]) => rollback(before, after, now, identity);

describe('rollback: one undo for every refused change', () => {
  it('an add: the line goes back to its old quantity, or away', () => {
    expect(undo([line('a', 2)], [line('a', 5)], [line('a', 5)])).toEqual([line('a', 2)]);
    expect(undo([line('a')], [line('a'), line('b', 3)], [line('a'), line('b', 3)])).toEqual([line('a')]);
  });

  it('a remove: the line comes back in its old place, unless added again meanwhile', () => {
    const before = [line('a'), line('b', 2), line('c')];
    const after = [line('a'), line('c')];
    expect(undo(before, after, [line('a'), line('c')])).toEqual(before);
    expect(undo(before, after, [line('a'), line('c'), line('b', 7)])).toEqual([line('a'), line('c'), line('b', 7)]);
  });

  it('a clear: the old lines come back in front of anything added since', () => {
    const before = [line('a'), line('b', 2)];
    expect(undo(before, [], [line('x', 4)])).toEqual([line('a'), line('b', 2), line('x', 4)]);
  });

  it('a quantity update: the old quantity, unless set again meanwhile; other lines stay as they are', () => {
    expect(undo([line('a', 4), line('b')], [line('a', 9), line('b')], [line('a', 9), line('b', 6)])).toEqual([
      line('a', 4),
      line('b', 6),
    ]);
    expect(undo([line('a', 4)], [line('a', 9)], [line('a', 3)])).toEqual([line('a', 3)]);
  });

  it('without values (a wishlist), only presence counts', () => {
    const byId = { key: (l: Line) => l.id };
    expect(rollback([line('a')], [line('b'), line('a')], [line('b'), line('a')], byId)).toEqual([line('a')]);
    expect(rollback([line('a'), line('b')], [line('b')], [line('b')], byId)).toEqual([line('a'), line('b')]);
  });
});
