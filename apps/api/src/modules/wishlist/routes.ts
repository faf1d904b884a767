import type { RoutesPlugin } from '../types.ts';

export const wishlistRoutes: RoutesPlugin = async (_app, _opts) => {};
