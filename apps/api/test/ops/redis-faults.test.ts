import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/rate-limits.ts';
import {
  type DatabaseServer,
  freePort,
  type ShopProcess,
  startDatabaseServer,
  startShop,
  stopEverything,
} from './harness.ts';

/**
 * With REDIS_URL set, a Redis that refuses connections made sign-in answer 500, and one
 * that accepts and never answers made it hang 12 s. Stand-ins at the network boundary: a closed port, and a
 * TCP server that takes the connection and never writes a byte. Sign-in must answer as its limits decide
 * (200, 401, then 429 past the limit, counted in the process), never 500 and never hanging.
 *
 * The fault bound: each request is aborted (and the test fails) unless it answers within ANSWER_BOUND_MS
 * while Redis never answers — far below the 12 s hang, generous for argon2 on a busy machine (the shop
 * gives a Redis command up after REDIS_TIMEOUT_MS, 500 ms by default).
 */
const ANSWER_BOUND_MS = 4_000;

let database: DatabaseServer;
const held = new Set<net.Socket>();
let silent: net.Server;

beforeAll(async () => {
  database = await startDatabaseServer();
  silent = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await stopEverything();
});

/** POST that must answer within ANSWER_BOUND_MS (else the request is aborted and the test fails). */
async function answer(shop: ShopProcess, p: string, body: unknown) {
  const res = await shop.api(p, {
    method: 'POST',
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}

async function signInStillLimited(shop: ShopProcess) {
  const user = {
    first_name: 'Redis',
    last_name: 'Fault',
    username: 'redisfault',
    email: 'redis-fault@example.com',
    password: 'Redis-Fault-Passw0rd',
  };
  const answers = [await answer(shop, 'auth/register', user)];
  answers.push(await answer(shop, 'auth/login', { email: user.email, password: user.password }));
  // Wrong passwords for another account, until the per-address-and-e-mail limit refuses one.
  const wrong = { email: 'nobody@example.com', password: 'Not-The-Passw0rd' };
  for (let i = 0; i <= AUTH_RATE_LIMITS.login.max; i++) answers.push(await answer(shop, 'auth/login', wrong));

  expect(answers.map((a) => a.status)).toEqual([
    201,
    200,
    ...Array(AUTH_RATE_LIMITS.login.max).fill(401),
    429, // the limit still holds, counted in this process
  ]);
  expect(answers.at(-1)?.retryAfter).toMatch(/^\d+$/);
  // Logged once for the outage, not once per request.
  expect(shop.output().match(/limits count in this process until it answers/g)?.length).toBe(1);
}

describe('sign-in with REDIS_URL set while Redis fails', () => {
  it('answers as its limits decide while Redis refuses connections (a closed port)', async () => {
    const closed = await freePort();
    const shop = await startShop({
      databaseUrl: await database.createDatabase(),
      env: { REDIS_URL: `redis://127.0.0.1:${closed}` },
    });
    await signInStillLimited(shop);
  });

  it('answers as its limits decide while Redis never answers', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const shop = await startShop({
      databaseUrl: await database.createDatabase(),
      env: { REDIS_URL: `redis://127.0.0.1:${port}` },
    });
    await signInStillLimited(shop);
    expect(held.size).toBeGreaterThan(0); // the shop did reach the silent "Redis"
  });
});
