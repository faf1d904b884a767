interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** One step of stopping the process, with the longest it may take. */
export interface ShutdownPhase {
  name: string;
  timeoutMs: number;
  run: () => Promise<unknown> | unknown;
}

/**
 * Runs the phases of a stop one after another, each bounded by its own timeout: a phase that fails or
 * does not finish in time is logged and the next one runs anyway, so the last phases (the pool, the
 * embedded database) run on every stop, whatever an earlier one waits for. Every phase is logged with
 * its duration. Resolves true when every phase finished in time without an error; never rejects.
 */
export async function runShutdown(
  phases: ShutdownPhase[],
  log: Logger,
  now: () => number = () => performance.now(),
): Promise<boolean> {
  let clean = true;
  for (const phase of phases) {
    const began = now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), phase.timeoutMs);
    });
    let outcome: 'done' | 'timeout' | Error;
    try {
      outcome = await Promise.race([
        Promise.resolve()
          .then(phase.run)
          .then(() => 'done' as const),
        timedOut,
      ]);
    } catch (err) {
      outcome = err instanceof Error ? err : new Error(String(err));
    } finally {
      clearTimeout(timer);
    }
    const ms = Math.round(now() - began);
    if (outcome === 'done') {
      log.info({ phase: phase.name, ms }, `shutdown: ${phase.name} stopped in ${ms} ms`);
    } else if (outcome === 'timeout') {
      clean = false;
      log.warn(
        { phase: phase.name, ms },
        `shutdown: ${phase.name} did not stop within ${phase.timeoutMs} ms; going on without it`,
      );
    } else {
      clean = false;
      log.warn({ phase: phase.name, ms, err: outcome.message }, `shutdown: ${phase.name} failed after ${ms} ms`);
    }
  }
  return clean;
}
