import type { RoutesPlugin } from '../types.ts';

export const engagementRoutes: RoutesPlugin = async (_app, _opts) => {};
