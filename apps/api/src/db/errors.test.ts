import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { databaseUnavailable, oncePerEpisode, storageFull, uniqueViolation } from './errors.ts';

/** A server error as pg raises it: a DatabaseError with its SQLSTATE. */
function serverError(code: string, message: string): Error {
  const err = new pg.DatabaseError(message, message.length, 'error');
  err.code = code;
  return err;
}

/** The same error as drizzle hands it on: wrapped, the driver's error as `cause`. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

/** A TCP server that accepts connections and never answers: a stalled database as the driver sees it. */
const silent = net.createServer(() => {});
const sockets = new Set<net.Socket>();
silent.on('connection', (s) => sockets.add(s));
afterAll(() => {
  for (const s of sockets) s.destroy();
  silent.close();
});
async function silentPort(): Promise<number> {
  if (!silent.listening) await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  return (silent.address() as net.AddressInfo).port;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('databaseUnavailable: the errors that answer 503', () => {
  it('a refused connection, as the driver raises it', async () => {
    const port = await closedPort();
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const err = await failure(client.connect());
    expect((err as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    expect(databaseUnavailable(err)).toBe(true);
    expect(databaseUnavailable(wrapped(err as Error))).toBe(true);
  });

  it('a connection that times out (the server accepts and never answers)', async () => {
    const port = await silentPort();
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 50 });
    const err = await failure(client.connect());
    expect(databaseUnavailable(err)).toBe(true);
  });

  it('no free connection in the pool within the acquire timeout', async () => {
    const port = await silentPort();
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port,
      user: 'x',
      database: 'x',
      max: 1,
      connectionTimeoutMillis: 80,
    });
    pool.on('error', () => {});
    const [first, second] = await Promise.all([failure(pool.connect()), failure(pool.connect())]);
    expect(databaseUnavailable(first)).toBe(true);
    expect(databaseUnavailable(second)).toBe(true);
    expect([first, second].map((e) => (e as Error).message)).toContain('timeout exceeded when trying to connect');
    await pool.end();
  });

  it.each([
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['53300', 'sorry, too many clients already'],
    ['53200', 'out of memory'],
    ['53000', 'insufficient resources'],
    ['57014', 'canceling statement due to statement timeout'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect to server'],
  ])('SQLSTATE %s (%s), bare and wrapped', (code, message) => {
    expect(databaseUnavailable(serverError(code, message))).toBe(true);
    expect(databaseUnavailable(wrapped(serverError(code, message)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
    'Cannot use a pool after calling end on the pool',
    'Database unreachable: the request was not sent to it',
  ])('the driver\'s "%s"', (message) => {
    expect(databaseUnavailable(new Error(message))).toBe(true);
    expect(databaseUnavailable(wrapped(new Error(message)))).toBe(true);
  });
});

describe('databaseUnavailable: everything else stays what it is', () => {
  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['23514', 'new row violates check constraint'],
    ['22P02', 'invalid input syntax for type uuid'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['42P01', 'relation "nope" does not exist'],
  ])('SQLSTATE %s (%s)', (code, message) => {
    expect(databaseUnavailable(wrapped(serverError(code, message)))).toBe(false);
  });

  it('errors of our own and plain values', () => {
    expect(databaseUnavailable(new Error('boom'))).toBe(false);
    expect(databaseUnavailable(new AppError(409, 'CONFLICT', 'Connection terminated by the shopper'))).toBe(false);
    expect(databaseUnavailable(undefined)).toBe(false);
    expect(databaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(databaseUnavailable({ code: 8006 })).toBe(false);
  });

  it('a cause chain that loops ends', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(databaseUnavailable(a)).toBe(false);
  });

  it('the unique-violation helper beside it is unchanged', () => {
    const err = serverError('23505', 'duplicate');
    (err as pg.DatabaseError).constraint = 'users_email_key';
    expect(uniqueViolation(wrapped(err))).toBe('users_email_key');
  });
});

describe('storageFull: a full disk is a refusal of its own, not an internal error', () => {
  it("PostgreSQL's disk_full (53100), bare and wrapped, and the system's ENOSPC and EDQUOT", () => {
    const diskFull = serverError('53100', 'could not extend file "base/16384/16400": No space left on device');
    expect(storageFull(diskFull)).toBe(true);
    expect(storageFull(wrapped(diskFull))).toBe(true);
    for (const code of ['ENOSPC', 'EDQUOT']) {
      expect(storageFull(Object.assign(new Error('no space left on device, write'), { code }))).toBe(true);
    }
    // Not a database that is down: the gate stays open for reads.
    expect(databaseUnavailable(wrapped(diskFull))).toBe(false);
  });

  it('other errors are not', () => {
    for (const code of ['53300', '53200', '23505', 'ENOENT', 'EACCES']) {
      expect(storageFull(wrapped(serverError(code, 'x')))).toBe(false);
    }
    expect(storageFull(new Error('No space left on device'))).toBe(false);
    expect(storageFull(undefined)).toBe(false);
  });
});

describe('oncePerEpisode', () => {
  it('logs the first occurrence, counts the rest, and logs again after a quiet spell with the count', () => {
    let t = 0;
    const logged: number[] = [];
    const seen = oncePerEpisode(
      (suppressed) => logged.push(suppressed),
      1_000,
      () => t,
    );
    for (let i = 0; i < 5; i++) {
      seen();
      t += 100;
    }
    expect(logged).toEqual([0]);
    t += 1_000;
    seen();
    expect(logged).toEqual([0, 4]);
  });
});
