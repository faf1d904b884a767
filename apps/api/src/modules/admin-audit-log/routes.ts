import { auditLogList, auditLogQuery } from '@shop/contracts/admin-audit-log';
import { errorBody } from '@shop/contracts/errors';
import { type AdminRoutesPlugin, adminDoc } from '../types.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The audit log, under /api/admin behind the staff guard. */
export const adminAuditLogRoutes: AdminRoutesPlugin = async (app, { services }) => {
  app.get(
    '/audit-log',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'Every staff change, newest first, filtered by action, entity, actor and days',
        querystring: auditLogQuery,
        response: { 200: auditLogList, ...errors },
      },
    },
    async (request) => services.adminAuditLog.list(request.query),
  );
};
