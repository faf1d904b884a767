/**
 * The root of every orders query: invalidating it refreshes history and details alike. Its own tiny
 * module, so checkout can invalidate the cache without carrying TanStack Query in its chunk.
 */
export const ordersRootKey = ['orders'] as const;
