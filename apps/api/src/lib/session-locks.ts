import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Session-level advisory locks that tell other processes "this process is working on X" for as long
 * as it works on it (a charge whose request still runs, told from one whose process
 * died). All the locks this process holds live on ONE pooled connection, taken from the pool when the
 * first lock is held and given back (with nothing left locked on it) when the last is let go, so the
 * pool is never held up by them and `pool.end()` never waits for them. A process that dies, or a
 * database that restarts, ends that session and with it every lock: what a lock guards must therefore
 * stay correct without it (the guarded work settles by conditional updates); the lock only keeps
 * others from settling work that is still under way.
 *
 * PostgreSQL's session locks are re-entrant, so this process's own holds are also kept in a set: a
 * second `tryHold` of a key this process holds answers undefined, as it would in another process.
 */
export interface SessionLocks {
  /** Holds `name`'s lock without waiting; undefined when any process (this one included) holds it. */
  tryHold(name: string): Promise<(() => Promise<void>) | undefined>;
}

export function createSessionLocks(pool: pg.Pool): SessionLocks {
  const held = new Set<string>();
  /** The connection the locks live on while any is held. */
  let current: pg.PoolClient | undefined;
  let onError: ((err: Error) => void) | undefined;
  /** Serialises every step, so the session is never given back while a hold starts on it. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step, step);
    queue = next.catch(() => {});
    return next;
  };

  async function session(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    current = client;
    // The database went away under it: its locks are gone; drop it at once.
    onError = (err: Error) => void serial(async () => giveBack(client, err));
    client.on('error', onError);
    return client;
  }

  function giveBack(client: pg.PoolClient, err?: Error) {
    if (current !== client) return;
    current = undefined;
    if (onError) client.off('error', onError);
    onError = undefined;
    // A broken session's locks are gone with it; the pool must not reuse it.
    if (err) held.clear();
    client.release(err);
  }

  return {
    tryHold(name) {
      return serial(async () => {
        if (held.has(name)) return undefined;
        const [hi, lo] = lockKeys(name);
        let client: pg.PoolClient;
        let locked: boolean;
        for (let attempt = 1; ; attempt++) {
          const reused = current !== undefined;
          client = current ?? (await session());
          try {
            const res = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
              hi,
              lo,
            ]);
            locked = res.rows[0]?.locked === true;
            break;
          } catch (err) {
            giveBack(client, err as Error);
            // A session that broke while it sat held (the database restarted): once more on a new one.
            if (!reused || attempt > 1) throw err;
          }
        }
        if (!locked) {
          if (held.size === 0) giveBack(client);
          return undefined;
        }
        held.add(name);
        let done = false;
        return () =>
          serial(async () => {
            if (done) return;
            done = true;
            // The session this lock was taken on may have broken (and been dropped) meanwhile.
            if (current !== client || !held.delete(name)) return;
            try {
              await client.query('select pg_advisory_unlock($1, $2)', [hi, lo]);
            } catch (err) {
              giveBack(client, err as Error);
              return;
            }
            if (held.size === 0) giveBack(client);
          });
      });
    },
  };
}

/** Two int4 keys for a lock name (the two-key space; other users name theirs differently). */
function lockKeys(name: string): [number, number] {
  const digest = createHash('sha256').update(`session-lock\n${name}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}
