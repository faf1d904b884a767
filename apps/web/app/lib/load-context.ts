import type { Services } from '@shop/api/services';

/**
 * What the API process hands every server loader and action (apps/api/src/web/plugin.ts). Loaders call
 * the domain services in-process instead of over HTTP (DESIGN §3). Type-only import: no API code may
 * reach the client bundle.
 */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** This response's CSP nonce; every inline script must carry it. */
    nonce: string;
    /** DEMO_LOADER_DELAY_MS: reproduces the spec's 1 s loader wait for demos (DESIGN §7). */
    loaderDelayMs: number;
    /** Maintenance mode is on and this page is not in the admin area: the root loader answers 503 (issue 5). */
    maintenance?: boolean;
    /** Maintenance mode is on, but this browser holds an open staff session's preview cookie (issue 11 point 9). */
    maintenancePreview?: boolean;
    /** The page cannot be served (a broken %-escape in its address): the root loader throws this (issue 11 point 13). */
    pageError?: { status: number; code: string; message: string };
  }
}

/** Waits the configured demo delay, if any (DESIGN §7: real data at once unless asked otherwise). */
export function demoDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
