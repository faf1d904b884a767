import { z } from 'zod';
import type { RoutesPlugin } from '../types.ts';

const status = z.object({ status: z.string() });

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: RoutesPlugin = async (app, { services }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_req, reply) => {
    if (await services.health.databaseReady()) return { status: 'ready' };
    return reply.status(503).send({ status: 'database unavailable' });
  });
};
