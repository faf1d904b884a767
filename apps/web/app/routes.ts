import { index, type RouteConfig, route } from '@react-router/dev/routes';

// The route table mirrors spec §2, one line per route; the storefront pages arrive with the next issue.
export default [
  index('routes/shop/home.tsx'),
  // spec §2: any other path shows the 404 page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
