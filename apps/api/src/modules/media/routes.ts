import type { RoutesPlugin } from '../types.ts';

/** Locally made catalogue images (no external URLs). */
export const mediaRoutes: RoutesPlugin = async (_app, _opts) => {};
