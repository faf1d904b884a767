import { setupChecklist } from '@shop/contracts/admin-setup';
import { errorBody } from '@shop/contracts/errors';
import { type AdminRoutesPlugin, adminDoc } from '../types.ts';

/** The dashboard's first-start checklist (admins only: every step is done in Settings or Categories). */
export const adminSetupRoutes: AdminRoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/setup-checklist',
    {
      onRequest: guards.requireRole('admin'),
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'What a new shop still has to set up before it opens, each step ticked from the shop’s data',
        response: { 200: setupChecklist, 401: errorBody, 403: errorBody },
      },
    },
    () => services.adminSetup.checklist(),
  );
};
