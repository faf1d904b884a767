/**
 * The error pages' public face: the boundary every route exports. Keep it tiny:
 * every route module loads it, and the pages themselves load on demand (docs/architecture.md §9).
 */
export { RouteErrorBoundary } from './components/route-error-boundary.tsx';
