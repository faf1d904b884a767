import type { RouteSamples } from './types.ts';

/** Sample requests for the admin orders routes (see admin-access.test.ts). */
export const ordersSamples: RouteSamples = {};
