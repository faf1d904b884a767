import type { Deps } from '../../services.ts';

/** What `/api/health` and `/api/ready` say about the database. */
export type DatabaseState = 'up' | 'unreachable';
/** What `/api/ready` says about this process's job runner: `off` where it does not run jobs. */
export type JobsState = 'running' | 'stopped' | 'off';

/** Liveness and readiness, from a probe of the database on a connection of its own with a short deadline. */
export function createHealthService({
  probeDatabase,
  databaseUnreachable,
}: Pick<Deps, 'probeDatabase' | 'databaseUnreachable'>) {
  let jobsState: () => JobsState = () => 'off';
  return {
    /** The process that starts the job runner (server.ts with JOBS=on, the worker) lets readiness watch it. */
    watchJobs(state: () => JobsState) {
      jobsState = state;
    },
    /** The job runner's state in this process. */
    jobs: (): JobsState => jobsState(),
    /** Whether the database is known to be unreachable now, without asking it (pages answer 503 at once). */
    knownUnreachable: databaseUnreachable,
    /**
     * Whether the database answers a trivial query within the probe's deadline (under a second), whatever
     * it does — down, stalled, or every pooled connection busy. Never throws.
     */
    async database(): Promise<DatabaseState> {
      return (await probeDatabase()) ? 'up' : 'unreachable';
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
