import type { RouteSamples } from './types.ts';

/** Sample requests for the admin insights routes (see admin-access.test.ts). */
export const insightsSamples: RouteSamples = {};
