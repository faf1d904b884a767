/**
 * Runs async jobs one after another, in the order they were queued. Used for a shopper's cart and
 * wishlist calls: an answer can never overtake the one before it, so the last click wins on the server
 * as it did on the screen.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      pending++;
      const result = tail.then(async () => {
        try {
          return await job();
        } finally {
          // Counted down before the caller resumes, so a caller sees only the jobs queued after its own.
          pending--;
        }
      });
      tail = result.catch(() => undefined);
      return result;
    },
    /** Jobs queued or running (the current one included). */
    pending: () => pending,
  };
}
export type SerialQueue = ReturnType<typeof createSerialQueue>;
