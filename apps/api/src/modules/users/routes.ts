import type { RoutesPlugin } from '../types.ts';

export const usersRoutes: RoutesPlugin = async (_app, _opts) => {};
