import type { Services } from '@shop/api/services';

/**
 * What the API process hands every server loader and action (apps/api/src/web/plugin.ts). Loaders call
 * the domain services in-process instead of over HTTP (docs/architecture.md §3). Type-only import: no API code may
 * reach the client bundle.
 */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /**
     * Who takes cards, from the shop's environment: Stripe (with its publishable key), the demo
     * provider ("Demo mode — no real payment"), or nobody (null: pay later only).
     */
    payments: { card: 'stripe' | 'demo' | null; stripePublishableKey: string | null };
    /**
     * This response's CSP nonce; every inline script must carry it. For a page kept in the page cache it
     * marks the scripts the render emitted: the kept page loses it, and its policy lists the hashes of
     * those scripts only, the same for every visitor (docs/adr/027-page-cache-and-hashed-csp.md).
     */
    nonce: string | undefined;
    /** Render the whole document before sending anything (a page for the page cache). */
    wholeDocument?: boolean;
    /**
     * Waits DEMO_LOADER_DELAY_MS on the server's clock, or at once when the request is aborted: the documented
     * 1 s loader wait, kept for demos only (docs/product.md §10). Zero by default.
     */
    demoDelay(signal?: AbortSignal): Promise<void>;
    /** Maintenance mode is on and this page is not in the admin area: the root loader answers 503. */
    maintenance?: boolean;
    /** Maintenance mode is on, but this browser holds an open staff session's preview cookie. */
    maintenancePreview?: boolean;
    /** The page cannot be served (a broken %-escape in its address): the root loader throws this. */
    pageError?: { status: number; code: string; message: string };
    /**
     * Writes an error of React Router or of a render to the shop's log: one structured line per cause and
     * minute (apps/api/src/web/throttled-log.ts), never to the console.
     */
    reportError?(error: unknown, request: Request): void;
  }
}
