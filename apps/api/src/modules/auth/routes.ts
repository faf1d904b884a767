import type { RoutesPlugin } from '../types.ts';

export const authRoutes: RoutesPlugin = async (_app, _opts) => {};
