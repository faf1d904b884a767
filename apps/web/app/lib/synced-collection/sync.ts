import toast from 'react-hot-toast';
import { statusOf } from '../api-error.ts';
import { newIdempotencyKey } from '../http.ts';
import { getQueryClient } from '../query-client.ts';
import { type ItemIdentity, rollback } from './rollback.ts';
import { type CollectionStore, loadCollection, type PendingMerge, setItems } from './store.ts';

/** Who is signed in, and news of a change: the session as the feature that owns it tells it. */
export interface SessionSource {
  /** The signed-in user's id, or null for a guest. */
  userId: () => string | null;
  /** Calls `listener` after every change of the session; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Reads the stored session now (the layout does so on every route change; the sync must not wait). */
  read: () => void;
}

/** The server's collection of one user. */
export interface ServerCollection<Item, Summary> {
  userId: string;
  items: Item[];
  summary?: Summary;
}

export interface SyncOptions<Item, Line, Summary> extends ItemIdentity<Item> {
  store: CollectionStore<Item, Line, Summary>;
  /** localStorage key of the store: another tab's change to it is read at once. */
  storageKey: string;
  /** The TanStack mutation scope: every server call of the collection runs in it, one after another. */
  scope: string;
  session: SessionSource;
  /** Loads the signed-in user's collection from the server. */
  fetch: (userId: string) => Promise<ServerCollection<Item, Summary>>;
  /** A guest's items as the lines to send at sign-in, in the order to send them. */
  guestLines: (items: Item[]) => Line[];
  /** Sends one guest line with its Idempotency-Key. */
  sendGuestLine: (line: Line, key: string) => Promise<unknown>;
  /** A guest line the server refused (4xx): a second try (the cart takes what stock is left); true when it went. */
  retryRefused?: (error: unknown, line: Line, key: string) => Promise<boolean>;
  /** Called after a merge in which `refused` guest lines could not move over. */
  afterMerge?: (refused: number) => void;
  /**
   * The server answered while later calls are still queued: replacing the local items then would
   * briefly undo the shopper's newer, optimistic changes. What to take over meanwhile (the cart: the
   * server's line ids); by default nothing.
   */
  reconcile?: (local: Item[], server: Item[]) => Item[];
}

/** What a change tells the shopper (docs/product.md §8): progress, success and failure texts. */
export interface ChangeMessages {
  /** While the server call is under way (signed in); the result then replaces it (one toast). */
  pending?: string;
  success?: string;
  failure: string | ((error: unknown) => Promise<string>);
}

export interface Change<Item, Summary> {
  /** The local change, made at once (optimistic, docs/product.md §4). */
  apply: (items: Item[]) => Item[];
  /** The server call when signed in: the server's collection, or null when it has nothing to add. */
  send: (userId: string) => Promise<ServerCollection<Item, Summary> | null>;
  messages: ChangeMessages;
}

/**
 * Keeps a collection in the browser and on the server in step (docs/product.md §4) — the cart and the
 * wishlist are the two. Started by the layout after hydration and by every change (whichever comes
 * first; later calls change nothing):
 * - the saved collection is read from localStorage, and again whenever another tab changes it;
 * - signed in: a guest's items are sent to the server (each with its own Idempotency-Key, kept in
 *   storage until the server has it), then the server's collection replaces the local one;
 * - signed out: a collection that belonged to a user is cleared from this browser; another user's
 *   never shows;
 * - again on every sign-in, sign-out or change of user.
 * Every server call is a TanStack mutation in the collection's `scope`, so calls run one after another
 * in the order the shopper acted and the merge at sign-in always goes first. A change shows at once
 * (`onMutate`); when the server refuses it, `onError` undoes exactly that change (see rollback.ts) and
 * the server's collection is loaded again.
 */
export function createCollectionSync<Item, Line, Summary = never>(o: SyncOptions<Item, Line, Summary>) {
  const { store, session } = o;
  let started = false;
  let current: Promise<void> = Promise.resolve();
  let lastUserId: string | null | undefined;

  /** The collection's server calls queued or running. */
  function pending(): number {
    return getQueryClient()
      .getMutationCache()
      .findAll({ predicate: (m) => m.options.scope?.id === o.scope && m.state.status === 'pending' }).length;
  }

  /**
   * Runs `job` as a mutation in the collection's scope, after every call queued before it. `onMutate`
   * runs at once, synchronously (no global `onMutate` on the query client's mutation cache, which
   * would delay it by a tick); its result is the context `onError` gets.
   */
  function inScope<T, Context = undefined>(
    job: () => Promise<T>,
    hooks: {
      onMutate?: () => Context;
      onSuccess?: (data: T) => void;
      onError?: (context: Context | undefined) => void;
    } = {},
  ): Promise<T> {
    const client = getQueryClient();
    return client
      .getMutationCache()
      .build<T, unknown, void, Context>(client, {
        mutationFn: job,
        scope: { id: o.scope },
        // Sent whatever the browser thinks of its connection: the HTTP client retries (docs/product.md §9).
        networkMode: 'always',
        retry: 0,
        onMutate: hooks.onMutate,
        onSuccess: hooks.onSuccess && ((data) => hooks.onSuccess?.(data)),
        onError: (_error, _variables, context) => hooks.onError?.(context),
      })
      .execute();
  }

  /**
   * Takes in the server's collection of a user. When nothing else is queued it is the truth and
   * replaces the local one; meanwhile only what `reconcile` says is taken over. `running` is 1 when
   * called from a call of the scope (which counts as pending until it settles).
   */
  function adopt(server: ServerCollection<Item, Summary>, running: 0 | 1 = 0) {
    // Only into a collection claimed for this user: a guest's items must reach the server first.
    if (session.userId() !== server.userId || store.getState().ownerId !== server.userId) return;
    if (pending() - running <= 0) {
      store.setState({ items: server.items, ownerId: server.userId, summary: server.summary ?? null });
      return;
    }
    if (o.reconcile) setItems(store, o.reconcile(store.getState().items, server.items));
  }

  function start(): Promise<void> {
    if (started) return current;
    started = true;
    session.read();
    loadCollection(store);
    session.subscribe(() => {
      if (session.userId() !== lastUserId) current = run();
    });
    window.addEventListener('storage', (event) => {
      if (event.key === o.storageKey) loadCollection(store);
    });
    current = run();
    return current;
  }

  /**
   * Called by every change before it touches the collection: the saved one is loaded, and a signed-in
   * user's claimed (a guest's items queued for the server) before the change's own call is queued — so
   * those items go to the server exactly once.
   */
  function ensure() {
    if (!started) {
      void start();
      return;
    }
    const userId = session.userId();
    if (userId && store.getState().ownerId !== userId) current = run();
  }

  function run(): Promise<void> {
    const userId = session.userId();
    lastUserId = userId;
    const state = store.getState();
    if (!userId) {
      // A signed-in user's collection stays on the server; this browser forgets it at sign-out.
      if (state.ownerId !== null || state.merge) {
        store.setState({ items: [], ownerId: null, merge: null, summary: null });
      }
      return Promise.resolve();
    }
    claim(userId);
    return inScope(
      async () => {
        await sendPendingMerge(userId);
        return o.fetch(userId);
      },
      { onSuccess: (server) => adopt(server, 1) },
    ).then(
      () => undefined,
      // Offline or signed out meanwhile: the local collection stays as it is and the next run tries again.
      () => undefined,
    );
  }

  /**
   * Synchronously takes the local collection over for `userId`: a guest's items become a pending merge
   * (they stay visible until the server's collection replaces them); another user's are dropped.
   */
  function claim(userId: string) {
    const { ownerId, items, merge } = store.getState();
    if (ownerId === userId) return;
    // Lines of an unfinished merge for the same user (a page closed halfway) keep their keys.
    const earlier = merge?.userId === userId ? merge.lines : [];
    if (ownerId === null && items.length > 0) {
      const lines = o.guestLines(items).map((line) => ({ ...line, key: newIdempotencyKey() }));
      store.setState({ ownerId: userId, merge: { userId, lines: [...earlier, ...lines] } });
      return;
    }
    store.setState({
      ...(ownerId !== null ? { items: [], summary: null } : {}),
      ownerId: userId,
      merge: earlier.length > 0 ? { userId, lines: earlier } : null,
    });
  }

  /** Sends the pending guest lines; each one leaves the pending list once the server has it. */
  async function sendPendingMerge(userId: string) {
    const merge = store.getState().merge;
    if (!merge || merge.userId !== userId) return;
    let refused = 0;
    for (const line of merge.lines) {
      try {
        await o.sendGuestLine(line, line.key);
      } catch (error) {
        const status = statusOf(error);
        // No answer or a server fault: stop here and keep the rest for the next run (same keys).
        if (status === undefined || status >= 500 || status === 401 || status === 403) throw error;
        if (!(await o.retryRefused?.(error, line, line.key))) refused++;
      }
      const now = store.getState().merge;
      if (now) store.setState({ merge: { ...now, lines: now.lines.filter((l) => l.key !== line.key) } });
    }
    store.setState({ merge: null });
    o.afterMerge?.(refused);
  }

  /** Reloads the server's collection (after a failed call, so the screen shows what the server holds). */
  function refresh(userId: string): Promise<void> {
    return inScope(() => o.fetch(userId), {
      onSuccess: (server) => {
        if (server.userId === userId) adopt(server, 1);
      },
    }).then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Makes a change: at once in this browser, then — signed in — on the server, with the change's
   * toasts. Resolves true on success; a refused change is undone.
   */
  async function change(c: Change<Item, Summary>): Promise<boolean> {
    ensure();
    const userId = session.userId();
    if (!userId) {
      setItems(store, c.apply(store.getState().items));
      if (c.messages.success) toast.success(c.messages.success);
      return true;
    }
    const id = c.messages.pending ? toast.loading(c.messages.pending) : undefined;
    try {
      await inScope(() => c.send(userId), {
        onMutate: () => {
          const before = store.getState().items;
          setItems(store, c.apply(before));
          return { before, after: store.getState().items };
        },
        onSuccess: (server) => {
          if (server) adopt(server, 1);
        },
        onError: (undo) => {
          if (undo) setItems(store, rollback(undo.before, undo.after, store.getState().items, o));
        },
      });
      if (c.messages.success) toast.success(c.messages.success, { id });
      return true;
    } catch (error) {
      const { failure } = c.messages;
      const text = typeof failure === 'string' ? failure : await failure(error);
      toast.error(text, { id });
      void refresh(userId);
      return false;
    }
  }

  /** Takes in the server's collection loaded elsewhere (docs/product.md §4: the account page's profile). */
  const receive = (server: ServerCollection<Item, Summary>) => {
    ensure();
    adopt(server);
  };

  return { start, ensure, refresh, change, receive };
}

export type CollectionSync = ReturnType<typeof createCollectionSync>;
export type { PendingMerge };
