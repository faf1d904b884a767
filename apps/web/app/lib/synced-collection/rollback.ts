/**
 * How items are told apart and compared: `key` is an item's identity in the collection (a cart line:
 * product, colour and size), `value` what a change changes (a cart line's quantity; a wishlist
 * product only is or is not there).
 */
export interface ItemIdentity<Item> {
  key: (item: Item) => string;
  value?: (item: Item) => unknown;
}

/**
 * Undoes one optimistic change that the server refused, given the items `before` and `after` it and
 * the items `now` (other changes may have happened since). Every item the change touched goes back to
 * what it was before — in its old place when it had been removed — unless it has been changed again
 * since: a later change stands. Items the change did not touch stay as they are now.
 *
 * One rule for every undo: an add (the line goes back to its old quantity, or away), a remove or a
 * clear (the lines come back where they were, unless added again meanwhile), a quantity update (the
 * old quantity, unless set again meanwhile).
 */
export function rollback<Item>(before: Item[], after: Item[], now: Item[], identity: ItemIdentity<Item>): Item[] {
  const { key } = identity;
  const value = identity.value ?? (() => true);
  const valueIn = (items: Item[], k: string) => {
    const item = items.find((i) => key(i) === k);
    return item === undefined ? undefined : value(item);
  };
  const afterByKey = new Map(after.map((item) => [key(item), item]));
  const result = [...now];
  const touched = new Set<string>();

  // Back in, or back to their old value: in the order they stood before, so each finds its old place.
  before.forEach((old, index) => {
    const k = key(old);
    const changed = afterByKey.get(k);
    if (changed !== undefined && value(changed) === value(old)) return;
    touched.add(k);
    if (valueIn(result, k) !== (changed === undefined ? undefined : value(changed))) return;
    const at = result.findIndex((i) => key(i) === k);
    if (at >= 0) result[at] = old;
    else result.splice(Math.min(index, result.length), 0, old);
  });
  // Added by the change: away again.
  for (const [k, added] of afterByKey) {
    if (touched.has(k) || before.some((i) => key(i) === k)) continue;
    if (valueIn(result, k) !== value(added)) continue;
    result.splice(
      result.findIndex((i) => key(i) === k),
      1,
    );
  }
  return result;
}
