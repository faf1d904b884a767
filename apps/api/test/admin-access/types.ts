import type { TestApp } from '../helpers.ts';

/** One request to an admin route that a permitted caller expects to succeed. */
export interface SampleRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/**
 * How the authorization matrix calls one admin route. `request` is built anew for every
 * caller (staff, then admin), so a route that creates something gets fresh input each time.
 */
export interface RouteSample {
  /** Only the `admin` role may call it (settings, staff accounts); staff get 403. */
  adminOnly?: boolean;
  request: (t: TestApp) => Promise<SampleRequest> | SampleRequest;
}

/** Keyed `METHOD /api/admin/path/:param` exactly as the route table has it. */
export type RouteSamples = Record<string, RouteSample>;
