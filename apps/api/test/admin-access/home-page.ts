import { demoHomeSections } from '../../src/db/seed/home-page.ts';
import type { RouteSamples } from './types.ts';

/** Admin Home page: staff and admins read, preview and save the sections (the demo's, unchanged). */
export const homePageSamples: RouteSamples = {
  'GET /api/admin/home-page': { request: () => ({ url: '/api/admin/home-page' }) },
  'PUT /api/admin/home-page': {
    request: () => ({ url: '/api/admin/home-page', payload: { sections: demoHomeSections() } }),
  },
  'DELETE /api/admin/home-page': { request: () => ({ url: '/api/admin/home-page' }) },
  'POST /api/admin/home-page/preview': {
    request: () => ({ url: '/api/admin/home-page/preview', payload: { sections: demoHomeSections() } }),
  },
};
