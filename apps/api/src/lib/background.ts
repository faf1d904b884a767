interface Logger {
  error(obj: unknown, msg?: string): void;
}

/** Work that runs after the request that caused it has been answered. */
export interface Background {
  /** Starts `task` without waiting for it; a failure is logged under `name`, never thrown. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far (and any task those start) has finished. */
  drain(): Promise<void>;
}

/**
 * A small in-process runner for work that must not shape a request's answer or timing, such as the
 * lookup and mail behind forgot-password: the route answers at once, alike for
 * every input. Tasks are tracked so that `app.close()` and tests can wait for them. Work still running
 * when the process dies is lost; a durable job queue replaces this runner in a later issue.
 */
export function createBackground(log: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: name }, 'background task failed'),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
