import { createStore, type StoreApi, useStore } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';

/**
 * Lines a guest collected, on their way to the server at sign-in, each with its own Idempotency-Key.
 * Kept in storage so a page closed halfway resends the same keys on the next load: nothing is lost,
 * nothing doubled.
 */
export interface PendingMerge<Line> {
  userId: string;
  lines: (Line & { key: string })[];
}

/**
 * A collection the shopper keeps in this browser and, signed in, on the server (the cart, the
 * wishlist). The browser half of lib/synced-collection/sync.ts; this half is light enough for the
 * first page JS (the navbar's cart badge reads it).
 */
export interface CollectionState<Item, Line, Summary = never> {
  items: Item[];
  /** The signed-in user these items belong to on the server; null for a guest's collection. */
  ownerId: string | null;
  merge: PendingMerge<Line> | null;
  /**
   * The server's own figures about `items` (the cart's totals), present only while `items` are exactly
   * what the server answered; any local change drops them. Not stored: a reload shows them again once
   * the server answers.
   */
  summary: Summary | null;
  /** True once the saved collection was read in this browser (the server renders an empty one). */
  loaded: boolean;
}

type Saved<Item, Line> = Pick<CollectionState<Item, Line>, 'items' | 'ownerId' | 'merge'>;

export type CollectionStore<Item, Line, Summary = never> = StoreApi<CollectionState<Item, Line, Summary>> & {
  persist: { rehydrate: () => Promise<void> | void };
};

/**
 * localStorage holding the saved part as plain JSON (`{items, ownerId, merge}`), the format the shop
 * always wrote, so carts saved before still load. Unreadable entries load as empty; a full or disabled
 * storage leaves the collection working for this page view.
 */
function plainLocalStorage<S>(): PersistStorage<S> {
  return {
    getItem(name) {
      if (typeof window === 'undefined') return null;
      try {
        const raw = window.localStorage.getItem(name);
        return { state: (raw ? JSON.parse(raw) : {}) as S, version: 0 };
      } catch {
        return { state: {} as S, version: 0 };
      }
    },
    setItem(name, value) {
      if (typeof window === 'undefined') return;
      try {
        window.localStorage.setItem(name, JSON.stringify(value.state));
      } catch {
        // Storage full or disabled: the collection still works for this page view.
      }
    },
    removeItem(name) {
      try {
        window.localStorage.removeItem(name);
      } catch {
        // Nothing to forget.
      }
    },
  };
}

/**
 * A zustand store saved to localStorage under `key` (zustand `persist`). It is read only when
 * `load()` is called — after hydration, since the server renders an empty, not-loaded collection —
 * and again when another tab changes it. Items someone edited by hand into nonsense are dropped one
 * by one (`isItem`), not the whole collection.
 */
export function createCollectionStore<Item, Line, Summary = never>(options: {
  key: string;
  isItem: (value: unknown) => value is Item;
}): CollectionStore<Item, Line, Summary> {
  type State = CollectionState<Item, Line, Summary>;
  return createStore<State>()(
    persist<State, [], [], Saved<Item, Line>>(
      () => ({ items: [], ownerId: null, merge: null, summary: null, loaded: false }),
      {
        name: options.key,
        storage: plainLocalStorage<Saved<Item, Line>>(),
        skipHydration: true,
        partialize: ({ items, ownerId, merge }) => ({ items, ownerId, merge }),
        merge: (saved, current) => {
          const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<Saved<unknown, Line>>;
          return {
            ...current,
            items: Array.isArray(s.items) ? s.items.filter(options.isItem) : [],
            ownerId: typeof s.ownerId === 'string' ? s.ownerId : null,
            merge: s.merge && Array.isArray(s.merge.lines) ? s.merge : null,
            summary: null,
            loaded: true,
          };
        },
      },
    ),
  );
}

/** Reads the saved collection (synchronously: localStorage is). */
export function loadCollection(store: CollectionStore<unknown, unknown, unknown>) {
  void store.persist.rehydrate();
}

/** Sets the items as they are, keeping the owner; the server's summary no longer describes them. */
export function setItems<Item>(store: CollectionStore<Item, unknown, unknown>, items: Item[]) {
  store.setState({ items, summary: null });
}

export function useCollection<Item, Line, Summary, T>(
  store: CollectionStore<Item, Line, Summary>,
  select: (s: CollectionState<Item, Line, Summary>) => T,
): T {
  return useStore(store, select);
}
