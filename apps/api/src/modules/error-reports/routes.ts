// The type of `config.rateLimit`, also where this file is reached without app.ts (the web app's load context).
import type {} from '@fastify/rate-limit';
import { messageBody } from '@shop/contracts/common';
import { ERROR_REPORT_LIMITS, errorReportBody } from '@shop/contracts/error-reports';
import { errorBody } from '@shop/contracts/errors';
import type { RoutesPlugin } from '../types.ts';

/** Anyone may report, so reports are limited per IP: a page cannot be used to flood Support. */
const REPORT_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * /api/error-reports: the error page's Report button (docs/product.md §10). Staff read the reports in Support,
 * under /api/admin/support/error-reports, where the admin guard and the authorization matrix cover them.
 */
export const errorReportRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.post(
    '/',
    {
      config: REPORT_RATE_LIMIT,
      // A report is a few hundred bytes; anything near this is not a report.
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
      onRequest: guards.optionalUser,
      schema: {
        tags: ['error-reports'],
        summary: 'Report an error a shopper saw (error ID, message, status, path, details)',
        security: [{}, { bearer: [] }],
        body: errorReportBody,
        response: { 201: messageBody, 400: errorBody, 401: errorBody, 413: errorBody, 429: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await services.errorReports.report(request.body, {
          userId: request.user?.userId,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );
};
