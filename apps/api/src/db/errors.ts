/**
 * The constraint a unique violation (SQLSTATE 23505) broke, looked for through the error's causes (drizzle
 * wraps the driver's error); '' when the driver names none, undefined when the error is something else.
 */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}
