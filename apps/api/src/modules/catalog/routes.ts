import type { RoutesPlugin } from '../types.ts';

export const catalogRoutes: RoutesPlugin = async (_app, _opts) => {};
