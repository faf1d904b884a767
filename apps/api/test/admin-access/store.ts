import type { RouteSamples } from './types.ts';

/** Sample requests for the admin store routes (see admin-access.test.ts). */
export const storeSamples: RouteSamples = {};
