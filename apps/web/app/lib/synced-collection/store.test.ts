// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createCollectionStore, loadCollection, setItems } from './store.ts';

interface Item {
  id: string;
}
const isItem = (v: unknown): v is Item => typeof (v as Item | null)?.id === 'string';
const create = () => createCollectionStore<Item, { id: string }, { count: number }>({ key: 'things', isItem });

afterEach(() => localStorage.clear());

describe('collection store', () => {
  it('is empty and not loaded until load() reads the saved collection', () => {
    localStorage.setItem('things', JSON.stringify({ items: [{ id: 'a' }], ownerId: null, merge: null }));
    const store = create();
    expect(store.getState()).toMatchObject({ items: [], loaded: false });
    loadCollection(store);
    expect(store.getState()).toMatchObject({ items: [{ id: 'a' }], ownerId: null, merge: null, loaded: true });
  });

  it('saves items, owner and pending merge as plain JSON, never the server summary', () => {
    const store = create();
    store.setState({ items: [{ id: 'a' }], ownerId: 'u-1', summary: { count: 1 } });
    expect(JSON.parse(localStorage.getItem('things')!)).toEqual({ items: [{ id: 'a' }], ownerId: 'u-1', merge: null });
    // A local change: the server's summary no longer describes the items.
    setItems(store, [{ id: 'b' }]);
    expect(store.getState().summary).toBeNull();
  });

  it('loads an unreadable entry as empty and drops nonsense items one by one', () => {
    const store = create();
    localStorage.setItem('things', '{oops');
    loadCollection(store);
    expect(store.getState()).toMatchObject({ items: [], ownerId: null, loaded: true });
    localStorage.setItem('things', JSON.stringify({ items: [{ id: 'a' }, { id: 3 }, null], ownerId: 7 }));
    loadCollection(store);
    expect(store.getState()).toMatchObject({ items: [{ id: 'a' }], ownerId: null, merge: null });
  });
});
