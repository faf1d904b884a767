/**
 * The error pages' public face (issue 12 point 4): the boundary every route exports. Keep it tiny:
 * every route module loads it, and the pages themselves load on demand (DESIGN §9).
 */
export { RouteErrorBoundary } from './route-error-boundary.tsx';
