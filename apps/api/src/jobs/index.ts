/**
 * Durable jobs on PostgreSQL (ADR 021): `enqueue` inside the caller's transaction, the runner
 * (in the server process, or alone with `npm run worker`), the task list and the schedules.
 */
export { type EnqueueOptions, enqueue, type TaskName } from './queue.ts';
export { purgeExpired, type RetentionDays } from './retention.ts';
export { createJobs, type Jobs, migrateQueue, queueReady, queueStats } from './runner.ts';
export { crontab, type TaskDeps, taskList } from './tasks.ts';
