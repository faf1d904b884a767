import type { RoutesPlugin } from '../types.ts';

export const cartRoutes: RoutesPlugin = async (_app, _opts) => {};
