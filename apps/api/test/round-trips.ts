import type pg from 'pg';

/**
 * Counts the statements the app sends to PostgreSQL (round trips per request): every query a
 * client of the pool runs while `during` runs — `pool.query`, drizzle's statements, a transaction's
 * BEGIN and COMMIT. node-postgres does not pipeline, so one statement is one round trip.
 */
export async function countStatements<T>(
  pool: pg.Pool,
  during: () => Promise<T>,
): Promise<{ value: T; statements: string[] }> {
  const statements: string[] = [];
  const seen = new WeakSet<pg.PoolClient>();
  const wrap = (client: pg.PoolClient) => {
    if (seen.has(client)) return;
    seen.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      if (counting)
        statements.push(
          String(text ?? first)
            .replace(/\s+/g, ' ')
            .trim(),
        );
      return query(...args);
    };
  };
  let counting = true;
  pool.on('acquire', wrap);
  try {
    const value = await during();
    return { value, statements };
  } finally {
    counting = false;
    pool.off('acquire', wrap);
  }
}
