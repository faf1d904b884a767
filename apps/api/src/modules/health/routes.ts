import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

const status = z.object({ status: z.string() });

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
};
