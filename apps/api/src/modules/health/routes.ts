import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/errors.ts';
import type { RoutesPlugin } from '../types.ts';

const database = z
  .enum(['up', 'unreachable'])
  .describe('Whether the database answered a trivial query within the probe deadline (under a second).');

const health = z.object({
  status: z
    .enum(['ok', 'degraded'])
    .describe(
      '`ok`: the process serves and its database answers; `degraded`: it serves 503s until the database is back.',
    ),
  database,
});
const jobs = z
  .enum(['running', 'stopped', 'off'])
  .describe(
    "This process's job runner (mail, schedules): `running`; `stopped` when it should run but does not (then not ready); `off` where it does not run jobs (JOBS=off, or `npm run worker` runs them).",
  );
const ready = z.object({ status: z.enum(['ready', 'unavailable']), database, jobs });

/**
 * And 4. Two probes with two readers:
 * - `/api/health` is liveness, for a supervisor (systemd, a container runtime): 200 while the process
 *   answers, with the database's state in the body. A database outage is not cured by restarting the
 *   shop — the shop restarts its embedded database itself and exits non-zero when it cannot — so it must
 *   not make a supervisor kill a process that is waiting for it.
 * - `/api/ready` is readiness, for a load balancer: 503 (with Retry-After) while the database does not
 *   answer, so traffic goes to processes that can serve it.
 * Both answer within a second whatever the database does: the probe has its own connection and deadline.
 */
export const healthRoutes: RoutesPlugin = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (200), and whether its database does',
        description:
          'Always 200 while the process runs: point a supervisor here. `status` is `degraded` and `database` `unreachable` while the database does not answer; API calls then answer 503 with Retry-After. Answers within a second whatever the database does.',
        response: { 200: health },
      },
    },
    async () => {
      const state = await services.health.database();
      return { status: state === 'up' ? ('ok' as const) : ('degraded' as const), database: state };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: whether this process can serve requests now',
        description:
          '200 when the database answers and the job runner (where this process runs one) works; 503 with Retry-After when not (down, restarting, stalled): point a load balancer here. Answers within a second whatever the database does.',
        response: { 200: ready, 503: ready },
      },
    },
    async (_req, reply) => {
      const state = await services.health.database();
      const runner = services.health.jobs();
      if (state === 'up' && runner !== 'stopped') return { status: 'ready' as const, database: state, jobs: runner };
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, database: state, jobs: runner });
    },
  );
};
