import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from 'react';

/**
 * A component whose code is not part of the first paint's JavaScript, yet whose HTML is. Its module
 * starts loading as soon as the importing module runs. On the server it is loaded by the first render,
 * so every render has it at hand and writes its HTML in place (React.lazy resolves a thenable that
 * answers at once without suspending). In the browser, React keeps that server HTML and hydrates it
 * when the code arrives, replaying clicks that came earlier.
 */
export function lazyIsland<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  let loaded: { default: ComponentType<P> } | undefined;
  const pending = load().then((module) => {
    loaded = module;
    return module;
  });
  pending.catch(() => undefined);
  return lazy(() => {
    const module = loaded;
    if (!module) return pending;
    // A thenable that calls back synchronously: React.lazy then resolves without suspending.
    // biome-ignore lint/suspicious/noThenProperty: a thenable is exactly what React.lazy takes here
    return { then: (resolve: (m: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  });
}

/** A component loaded on first use (a panel, a dialog), shown by a plain state update once it is here. */
export interface Loadable<P> {
  /** Starts loading (pointer over, focus on the control that will show it); safe to call often. */
  preload(): Promise<ComponentType<P>>;
  current(): ComponentType<P> | undefined;
}

export function loadable<P>(load: () => Promise<ComponentType<P>>): Loadable<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return {
    preload() {
      pending ??= load().then(
        (c) => {
          component = c;
          return c;
        },
        (error: unknown) => {
          pending = undefined; // a later attempt may succeed (flaky network)
          throw error;
        },
      );
      return pending;
    },
    current: () => component,
  };
}

/**
 * The loadable's component once `wanted` and loaded; undefined until then. No Suspense: React would
 * hold back the reveal of freshly loaded content behind a timer, which a stopped test clock never fires.
 */
export function useLoadable<P>(item: Loadable<P>, wanted: boolean): ComponentType<P> | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!wanted || item.current()) return;
    let live = true;
    item.preload().then(
      () => live && setVersion((v) => v + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [item, wanted]);
  return wanted ? item.current() : undefined;
}
