import type { RouteSamples } from './types.ts';

/** Sample requests for the admin catalog routes (see admin-access.test.ts). */
export const catalogSamples: RouteSamples = {};
